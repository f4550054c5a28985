// Size budgets of the built page, checked by `npm run size` after `npm run build`.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const assets = 'dist/assets';

/**
 * The JS a visitor downloads before the first screen: the entry script and the chunks index.html
 * preloads, plus everything they import statically. Chunks loaded by `import()` are not counted.
 */
export function initialScripts() {
  if (!existsSync('dist/index.html'))
    throw new Error('Build the app first: npm run build -w @parley/visitor');
  const html = readFileSync('dist/index.html', 'utf8');
  const queue = [...html.matchAll(/(?:src|href)="[^"]*\/assets\/([^"/]+\.js)"/g)].map((match) => match[1]);
  const seen = new Set();
  while (queue.length > 0) {
    const file = queue.shift();
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(join(assets, file), 'utf8');
    // Static imports only (`import ... from "./x.js"` and bare `import "./x.js"`), not `import("./x.js")`.
    for (const match of code.matchAll(/(?:from|import)\s*["']\.\/([^"']+\.js)["']/g)) queue.push(match[1]);
  }
  return [...seen].map((file) => join(assets, file));
}

export default [
  {
    name: 'embed.js loader',
    path: 'dist/embed.js',
    gzip: true,
    limit: '3 KB',
  },
  {
    // Fetched only when the chat refuses to run in the host page.
    name: "embed-refusal.js, the loader's refused-frame notice",
    path: 'dist/embed-refusal.js',
    gzip: true,
    limit: '1 KB',
  },
  {
    name: 'Initial JS of /chat/index, React included',
    path: initialScripts(),
    gzip: true,
    // Back to 115 kB (it had grown to 120.8 kB with the first screen's welcome, avatars, times and
    // Seen) once the engine talked to the server on the platform's fetch instead of ky (-8.3 kB):
    // apps/visitor/README.md, "Size and load time".
    limit: '115 KB',
    disablePlugins: ['@size-limit/esbuild'],
  },
];
