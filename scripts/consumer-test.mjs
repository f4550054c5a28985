#!/usr/bin/env node
// Proves @parley/chat-ui works for an outside product, as npm would deliver it: packs the package,
// installs the tarball in a scratch project outside the workspace, type-checks a consumer file
// against the published .d.ts, and renders widgets with react-dom/server in plain Node (which also
// proves nothing touches a browser global at import time). Then a Next.js App Router app whose page
// is a server component imports widgets from the tarball: `next build`, `next start`, and Debian's
// Chromium checks the server-rendered HTML, that the page hydrates without an error and that a
// widget responds.
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../config/chromium.mjs';
import { requireService } from '../config/services.mjs';

/** The Next.js the App Router check builds with: the current stable release, pinned. */
const NEXT_VERSION = '16.4.6';

const packageDir = process.cwd();
const repoRoot = resolve(packageDir, '../..');
// React is a peer: the kit must work with the oldest supported major as well as the newest.
const workspaceReact = execFileSync('node', ['-p', 'require("react/package.json").version'], {
  cwd: repoRoot,
  encoding: 'utf8',
}).trim();
const reactVersions = [workspaceReact, '18.3.1'];
// The Next.js check ends in Chromium: say at once when it is missing, not after minutes of builds.
requireService('chromium', 'the consumer test (its hydration check)');

/** Runs a command in `cwd`, returning its output (errors go to the terminal). */
function run(command, args, cwd, env = process.env) {
  return execFileSync(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });
}

/** Packs chat-ui into `scratch` and returns the tarball's file name. */
function pack(scratch) {
  run('npm', ['pack', '--pack-destination', scratch, '--loglevel=error'], packageDir);
  return readdirSync(scratch).find((file) => file.endsWith('.tgz'));
}

function consumeWith(reactVersion) {
  const major = reactVersion.split('.')[0];
  const scratch = mkdtempSync(join(tmpdir(), 'parley-consumer-'));
  const sh = (command, args, cwd = scratch) =>
    execFileSync(command, args, { cwd, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });

  try {
    const tarball = pack(scratch);
    writeFileSync(
      join(scratch, 'package.json'),
      JSON.stringify({ name: 'consumer', private: true, type: 'module' }, null, 2),
    );
    console.log(`[consumer] installing ${tarball} with react@${reactVersion} in ${scratch}`);
    sh('npm', [
      'install',
      '--no-audit',
      '--no-fund',
      '--loglevel=error',
      `./${tarball}`,
      `react@${reactVersion}`,
      `react-dom@${reactVersion}`,
      `@types/react@${major}`,
      `@types/react-dom@${major}`,
    ]);

    writeFileSync(
      join(scratch, 'consumer.tsx'),
      `import { Bubble as RootBubble, LocaleProvider } from '@parley/chat-ui';
import { Bubble, type BubbleProps } from '@parley/chat-ui/Bubble';
import frFR from '@parley/chat-ui/locales/fr-FR.json' with { type: 'json' };
import { renderToString } from 'react-dom/server';

const props: BubbleProps = { content: 'Voir https://example.com', position: 'right' };
export const html = renderToString(
  <LocaleProvider locale="fr-FR" messages={frFR}>
    <Bubble {...props} />
    <RootBubble content="root entry" />
  </LocaleProvider>,
);
`,
    );
    writeFileSync(
      join(scratch, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          jsx: 'react-jsx',
          strict: true,
          resolveJsonModule: true,
          outDir: 'out',
          skipLibCheck: false,
          types: [],
        },
        include: ['consumer.tsx'],
      }),
    );
    console.log('[consumer] type-checking and compiling consumer.tsx against the published types');
    sh('node', [join(repoRoot, 'node_modules/typescript/bin/tsc'), '-p', '.']);
    writeFileSync(
      join(scratch, 'check.mjs'),
      `import { html } from './out/consumer.js';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
const expectations = [
  ['a link that opens in a new tab', /<a [^>]*target="_blank"/],
  ['rel="noopener noreferrer"', /rel="noopener noreferrer"/],
  ['the French new-tab label', /nouvel onglet/],
  ['the right position', /data-position="right"/],
  ['the root entry', /root entry/],
];
for (const [what, pattern] of expectations) {
  if (!pattern.test(html)) throw new Error('rendered HTML lacks ' + what + ':\\n' + html);
}
for (const sheet of ['@parley/chat-ui/styles.css', '@parley/chat-ui/tokens.css', '@parley/chat-ui/Bubble/styles.css']) {
  if (!existsSync(fileURLToPath(import.meta.resolve(sheet)))) throw new Error('missing ' + sheet);
}
console.log('[consumer] rendered ' + html.length + ' bytes of HTML; stylesheets resolve.');
`,
    );
    process.stdout.write(sh('node', ['check.mjs']));
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** A port nothing listened on a moment ago (for next start, which binds it itself). */
function freePort() {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolvePort(port));
    });
  });
}

/** Waits until the server answers `url` and returns the page's HTML. */
async function waitForPage(url, server, log) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`next start exited (${server.exitCode}):\n${log()}`);
    try {
      const response = await fetch(url);
      if (response.ok) return await response.text();
    } catch {
      // not listening yet
    }
    await new Promise((wake) => setTimeout(wake, 200));
  }
  throw new Error(`next start did not answer ${url} within 30 s:\n${log()}`);
}

/** Retries `check` until it returns true or `ms` pass. */
async function until(what, check, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((wake) => setTimeout(wake, 100));
  }
  throw new Error(`timed out: ${what}`);
}

/** The App Router page: a server component rendering widgets from the tarball's entries. */
const nextPage = `// A server component (no 'use client'): the widgets it imports are the kit's client entries.
import { Bubble as RootBubble } from '@parley/chat-ui';
import { Bubble } from '@parley/chat-ui/Bubble';
import { Composer } from '@parley/chat-ui/Composer';
import { LocaleProvider } from '@parley/chat-ui/LocaleProvider';
import frFR from '@parley/chat-ui/locales/fr-FR.json';
import { MessageList } from '@parley/chat-ui/MessageList';
import { SystemMessage } from '@parley/chat-ui/SystemMessage';

const messages = [
  { _id: 'm1', content: 'Bonjour, comment puis-je aider ?', user: { name: 'Alice' }, createdAt: 1767261600000 },
  { _id: 'm2', content: 'Où est ma commande ?', position: 'right' as const, createdAt: 1767261660000 },
];

export default function Page() {
  return (
    <LocaleProvider locale="fr-FR" messages={frFR}>
      <main>
        <SystemMessage content="Alice a rejoint la conversation" />
        <Bubble content="Rendu par le serveur https://example.com" />
        <RootBubble content="Depuis l’entrée principale" position="right" />
        <div style={{ height: 240 }}>
          <MessageList messages={messages} />
        </div>
        <Composer maxLength={200} />
      </main>
    </LocaleProvider>
  );
}
`;

const nextLayout = `import '@parley/chat-ui/styles.css';
import type { ReactNode } from 'react';

export const metadata = { title: 'Parley in Next.js', icons: { icon: 'data:,' } };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="fr">
      <body>{children}</body>
    </html>
  );
}
`;

/**
 * A Next.js App Router app whose page is a server component importing widgets from the packed
 * tarball: builds, starts and loads it in Chromium.
 */
async function consumeWithNext(reactVersion) {
  const major = reactVersion.split('.')[0];
  const typescriptVersion = run(
    'node',
    ['-p', 'require("typescript/package.json").version'],
    repoRoot,
  ).trim();
  const scratch = mkdtempSync(join(tmpdir(), 'parley-next-'));
  const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };
  const next = join(scratch, 'node_modules/next/dist/bin/next');
  let server;
  let browser;
  try {
    const tarball = pack(scratch);
    writeFileSync(
      join(scratch, 'package.json'),
      JSON.stringify({ name: 'consumer-next', private: true }, null, 2),
    );
    console.log(
      `[consumer] installing ${tarball} with next@${NEXT_VERSION} and react@${reactVersion} in ${scratch}`,
    );
    run(
      'npm',
      [
        'install',
        '--no-audit',
        '--no-fund',
        '--loglevel=error',
        `./${tarball}`,
        `next@${NEXT_VERSION}`,
        `react@${reactVersion}`,
        `react-dom@${reactVersion}`,
        `typescript@${typescriptVersion}`,
        `@types/react@${major}`,
        `@types/react-dom@${major}`,
        '@types/node@22',
      ],
      scratch,
    );
    mkdirSync(join(scratch, 'app'));
    writeFileSync(join(scratch, 'app/layout.tsx'), nextLayout);
    writeFileSync(join(scratch, 'app/page.tsx'), nextPage);
    writeFileSync(
      join(scratch, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          lib: ['dom', 'dom.iterable', 'esnext'],
          module: 'esnext',
          moduleResolution: 'bundler',
          jsx: 'react-jsx',
          strict: true,
          resolveJsonModule: true,
          isolatedModules: true,
          esModuleInterop: true,
          allowJs: true,
          incremental: true,
          noEmit: true,
          skipLibCheck: true,
          plugins: [{ name: 'next' }],
        },
        include: ['next-env.d.ts', 'app/**/*.tsx', '.next/types/**/*.ts', '.next/dev/types/**/*.ts'],
        exclude: ['node_modules'],
      }),
    );
    console.log(
      '[consumer] next build: app/page.tsx is a server component importing Bubble, Composer, MessageList, LocaleProvider, SystemMessage and the root entry',
    );
    run('node', [next, 'build'], scratch, env);

    // next start binds the port it is given: a port that was free a moment ago, and another one
    // when something took it in between (next exits with EADDRINUSE).
    let port = 0;
    let url = '';
    let html = '';
    for (let attempt = 1; ; attempt++) {
      port = await freePort();
      let serverLog = '';
      server = spawn('node', [next, 'start', '-p', String(port), '-H', '127.0.0.1'], {
        cwd: scratch,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      server.stdout.on('data', (chunk) => {
        serverLog += chunk;
      });
      server.stderr.on('data', (chunk) => {
        serverLog += chunk;
      });
      url = `http://127.0.0.1:${port}/`;
      try {
        html = await waitForPage(url, server, () => serverLog);
        break;
      } catch (error) {
        if (attempt === 3 || !serverLog.includes('EADDRINUSE')) throw error;
      }
    }
    const serverRendered = [
      ['the system message (a server-safe entry)', 'Alice a rejoint la conversation'],
      ['the Bubble', 'Rendu par le serveur'],
      ['the French new-tab label', 'nouvel onglet'],
      ['the Bubble of the root entry', 'Depuis l’entrée principale'],
      ["the MessageList's messages", 'Bonjour, comment puis-je aider ?'],
      ["the visitor's message", 'Où est ma commande ?'],
      ["the Composer's French label", 'aria-label="Votre message"'],
      ["the Composer's French placeholder", 'placeholder="Écrivez un message"'],
      ["the Composer's send button", 'aria-label="Envoyer"'],
    ];
    for (const [what, text] of serverRendered) {
      if (!html.includes(text)) throw new Error(`the server-rendered HTML lacks ${what} (${text}):\n${html}`);
    }
    const sheet = html.match(/<link rel="stylesheet" href="([^"]+)"/)?.[1];
    const css = sheet ? await (await fetch(new URL(sheet, url))).text() : '';
    if (!css.includes('.parley-composer')) throw new Error("the page's stylesheet lacks the kit CSS");
    console.log(
      `[consumer] next start on port ${port}: the server-rendered HTML has the widgets' text (${serverRendered.length} checks) and the kit CSS`,
    );

    browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
    const page = await browser.newPage();
    page.setDefaultTimeout(10_000);
    const problems = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || /hydrat/i.test(message.text())) {
        problems.push(`console ${message.type()}: ${message.text()}`);
      }
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    await page.goto(url, { waitUntil: 'load' });
    const textbox = page.getByRole('textbox', { name: 'Votre message' });
    const send = page.getByRole('button', { name: 'Envoyer' });
    if (!(await send.isDisabled())) throw new Error('Send is enabled before any text');
    // Typing before hydration reaches no React state: type until Send follows the text.
    await until('typing in the Composer enables Send', async () => {
      await textbox.fill('Bonjour');
      return send.isEnabled();
    });
    await send.click();
    await until('Send empties the textbox and keeps the focus in it', async () => {
      return (
        (await textbox.inputValue()) === '' &&
        (await textbox.evaluate((node) => node === document.activeElement))
      );
    });
    if (problems.length > 0) throw new Error(`the page reported:\n${problems.join('\n')}`);
    console.log(
      '[consumer] Chromium: hydrated without a console error; typing enabled Send, Send emptied the textbox and kept the focus',
    );
  } finally {
    await browser?.close();
    if (server && server.exitCode === null) {
      const exited = new Promise((done) => server.once('exit', done));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(scratch, { recursive: true, force: true });
  }
}

let passed = 0;
for (const reactVersion of reactVersions) {
  consumeWith(reactVersion);
  passed += 1;
}
await consumeWithNext(workspaceReact);
passed += 1;
console.log(`[consumer] ${passed} passed, 0 failed`);
