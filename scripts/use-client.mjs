#!/usr/bin/env node
// React Server Components for the built kit. An entry whose modules use hooks, context or a
// client-only library is a client entry: it must start with the 'use client' directive, so that
// a server component (Next.js App Router) can import it and render its widgets. tsc keeps no such
// directive on a re-exporting index, so after the build this adds it to each client entry of
// `dist` (the root entry and `dist/<Widget>/index.js`), and turns the entry's `export *` lines into
// named exports (frameworks reject `export *` in a client entry). Entries that need no client code
// (pure markup such as Card or the icons; the locale JSON; CSS) stay server-safe.
//
//   node use-client.mjs          in a package folder, after tsc: add the directive where needed
//   node use-client.mjs --check  fail when a client entry of dist lacks it
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

export const USE_CLIENT = "'use client';";

/** What a server component may import from React (react's server build has these). */
const SERVER_SAFE_REACT = new Set([
  'Children',
  'cloneElement',
  'createElement',
  'createRef',
  'forwardRef',
  'Fragment',
  'isValidElement',
  'memo',
]);
/** Packages that are pure functions or markup, safe on the server. */
const SERVER_SAFE_PACKAGES = new Set(['react/jsx-runtime', 'class-variance-authority']);

const moduleReference =
  /(?:^|[\n;])\s*(import|export)\s*(type\s)?([^'";]*?)\s*from\s*(['"])([^'"]+)\4|\bimport\s*\(\s*(?:\/\*[^*]*\*\/\s*)?(['"])([^'"]+)\6\s*\)|(?:^|[\n;])\s*import\s*(['"])([^'"]+)\8/g;

/** The static and dynamic imports and re-exports of a built module. */
function references(code) {
  const found = [];
  for (const match of code.matchAll(moduleReference)) {
    if (match[5] !== undefined) {
      if (match[2]) continue; // type-only, erased
      found.push({ clause: match[3] ?? '', specifier: match[5] });
    } else {
      found.push({ clause: '', specifier: match[7] ?? match[9] });
    }
  }
  return found;
}

/** The names a clause such as `{ forwardRef, useState as useS }` takes from a module. */
function importedNames(clause) {
  const braces = clause.match(/\{([^}]*)\}/);
  const names = braces
    ? braces[1]
        .split(',')
        .map((part) => part.trim().split(/\s+as\s+/)[0])
        .filter(Boolean)
    : [];
  // a default or namespace import of React may reach anything
  const other = clause
    .replace(/\{[^}]*\}/, '')
    .replace(/,/g, '')
    .trim();
  return other ? [...names, '*'] : names;
}

/** Why a built module (or a module it reaches) needs the client, or null when it is server-safe. */
function clientReason(file, packageName, seen = new Set()) {
  if (seen.has(file)) return null;
  seen.add(file);
  if (!file.endsWith('.js') || !existsSync(file)) return null; // JSON data
  const code = readFileSync(file, 'utf8');
  for (const { clause, specifier } of references(code)) {
    if (specifier.startsWith('.')) {
      const reason = clientReason(resolve(dirname(file), specifier), packageName, seen);
      if (reason) return reason;
    } else if (specifier === 'react') {
      const names = importedNames(clause);
      const clientName = names.find((name) => !SERVER_SAFE_REACT.has(name));
      if (clientName) return `${relative(process.cwd(), file)} imports ${clientName} from react`;
    } else if (specifier.startsWith(`${packageName}/`) && specifier.endsWith('.json')) {
      // the package's own data
    } else if (!SERVER_SAFE_PACKAGES.has(specifier)) {
      return `${relative(process.cwd(), file)} imports ${specifier}`;
    }
  }
  return null;
}

/** The package's JavaScript entries in dist: the root and one per widget folder. */
export function entryFiles(distDir) {
  const entries = [];
  if (existsSync(join(distDir, 'index.js'))) entries.push(join(distDir, 'index.js'));
  for (const entry of readdirSync(distDir, { withFileTypes: true })) {
    const file = join(distDir, entry.name, 'index.js');
    if (entry.isDirectory() && existsSync(file)) entries.push(file);
  }
  return entries;
}

/** True when the module's first statement is the 'use client' directive. */
export function hasUseClient(code) {
  const body = code.replace(/^(?:\s+|\/\/[^\n]*|\/\*[\s\S]*?\*\/)*/, '');
  return /^(['"])use client\1\s*(?:;|\n|$)/.test(body);
}

/** Each entry of dist with whether it needs the client and why. */
export function classifyEntries(packageDir) {
  const { name } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
  return entryFiles(join(packageDir, 'dist')).map((file) => {
    const reason = clientReason(file, name);
    return { file, client: reason !== null, reason };
  });
}

/** Problems of dist: a client entry without the directive, or a directive entry with `export *`. */
export function checkUseClient(packageDir) {
  const problems = [];
  for (const { file, client, reason } of classifyEntries(packageDir)) {
    const code = readFileSync(file, 'utf8');
    const where = relative(packageDir, file);
    if (client && !hasUseClient(code)) {
      problems.push(`${where} does not start with 'use client' (${reason})`);
    }
    if (hasUseClient(code) && /(?:^|\n)\s*export\s*\*\s*from/.test(code)) {
      problems.push(`${where} is a client entry with "export *" (name each export instead)`);
    }
  }
  return problems;
}

/** Adds the directive to every client entry of dist and names the entry's `export *` exports. */
export async function addUseClient(packageDir) {
  const changed = [];
  for (const { file, client } of classifyEntries(packageDir)) {
    if (!client) continue;
    let code = readFileSync(file, 'utf8');
    const before = code;
    const starLines = [...code.matchAll(/^export \* from (['"])([^'"]+)\1;$/gm)];
    for (const [line, , specifier] of starLines) {
      const target = pathToFileURL(resolve(dirname(file), specifier)).href;
      const names = Object.keys(await import(target)).filter((key) => key !== 'default');
      code = code.replace(line, `export { ${names.join(', ')} } from '${specifier}';`);
    }
    if (!hasUseClient(code)) {
      code = `${USE_CLIENT}\n${code}`;
      // one generated line more at the top: shift the source map by one line
      const mapFile = `${file}.map`;
      if (existsSync(mapFile)) {
        const map = JSON.parse(readFileSync(mapFile, 'utf8'));
        map.mappings = `;${map.mappings}`;
        writeFileSync(mapFile, JSON.stringify(map));
      }
    }
    if (code !== before) {
      writeFileSync(file, code);
      changed.push(relative(packageDir, file));
    }
  }
  return changed;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const packageDir = process.cwd();
  if (process.argv.includes('--check')) {
    const problems = checkUseClient(packageDir);
    for (const problem of problems) console.error(`use client: ${problem}`);
    if (problems.length > 0) process.exit(1);
    const entries = classifyEntries(packageDir);
    console.log(
      `use client: ${entries.filter((entry) => entry.client).length} client entries start with the directive; server-safe: ${
        entries
          .filter((entry) => !entry.client)
          .map((entry) => relative(packageDir, entry.file))
          .join(', ') || 'none'
      }`,
    );
  } else {
    const changed = await addUseClient(packageDir);
    console.log(`use client: added to ${changed.length} entries of dist`);
  }
}
