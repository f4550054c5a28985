#!/usr/bin/env node
// Proves @parley/chat-ui works for an outside product, as npm would deliver it: packs the package,
// installs the tarball in a scratch project outside the workspace, type-checks a consumer file
// against the published .d.ts, and renders widgets with react-dom/server in plain Node (which also
// proves nothing touches a browser global at import time).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const packageDir = process.cwd();
const repoRoot = resolve(packageDir, '../..');
// React is a peer: the kit must work with the oldest supported major as well as the newest.
const workspaceReact = execFileSync('node', ['-p', 'require("react/package.json").version'], {
  cwd: repoRoot,
  encoding: 'utf8',
}).trim();
const reactVersions = [workspaceReact, '18.3.1'];
let passed = 0;
for (const reactVersion of reactVersions) {
  consumeWith(reactVersion);
  passed += 1;
}
console.log(`[consumer] ${passed} passed, 0 failed`);

function consumeWith(reactVersion) {
  const major = reactVersion.split('.')[0];
  const scratch = mkdtempSync(join(tmpdir(), 'parley-consumer-'));
  const sh = (command, args, cwd = scratch) =>
    execFileSync(command, args, { cwd, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });

  try {
    sh('npm', ['pack', '--pack-destination', scratch, '--loglevel=error'], packageDir);
    const tarball = readdirSync(scratch).find((file) => file.endsWith('.tgz'));
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
