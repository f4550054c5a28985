// Benchmark: an ordinary visitor's latency while a few connections flood the server with bodies
// built to cost it work: 10 000-deep arrays, wide arrays of tens of thousands of values, bodies
// over the size limit, and bodies trickled a byte at a time. The same phases run against a bare
// Fastify route in the same run (its default JSON parser, no limits of its own: the peer).
// One server process on loopback; the load and the ordinary client from this process.
// Run: npm run bench:flood   (builds @parley/server and what it imports first)
// Knobs: BENCH_SECONDS (5 per phase), BENCH_CONNECTIONS (6 flooding connections),
//        BENCH_TRICKLE_CONNECTIONS (200), BENCH_ONE_ADDRESS=1 (flood from one address, so the
//        per-address rate limit answers most of it; by default each request comes from its own
//        loopback address, so what is measured is the body checks, not the rate limit)
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { Agent } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, postJson, waitForServer } from './net.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 6);
const trickleConnections = Number(process.env.BENCH_TRICKLE_CONNECTIONS ?? 200);
const oneAddress = process.env.BENCH_ONE_ADDRESS === '1';

const main = join(root, 'apps/server/dist/main.js');
if (!existsSync(main)) {
  console.error('[bench] apps/server is not built: run `npm run build -w @parley/server` first');
  process.exit(1);
}

// --- the flooding bodies ------------------------------------------------------------------------

const nested = (depth) => `${'['.repeat(depth)}1${']'.repeat(depth)}`;
const ATTACKS = {
  'deep (10 000-deep array)': () => `{"userId":"x","msgContent":"hi","x":${nested(10_000)}}`,
  'wide (40 000 values)': () => `{"userId":"x","msgContent":"hi","x":[${'1,'.repeat(40_000)}1]}`,
  'oversized (1 MB)': () => JSON.stringify({ userId: 'x', msgContent: 'x'.repeat(1024 * 1024) }),
};
const bodies = Object.fromEntries(Object.entries(ATTACKS).map(([name, make]) => [name, Buffer.from(make())]));

let nextAddress = 0;
/** Each flooding request from its own loopback address (127.1.x.y), unless BENCH_ONE_ADDRESS. */
const attackAddress = () => {
  if (oneAddress) return '127.0.0.2';
  nextAddress = (nextAddress + 1) % (254 * 250);
  return `127.1.${Math.floor(nextAddress / 254)}.${(nextAddress % 254) + 1}`;
};

/** One request on its own connection; resolves with the status, or 'reset' if none came back. */
function flood(port, path, body) {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1', localAddress: attackAddress() });
    let received = '';
    let settled = false;
    const done = (status) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      resolve(status);
    };
    socket.setEncoding('latin1');
    socket.on('data', (chunk) => {
      received += chunk;
      const status = /^HTTP\/1\.1 (\d{3})/.exec(received)?.[1];
      if (status && received.includes('\r\n\r\n')) done(status);
    });
    socket.on('error', () => done(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? 'reset'));
    socket.on('close', () => done(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? 'reset'));
    socket.write(
      `POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
    );
    socket.write(body);
  });
}

/** `connections` lanes sending `body` back to back until `until`; counts the answers by status. */
async function floodWith(port, path, body, until) {
  const statuses = {};
  let sent = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        const status = await flood(port, path, body);
        statuses[status] = (statuses[status] ?? 0) + 1;
        sent++;
      }
    }),
  );
  return { sent, statuses };
}

/** Connections that send a head and then one byte of their body every 500 ms until `until`. */
async function trickle(port, path, until) {
  const sockets = [];
  let closedByServer = 0;
  for (let n = 0; n < trickleConnections; n++) {
    const socket = connect({ port, host: '127.0.0.1', localAddress: '127.0.0.3' });
    socket.on('error', () => {});
    socket.on('close', () => {
      if (performance.now() < until) closedByServer++;
    });
    socket.on('data', () => {});
    socket.once('connect', () =>
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 65536\r\n\r\n{`,
      ),
    );
    sockets.push(socket);
  }
  while (performance.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const socket of sockets) if (!socket.destroyed) socket.write('1');
  }
  for (const socket of sockets) socket.destroy();
  const held = trickleConnections - closedByServer;
  return { sent: undefined, statuses: { held, 'closed by server': closedByServer } };
}

// --- the ordinary client --------------------------------------------------------------------------

const agent = new Agent({ keepAlive: true, maxSockets: 4 });
/** The ordinary client's calls, over its keep-alive agent, each from a visitor's own address. */
const post = (port, path, body, localAddress) => postJson(port, path, body, { agent, localAddress });

/**
 * Ordinary visitors, each from its own address and inside the rate limits: every 50 ms one of
 * them asks for the channel's info, then polls once (each visitor about once a second).
 */
const ORDINARY_VISITORS = 20;
const TICK_MS = 50;
async function ordinary(target, until) {
  const info = [];
  const poll = [];
  let errors = 0;
  for (let turn = 0; performance.now() < until; turn++) {
    const due = performance.now() + TICK_MS;
    const visitor = target.visitors[turn % target.visitors.length];
    const first = await post(target.port, target.info.path, target.info.body, visitor.address);
    const second = await post(target.port, target.poll.path, target.poll.body(visitor), visitor.address);
    if (first.status !== 200 || second.status !== 200) errors++;
    if (second.status === 200) visitor.cursor = JSON.parse(second.body).data.cursor;
    info.push(first.ms);
    poll.push(second.ms);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
  }
  return { info: info.sort((a, b) => a - b), poll: poll.sort((a, b) => a - b), errors };
}

const percentile = (sorted, p) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const spread = (sorted) =>
  `p50 ${percentile(sorted, 50).toFixed(1).padStart(6)}  p95 ${percentile(sorted, 95).toFixed(1).padStart(6)}  p99 ${percentile(sorted, 99).toFixed(1).padStart(6)} ms`;
const rssOf = (pid) => {
  try {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
    return `${(kb / 1024).toFixed(0)} MB`;
  } catch {
    return 'n/a';
  }
};

// --- the run --------------------------------------------------------------------------------------

const BARE_SERVER = `
import Fastify from 'fastify';
const app = Fastify({ logger: false });
const answer = { code: 200, data: { msgList: [], status: 2, waitIndex: 0, cursor: '0' }, message: 'ok' };
app.post('/bare/channelInfo', async () => answer);
app.post('/bare/getEventMsg', async () => answer);
app.post('/bare/sendMsg', async () => answer);
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
`;

async function phases(name, target, pid) {
  console.log(`\n${name}`);
  console.log(
    `${'phase'.padEnd(26)} ${'flood req/s'.padStart(11)}  ${'answers'.padEnd(30)} ${'ordinary channelInfo'.padEnd(42)} ${'ordinary poll'.padEnd(42)} RSS`,
  );
  const line = (phase, flooded, measured) => {
    const rate = flooded?.sent === undefined ? '-' : (flooded.sent / seconds).toFixed(0);
    const answers = flooded
      ? Object.entries(flooded.statuses)
          .map(([status, count]) => `${status}: ${count}`)
          .join(', ')
      : '-';
    console.log(
      `${phase.padEnd(26)} ${rate.padStart(11)}  ${answers.padEnd(30)} ${spread(measured.info).padEnd(42)} ${spread(measured.poll).padEnd(42)} ${rssOf(pid)}${measured.errors ? `  (${measured.errors} ordinary rounds failed)` : ''}`,
    );
  };
  const phaseEnd = () => performance.now() + seconds * 1000;
  await ordinary(target, performance.now() + 1000); // warm up
  let until = phaseEnd();
  line('alone (baseline)', undefined, await ordinary(target, until));
  for (const [attack, body] of Object.entries(bodies)) {
    until = phaseEnd();
    const [measured, flooded] = await Promise.all([
      ordinary(target, until),
      floodWith(target.port, target.floodPath, body, until),
    ]);
    line(attack, flooded, measured);
  }
  until = phaseEnd();
  const [measured, trickled] = await Promise.all([
    ordinary(target, until),
    trickle(target.port, target.floodPath, until),
  ]);
  line(`trickled (${trickleConnections} conns)`, trickled, measured);
}

const children = [];
try {
  const port = await freePort();
  const dataDir = join(mkdtempSync(join(tmpdir(), 'parley-bench-')), 'data');
  const startServer = () =>
    spawn(process.execPath, [main], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        PARLEY_DEMO: '1',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  // On a busy machine a new embedded database may take longer to create than the server's plugin
  // timeout: start again on the same data directory, where what was done is not done again.
  let server = startServer();
  for (let attempt = 1; attempt < 4; attempt++) {
    const exited = new Promise((resolve) => server.once('exit', () => resolve(true)));
    if (!(await Promise.race([waitForServer(port, '/healthz').then(() => false), exited]))) break;
    console.error('[bench] the reference server did not start; starting it again');
    server = startServer();
  }
  children.push(server);
  const barePort = await freePort();
  const bare = spawn(process.execPath, ['--input-type=module', '-e', BARE_SERVER], {
    cwd: join(root, 'apps/server'),
    env: { ...process.env, PORT: String(barePort) },
    stdio: 'inherit',
  });
  children.push(bare);
  await Promise.all([waitForServer(port, '/healthz'), waitForServer(barePort, '/bare/channelInfo', 'POST')]);

  const visitors = [];
  for (let n = 0; n < ORDINARY_VISITORS; n++) {
    const address = `127.0.2.${n + 1}`;
    const started = await post(port, '/api/chat/visitor/chatStart', { channelId: 'demo' }, address);
    const { userId, pollId } = JSON.parse(started.body).data;
    visitors.push({ address, userId, pollId, cursor: '0' });
  }
  const parley = {
    port,
    visitors,
    floodPath: '/api/chat/visitor/sendMsg',
    info: { path: '/api/chat/visitor/channelInfo', body: { id: 'demo' } },
    poll: {
      path: '/api/chat/visitor/getEventMsg',
      body: ({ userId, pollId, cursor }) => ({ userId, pollId, cursor }),
    },
  };
  const peer = {
    port: barePort,
    visitors: visitors.map(({ address }) => ({ address, userId: 'x', pollId: 'y', cursor: '0' })),
    floodPath: '/bare/sendMsg',
    info: { path: '/bare/channelInfo', body: { id: 'demo' } },
    poll: { path: '/bare/getEventMsg', body: ({ userId, pollId, cursor }) => ({ userId, pollId, cursor }) },
  };

  console.log(
    `[bench] ${seconds} s per phase; ${connections} flooding connections, each request from ${oneAddress ? 'one address' : 'its own loopback address'}; ${ORDINARY_VISITORS} ordinary visitors, one round (channelInfo + poll) every ${TICK_MS} ms`,
  );
  await phases('Parley reference server (demo channel, default limits)', parley, server.pid);
  await phases(
    'bare Fastify 5 route (default JSON parser, default 1 MB body limit): the peer',
    peer,
    bare.pid,
  );
} finally {
  for (const child of children) child.kill();
}
