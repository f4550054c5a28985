// Small helpers the benchmarks share.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** A TCP port nothing listens on now, on loopback. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts the built reference server in demo mode (its seed channels and agents, an empty data
 * directory) on `port`, with `env` added, and resolves once it answers `/healthz`. Kill the returned
 * child to stop it.
 */
export async function startReferenceServer(port, env = {}) {
  const child = spawn(process.execPath, [join(root, 'apps/server/dist/main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      PARLEY_DEMO: '1',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'parley-bench-')),
      ...env,
    },
    stdio: 'ignore',
  });
  for (let attempt = 0; attempt < 120; attempt++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  child.kill();
  throw new Error(
    'the reference server did not start (build it: npx turbo run build --filter=@parley/server)',
  );
}

/**
 * POSTs `body` as JSON on loopback and resolves with the status, the body text and the time it took
 * in ms. `agent` keeps connections alive between calls; `localAddress` sends from another loopback
 * address (each one a client of its own for the server's per-address limits).
 */
export function postJson(port, path, body, { agent, localAddress = '127.0.0.1' } = {}) {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        agent,
        localAddress,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode,
            body: Buffer.concat(chunks).toString(),
            ms: performance.now() - started,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** Resolves once something listening on `port` answers `method path` at all; throws after 60 s. */
export async function waitForServer(port, path, method = 'GET') {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const up = await new Promise((resolve) => {
      const req = request({ host: '127.0.0.1', port, path, method }, (res) => {
        res.resume();
        resolve(true);
      });
      req.on('error', () => resolve(false));
      req.end();
    });
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`nothing answers on ${port}${path}`);
}
