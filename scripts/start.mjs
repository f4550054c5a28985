#!/usr/bin/env node
// `npm start`: builds what the product needs, then runs the reference server, which serves the
// visitor app under /chat/ and the agent console under /agent/, and prints their URLs.
// PORT (3000), HOST (127.0.0.1) and DATA_DIR apply (see apps/server/README.md for the rest).
import { spawn, spawnSync } from 'node:child_process';

const build = spawnSync(
  'npx',
  [
    'turbo',
    'run',
    'build',
    '--filter=@parley/server...',
    '--filter=@parley/visitor...',
    '--filter=@parley/console...',
    '--output-logs=errors-only',
  ],
  { stdio: 'inherit' },
);
if (build.status !== 0) {
  console.error('[start] the build failed: see above.');
  process.exit(build.status ?? 1);
}

// `npm start` is the demo: the demo seed and its public logins. A deployment runs main.js itself.
console.warn(
  '[start] DEMO MODE (PARLEY_DEMO=1): demo channels and agents with public passwords. Not for production.',
);
const server = spawn('node', ['apps/server/dist/main.js'], {
  stdio: 'inherit',
  env: { PARLEY_DEMO: '1', ...process.env },
});
const port = process.env.PORT ?? '3000';
const host = process.env.HOST ?? '127.0.0.1';
server.once('spawn', () => {
  // The server prints the visitor URL of every demo channel and the console's demo logins once it listens.
  console.log(`[start] Parley is starting on http://${host}:${port}/ (Ctrl+C stops it)`);
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
