// Benchmark: the reference server under visitors polling getEventMsg, against a bare Fastify route
// measured in the same run (the ceiling). One server process on loopback, the load from this process.
// Run: npm run bench:server   (builds @parley/server first if needed)
// Knobs: BENCH_VISITORS (500), BENCH_SECONDS (10 per phase), BENCH_CONCURRENCY (32), BENCH_SEND_SHARE (0.05)
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, postJson, waitForServer } from './net.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const visitors = Number(process.env.BENCH_VISITORS ?? 500);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 32);
const sendShare = Number(process.env.BENCH_SEND_SHARE ?? 0.05);
const agent = new Agent({ keepAlive: true, maxSockets: 256 });
/** Every call of this bench over the one keep-alive agent. */
const post = (port, path, body) => postJson(port, path, body, { agent });

const main = join(root, 'apps/server/dist/main.js');
if (!existsSync(main)) {
  console.error('[bench] apps/server is not built: run `npm run build -w @parley/server` first');
  process.exit(1);
}

const BARE_SERVER = `
import Fastify from 'fastify';
const app = Fastify({ logger: false });
app.post('/bare', async () => ({ code: 200, data: { msgList: [], status: 2, waitIndex: 0, cursor: '0' }, message: 'ok' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
`;

function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function report(name, latencies, elapsedMs, errors) {
  const sorted = Float64Array.from(latencies).sort();
  const rps = (latencies.length / elapsedMs) * 1000;
  console.log(
    `${name.padEnd(34)} ${rps.toFixed(0).padStart(7)} req/s   p50 ${percentile(sorted, 50).toFixed(2)} ms   p99 ${percentile(sorted, 99).toFixed(2)} ms   errors ${errors}`,
  );
  return rps;
}

/** Closed loop: `concurrency` callers, each sending the next request as soon as one is answered. */
async function saturate(name, next, duration = seconds) {
  const latencies = [];
  let errors = 0;
  const started = performance.now();
  const until = started + duration * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, lane) => {
      for (let n = 0; performance.now() < until; n++) {
        const answer = await next(lane, n);
        if (answer.status !== 200) errors++;
        latencies.push(answer.ms);
      }
    }),
  );
  return name ? report(name, latencies, performance.now() - started, errors) : 0;
}

/** Open loop: every visitor polls every 2 s (spread evenly), a share of ticks also sends a message. */
async function realistic(port, people) {
  const latencies = [];
  let errors = 0;
  let sends = 0;
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    people.map(async (person, index) => {
      await new Promise((resolve) => setTimeout(resolve, (index / people.length) * 2000));
      for (let tick = 0; performance.now() < until; tick++) {
        const due = performance.now() + 2000;
        const poll = await post(port, '/api/chat/visitor/getEventMsg', {
          userId: person.userId,
          pollId: person.pollId,
          cursor: person.cursor,
        });
        if (poll.status === 200) person.cursor = JSON.parse(poll.body).data.cursor;
        else errors++;
        latencies.push(poll.ms);
        if (Math.random() < sendShare) {
          sends++;
          const sent = await post(port, '/api/chat/visitor/sendMsg', {
            userId: person.userId,
            msgType: 1,
            msgContent: `hello ${tick}`,
            clientMsgId: `${index}-${tick}`,
          });
          if (sent.status !== 200) errors++;
          latencies.push(sent.ms);
        }
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
      }
    }),
  );
  report(
    `${people.length} visitors, 2 s polls, ${sends} sends`,
    latencies,
    performance.now() - started,
    errors,
  );
}

const dir = mkdtempSync(join(tmpdir(), 'parley-bench-'));
const children = [];
try {
  const barePort = await freePort();
  const bare = spawn(process.execPath, ['--input-type=module', '-e', BARE_SERVER], {
    cwd: join(root, 'apps/server'),
    env: { ...process.env, PORT: String(barePort) },
    stdio: 'inherit',
  });
  children.push(bare);
  const port = await freePort();
  const server = spawn(process.execPath, [main], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(dir, 'data'),
      LOG_LEVEL: 'warn',
      PARLEY_DEMO: '1',
      RATE_LIMIT_PER_IP: '100000000',
      RATE_LIMIT_PER_VISITOR: '100000000',
      RATE_LIMIT_CHAT_START: '100000000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(server);
  await Promise.all([waitForServer(barePort, '/missing'), waitForServer(port, '/healthz')]);
  await new Promise((resolve) => setTimeout(resolve, 300));

  console.log(`[bench] starting ${visitors} visitors on the demo channel...`);
  const people = [];
  for (let n = 0; n < visitors; n++) {
    const started = JSON.parse(
      (await post(port, '/api/chat/visitor/chatStart', { channelId: 'demo' })).body,
    ).data;
    people.push({ userId: started.userId, pollId: started.pollId, cursor: '0' });
  }
  for (const person of people) {
    const first = JSON.parse((await post(port, '/api/chat/visitor/getEventMsg', person)).body).data;
    person.cursor = first.cursor;
  }

  console.log(`[bench] ${seconds} s per phase, ${concurrency} connections for the saturating phases`);
  const bareCall = () => post(barePort, '/bare', { userId: 'x', pollId: 'y', cursor: '0' });
  const emptyPoll = (lane, n) => {
    const person = people[(lane * 7919 + n) % people.length];
    return post(port, '/api/chat/visitor/getEventMsg', person);
  };
  // Warm both up (JIT, connections), then measure the ceiling before and after the polls: the
  // machine may be shared, so the better of the two is the ceiling.
  await saturate('', bareCall, 1);
  await saturate('', emptyPoll, 1);
  const ceilingBefore = await saturate('bare Fastify route (ceiling)', bareCall);
  const empty = await saturate('getEventMsg, nothing new', emptyPoll);
  const ceilingAfter = await saturate('bare Fastify route, again', bareCall);
  const ceiling = Math.max(ceilingBefore, ceilingAfter);
  await saturate('sendMsg (stored, one transaction)', (lane, n) => {
    const person = people[(lane * 7919 + n) % people.length];
    return post(port, '/api/chat/visitor/sendMsg', {
      userId: person.userId,
      msgType: 1,
      msgContent: 'bench',
      clientMsgId: `s-${lane}-${n}`,
    });
  });
  await realistic(port, people);
  console.log(
    `[bench] empty polls at ${((empty / ceiling) * 100).toFixed(0)} % of the bare route (aim: >= 50 %)`,
  );
} finally {
  for (const child of children) child.kill('SIGTERM');
  agent.destroy();
  await new Promise((resolve) => setTimeout(resolve, 500));
  rmSync(dir, { recursive: true, force: true });
}
