#!/usr/bin/env node
// Builds chat-ui's stylesheets beside its JavaScript: dist/styles.css (everything),
// dist/tokens.css, and dist/<Widget>/styles.css for each widget, each minified with @imports inlined.
// Run from packages/chat-ui (its build script does).
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bundle } from 'lightningcss';

const src = 'src';
const dist = 'dist';
const targets = { chrome: 100 << 16, firefox: 100 << 16, safari: 15 << 16 };

function build(from, to) {
  const { code } = bundle({ filename: from, minify: true, targets });
  mkdirSync(join(to, '..'), { recursive: true });
  writeFileSync(to, code);
  return code.length;
}

let total = build(join(src, 'styles.css'), join(dist, 'styles.css'));
build(join(src, 'tokens.css'), join(dist, 'tokens.css'));
for (const entry of readdirSync(src)) {
  const folder = join(src, entry);
  const css = join(folder, `${entry}.css`);
  if (statSync(folder).isDirectory() && existsSync(css)) {
    total += build(css, join(dist, entry, 'styles.css'));
  }
}
console.log(`[build-css] wrote dist/styles.css (${total} bytes with the per-widget sheets)`);
