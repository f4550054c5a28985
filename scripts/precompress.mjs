#!/usr/bin/env node
// Writes Brotli (.br) and gzip (.gz) copies beside a build's text assets, so a server sends them
// compressed without spending CPU per request (the reference server's static files use them).
//
//   node scripts/precompress.mjs apps/visitor/dist
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.json', '.svg', '.txt', '.webmanifest']);
const MIN_BYTES = 1024;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

const root = process.argv[2];
if (!root) {
  console.error('usage: precompress.mjs <build directory>');
  process.exit(1);
}
let count = 0;
let before = 0;
let after = 0;
for (const path of files(root)) {
  if (!COMPRESSIBLE.has(extname(path)) || statSync(path).size < MIN_BYTES) continue;
  const source = readFileSync(path);
  const brotli = brotliCompressSync(source, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length },
  });
  writeFileSync(`${path}.br`, brotli);
  writeFileSync(`${path}.gz`, gzipSync(source, { level: 9 }));
  count += 1;
  before += source.length;
  after += brotli.length;
}
console.info(
  `[precompress] ${count} files in ${root}: ${(before / 1024).toFixed(0)} KB, ${(after / 1024).toFixed(0)} KB with Brotli`,
);
