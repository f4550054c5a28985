// The JS a page downloads before its first screen, for the apps' size budgets (`.size-limit.js`).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The entry script and the chunks `dist/index.html` preloads, plus everything they import
 * statically: the bytes before the first screen. Chunks loaded by `import()` are not counted.
 *
 * @param {string} build what `npm run build` says when dist is missing
 * @returns {string[]} the files, under `dist/assets`
 */
export function initialScripts(build) {
  if (!existsSync('dist/index.html')) throw new Error(`Build the app first: ${build}`);
  const assets = 'dist/assets';
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
