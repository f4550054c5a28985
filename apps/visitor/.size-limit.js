// Size budgets of the built page, checked by `npm run size` after `npm run build`.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const assets = 'dist/assets';

/**
 * The JS a visitor downloads before the first screen: the entry script and the chunks index.html
 * preloads, plus everything they import statically. Chunks loaded by `import()` are not counted.
 */
function initialScripts() {
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
    // 115 kB until the list's behaviour became reusable hooks (+0.5 kB) and the ended chat, the
    // retry only where it can help and the suggestions' clearing came (+0.3 kB), then the robot's
    // growing answer in the engine (+0.7 kB), then the first screen that says who answers and how
    // soon, with the kit's avatars, message times, Seen and overflowing suggestions (+3.3 kB):
    // apps/visitor/README.md.
    limit: '120.8 KB',
    disablePlugins: ['@size-limit/esbuild'],
  },
];
