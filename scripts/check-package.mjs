#!/usr/bin/env node
// Lints the package in the current folder as npm would publish it: publint (package.json and
// files), attw (types resolve for every entry point) and, for a React package, that every client
// entry of dist starts with 'use client' (see use-client.mjs). Widget entries are listed from src/,
// since attw cannot expand the `./*` pattern of the exports map by itself.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkUseClient, classifyEntries } from './use-client.mjs';

function run(command, args) {
  console.log(`$ ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// Each folder of src with an index is a widget entry, when the package exports it (a folder of a
// package that exports only its root, like the contract's agent/, is a module, not an entry).
const exported = new Set(Object.keys(JSON.parse(readFileSync('package.json', 'utf8')).exports ?? {}));
const widgetEntries = existsSync('src')
  ? readdirSync('src', { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && existsSync(join('src', entry.name, 'index.ts')))
      .map((entry) => `./${entry.name}`)
      .filter((entry) => exported.has(entry))
  : [];

run('npx', ['publint', '--strict']);
run('npx', [
  'attw',
  '--pack',
  '.',
  '--profile',
  'esm-only',
  '--exclude-entrypoints',
  './styles.css',
  './tokens.css',
  ...(widgetEntries.length ? ['--include-entrypoints', ...widgetEntries] : []),
]);

const manifest = JSON.parse(readFileSync('package.json', 'utf8'));
if (manifest.peerDependencies?.react) {
  console.log("$ use client: every client entry of dist starts with 'use client'");
  const problems = checkUseClient('.');
  for (const problem of problems) console.error(`  ${problem}`);
  if (problems.length > 0) process.exit(1);
  const entries = classifyEntries('.');
  const client = entries.filter((entry) => entry.client).length;
  console.log(
    `  ${client} client entries start with it; ${entries.length - client} server-safe entries need none`,
  );
}
