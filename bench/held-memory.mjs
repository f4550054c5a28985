// What one held poll costs the server in memory, measured after garbage collection (the RSS that
// bench:scale prints is an upper bound: it includes the collector's slack). One server process
// (the built apps/server/dist, embedded database, run with --expose-gc through a small wrapper);
// N visitors with open keep-alive connections are measured idle, then with every poll held.
// Run: node bench/held-memory.mjs   (after npx turbo run build --filter=@parley/server)
// Knob: BENCH_VISITORS (2000). Set BENCH_CHILD=1 only in the wrapper the script starts itself.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { freePort } from './net.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

if (process.env.BENCH_CHILD === '1') {
  // The server, with a signal that collects garbage and prints its memory.
  const { buildServer } = await import(pathToFileURL(join(root, 'apps/server/dist/app.js')).href);
  const { settingsFromEnv } = await import(pathToFileURL(join(root, 'apps/server/dist/config.js')).href);
  const settings = settingsFromEnv();
  const app = await buildServer(settings);
  await app.listen({ port: settings.port, host: '127.0.0.1' });
  process.on('SIGUSR2', () => {
    for (let n = 0; n < 3; n++) globalThis.gc();
    const { heapUsed, external, rss } = process.memoryUsage();
    console.log(JSON.stringify({ heapUsed, external, rss, held: app.pollCache.held() }));
  });
  console.log('ready');
} else {
  const visitors = Number(process.env.BENCH_VISITORS ?? 2000);
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'parley-held-memory-'));
  writeFileSync(
    join(dir, 'seed.json'),
    JSON.stringify({ channels: [{ id: 'live', tenantId: 'bench', info: { receiveMode: 3 } }], agents: [] }),
  );
  const server = spawn(process.execPath, ['--expose-gc', fileURLToPath(import.meta.url)], {
    env: {
      ...process.env,
      BENCH_CHILD: '1',
      PORT: String(port),
      DATA_DIR: dir,
      SEED_FILE: join(dir, 'seed.json'),
      LOG_LEVEL: 'warn',
      MAX_CONNECTIONS_PER_ADDRESS: '0',
      RATE_LIMIT_PER_IP: '100000000',
      RATE_LIMIT_PER_VISITOR: '100000000',
      RATE_LIMIT_CHAT_START: '100000000',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = [];
  let partial = '';
  server.stdout.on('data', (chunk) => {
    const parts = (partial + chunk).split('\n');
    partial = parts.pop();
    lines.push(...parts);
  });
  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  try {
    while (!lines.includes('ready')) {
      if (server.exitCode !== null) throw new Error('the server did not start (build it first)');
      await sleep(100);
    }
    const http = new Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
    const call = (path, body) =>
      new Promise((resolve, reject) => {
        const payload = JSON.stringify(body);
        const req = request(
          {
            host: '127.0.0.1',
            port,
            path,
            method: 'POST',
            agent: http,
            headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
          },
          (res) => {
            const chunks = [];
            res.on('data', (chunk) => chunks.push(chunk));
            res.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString())));
            res.on('error', reject);
          },
        );
        req.on('error', reject);
        req.end(payload);
      });
    const measure = async () => {
      const seen = lines.length;
      server.kill('SIGUSR2');
      while (lines.length === seen) await sleep(50);
      return JSON.parse(lines[seen]);
    };
    const people = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        for (let n = next++; n < visitors; n = next++) {
          people.push((await call('/api/chat/visitor/chatStart', { channelId: 'live' })).data);
        }
      }),
    );
    const base = await measure();
    // Every visitor's connection open and idle, as before its first held poll.
    await Promise.all(
      people.map((person) =>
        call('/api/chat/visitor/getEventMsg', { userId: person.userId, pollId: person.pollId }),
      ),
    );
    const idle = await measure();
    for (const person of people) {
      call('/api/chat/visitor/getEventMsg', {
        userId: person.userId,
        pollId: person.pollId,
        wait: 15_000,
      }).catch(() => {});
    }
    let held = await measure();
    while (held.held < visitors) {
      await sleep(200);
      held = await measure();
    }
    const kb = (bytes) => (bytes / visitors / 1024).toFixed(1);
    console.log(
      `held-memory visitors=${visitors} connection: heap=${kb(idle.heapUsed - base.heapUsed)} KB rss=${kb(idle.rss - base.rss)} KB; held poll on it: heap=${kb(held.heapUsed - idle.heapUsed)} KB rss=${kb(held.rss - idle.rss)} KB (each per visitor, after GC)`,
    );
    http.destroy();
  } finally {
    server.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
}
