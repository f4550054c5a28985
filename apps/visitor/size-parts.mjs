// What each part of the first screen's script costs: the initial JS that `.size-limit.js` budgets,
// split by source (a package, or a file of this app) through the build's source maps, each part
// gzipped alone. Parts gzipped alone add up to more than the whole (they share no dictionary), so
// read them against each other. `npm run build && npm run size:parts`; `--files` splits packages
// into their files.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { initialScripts } from '../../config/initial-scripts.mjs';

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** The segments of one line of a source map's `mappings`: [generated column, source index]. */
function* segments(line, state) {
  for (const segment of line.split(',')) {
    if (!segment) continue;
    const values = [];
    let value = 0;
    let shift = 0;
    for (const char of segment) {
      const digit = BASE64.indexOf(char);
      value += (digit & 31) << shift;
      if (digit & 32) shift += 5;
      else {
        values.push(value & 1 ? -(value >>> 1) : value >>> 1);
        value = 0;
        shift = 0;
      }
    }
    state.column += values[0];
    if (values.length > 1) state.source += values[1];
    yield [state.column, values.length > 1 ? state.source : -1];
  }
}

const byFile = process.argv.includes('--files');
const partOf = (source) => {
  const dependency = source.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (dependency) return dependency[1];
  const own = source.match(/(packages\/[^/]+)\/(?:src\/)?(.*)/);
  if (own) return byFile ? `${own[1]}/${own[2]}` : own[1];
  return source.replace(/^(\.\.\/)+/, 'apps/visitor/');
};

const parts = new Map();
let whole = 0;
for (const file of initialScripts('npm run build -w @parley/visitor')) {
  const code = readFileSync(file, 'utf8');
  whole += gzipSync(code, { level: 9 }).length;
  const map = JSON.parse(readFileSync(`${file}.map`, 'utf8'));
  const state = { source: 0 };
  const lines = code.split('\n');
  map.mappings.split(';').forEach((mapping, index) => {
    state.column = 0;
    const line = lines[index] ?? '';
    const found = [...segments(mapping, state)];
    found.forEach(([column, source], at) => {
      const end = found[at + 1]?.[0] ?? line.length;
      const part = source < 0 ? '(bundler runtime)' : partOf(map.sources[source]);
      parts.set(part, (parts.get(part) ?? '') + line.slice(column, end));
    });
  });
}
const rows = [...parts].map(([part, text]) => [part, gzipSync(text, { level: 9 }).length]);
rows.sort((a, b) => b[1] - a[1]);
for (const [part, bytes] of rows) console.info(`${(bytes / 1000).toFixed(2).padStart(7)} kB  ${part}`);
console.info(`${(whole / 1000).toFixed(2).padStart(7)} kB  the whole, each file gzipped once`);
