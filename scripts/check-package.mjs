#!/usr/bin/env node
// Lints the package in the current folder as npm would publish it: publint (package.json and
// files) and attw (types resolve for every entry point). Widget entries are listed from src/, since
// attw cannot expand the `./*` pattern of the exports map by itself.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

function run(command, args) {
  console.log(`$ ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const widgetEntries = existsSync('src')
  ? readdirSync('src', { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && existsSync(join('src', entry.name, 'index.ts')))
      .map((entry) => `./${entry.name}`)
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
