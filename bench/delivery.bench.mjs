// Benchmark: how fast an agent's message reaches the visitor, with held polls (the page's live
// delivery) against the spec's polling every 2 s, in the same run on the same server. One server
// process (embedded database) on loopback; visitors and the agent are driven from this process.
// Run: npm run bench:delivery   (builds @parley/server first)
// Knobs: BENCH_VISITORS (1000), BENCH_SECONDS (20 per mode), BENCH_RATE (50 agent messages a second),
//        BENCH_CUT_SHARE (0.2: the share of held polls cut at a random moment in the "cut" mode)
// Counts what a page shows: `duplicated` is a message shown twice (two message ids for one send);
// `replayed` is an event the server sent again with an id the page already has, which it drops.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './net.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const visitors = Number(process.env.BENCH_VISITORS ?? 1000);
const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const rate = Number(process.env.BENCH_RATE ?? 50);
const cutShare = Number(process.env.BENCH_CUT_SHARE ?? 0.2);
/** As the page: the hold it asks for, and the spec's delay with an agent (section 9). */
const WAIT = 15_000;
const POLL_DELAY = 2000;
const http = new Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });

const main = join(root, 'apps/server/dist/main.js');
if (!existsSync(main)) {
  console.error('[bench] apps/server is not built: run `npm run build -w @parley/server` first');
  process.exit(1);
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** One HTTP call; `cutAfter` (ms) destroys the request then, as a dropped connection would. */
function call(port, method, path, body, { token, cutAfter } = {}) {
  const payload = body === undefined ? '' : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method,
        agent: http,
        headers: {
          ...(body !== undefined && {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(payload),
          }),
          ...(token && { authorization: `Bearer ${token}` }),
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => {
          clearTimeout(timer);
          try {
            resolve(JSON.parse(Buffer.concat(chunks).toString()));
          } catch (error) {
            reject(error);
          }
        });
        res.on('error', reject);
      },
    );
    const timer =
      cutAfter === undefined ? undefined : setTimeout(() => req.destroy(new Error('cut')), cutAfter);
    req.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    req.end(payload);
  });
}

async function waitFor(port) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const ok = await new Promise((resolve) => {
      const req = request({ host: '127.0.0.1', port, path: '/healthz', agent: http }, (res) => {
        res.resume();
        resolve(res.statusCode === 200);
      });
      req.on('error', () => resolve(false));
      req.end();
    });
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`nothing answers on ${port}`);
    await sleep(100);
  }
}

const rssMb = (pid) => {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : Number.NaN;
};

function percentile(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/**
 * One mode: every visitor runs the page's loop (held polls, or polls every 2 s), the agent sends
 * `rate` messages a second to random visitors, each stamped with a sequence number; afterwards
 * every message must have arrived exactly once.
 */
async function runMode(
  mode,
  port,
  serverPid,
  people,
  token,
  { seconds: length = seconds, quiet = false } = {},
) {
  const hold = mode !== 'polling';
  const sentAt = new Map();
  const received = new Map();
  const latencies = [];
  let running = true;
  let draining = true;
  let sequence = 0;
  let cuts = 0;
  let replayed = 0;
  let rssWhileHeld = 0;
  for (const person of people) person.seen = new Set();

  const loops = people.map(async (person) => {
    while (draining) {
      const cutAfter = mode === 'cut' && Math.random() < cutShare ? Math.random() * WAIT : undefined;
      let answer;
      try {
        answer = await call(
          port,
          'POST',
          '/api/chat/visitor/getEventMsg',
          {
            userId: person.userId,
            pollId: person.pollId,
            cursor: person.cursor,
            ...(hold && { wait: WAIT }),
          },
          { cutAfter },
        );
      } catch {
        cuts++;
        await sleep(POLL_DELAY); // as the page: a failed poll waits the delay before the next
        continue;
      }
      const now = performance.now();
      for (const event of answer.data?.msgList ?? []) {
        if (event.event_type !== 1201) continue;
        const seq = /^bench (\d+)$/.exec(event.msgContent ?? '')?.[1];
        if (seq === undefined) continue;
        // As the page: a message it already has (the same msgId, sent again after a lost answer)
        // is dropped, not shown twice. Counted apart: the server's replays, which cost bandwidth only.
        const id = event.msgId ?? event.id;
        if (person.seen.has(id)) {
          replayed++;
          continue;
        }
        person.seen.add(id);
        received.set(seq, (received.get(seq) ?? 0) + 1);
        if (received.get(seq) === 1 && sentAt.has(seq)) latencies.push(now - sentAt.get(seq));
      }
      person.cursor = answer.data?.cursor ?? person.cursor;
      if (!hold || answer.data?.wait === undefined) await sleep(POLL_DELAY);
    }
  });

  // Let every visitor's first poll arrive (held polls are then all waiting), then send.
  await sleep(hold ? 1000 : POLL_DELAY);
  const started = performance.now();
  const sender = (async () => {
    for (let n = 0; running; n++) {
      const due = started + (n * 1000) / rate;
      await sleep(Math.max(0, due - performance.now()));
      if (!running) break;
      const person = people[Math.floor(Math.random() * people.length)];
      const seq = String(sequence++);
      sentAt.set(seq, performance.now());
      void call(
        port,
        'POST',
        `/api/agent/chats/${person.sessionId}/messages`,
        { msgContent: `bench ${seq}` },
        { token },
      ).catch(() => sentAt.delete(seq));
    }
  })();
  await sleep((length * 1000) / 2);
  rssWhileHeld = rssMb(serverPid);
  await sleep((length * 1000) / 2);
  running = false;
  await sender;
  // Long enough for the slowest path: a cut poll waits 2 s, a poll every 2 s, plus a held answer.
  await sleep(POLL_DELAY * 3);
  draining = false;
  await Promise.all(loops);

  let lost = 0;
  let duplicated = 0;
  for (const seq of sentAt.keys()) {
    const count = received.get(seq) ?? 0;
    if (count === 0) lost++;
    if (count > 1) duplicated += count - 1;
  }
  const sorted = Float64Array.from(latencies).sort();
  if (quiet) return { rssWhileHeld };
  console.log(
    `delivery ${mode.padEnd(8)} visitors=${people.length} sent=${sentAt.size} p50=${percentile(sorted, 50).toFixed(0)} ms p99=${percentile(sorted, 99).toFixed(0)} ms lost=${lost} duplicated=${duplicated} replayed=${replayed} server-rss=${rssWhileHeld.toFixed(0)} MB${mode === 'cut' ? ` cut=${cuts}` : ''}`,
  );
  return { rssWhileHeld };
}

const dir = mkdtempSync(join(tmpdir(), 'parley-delivery-'));
const seedFile = join(dir, 'seed.json');
writeFileSync(
  seedFile,
  JSON.stringify({
    channels: [{ id: 'live', tenantId: 'bench', info: { receiveMode: 3 } }],
    agents: [
      {
        id: 'bench-agent',
        username: 'bench',
        password: 'bench-password',
        nick: 'Bench',
        capacity: 1_000_000,
        channels: ['live'],
        online: true,
      },
    ],
  }),
);
let server;
try {
  const port = await freePort();
  server = spawn(process.execPath, [main], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(dir, 'data'),
      SEED_FILE: seedFile,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_IP: '100000000',
      RATE_LIMIT_PER_VISITOR: '100000000',
      RATE_LIMIT_CHAT_START: '100000000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitFor(port);

  console.log(
    `[bench] ${visitors} visitors, each with the agent; ${rate} agent messages a second, ${seconds} s per mode`,
  );
  const login = await call(port, 'POST', '/api/agent/login', {
    username: 'bench',
    password: 'bench-password',
  });
  const token = login.data.token;
  const people = [];
  for (let n = 0; n < visitors; n++) {
    const started = (await call(port, 'POST', '/api/chat/visitor/chatStart', { channelId: 'live' })).data;
    await call(port, 'POST', '/api/chat/visitor/transferAgent', { userId: started.userId });
    const first = (
      await call(port, 'POST', '/api/chat/visitor/getEventMsg', {
        userId: started.userId,
        pollId: started.pollId,
      })
    ).data;
    people.push({
      userId: started.userId,
      pollId: started.pollId,
      sessionId: started.sessionId,
      cursor: first.cursor,
    });
  }
  const idle = rssMb(server.pid);
  console.log(`[bench] server RSS with ${visitors} idle visitors: ${idle.toFixed(0)} MB`);

  // A short warm-up (JIT, connections, the database's caches) that is not reported.
  await runMode('warm-up', port, server.pid, people, token, { seconds: 3, quiet: true });
  const held = await runMode('held', port, server.pid, people, token);
  await runMode('polling', port, server.pid, people, token);
  await runMode('cut', port, server.pid, people, token);
  console.log(
    `[bench] server memory per held visitor: about ${(((held.rssWhileHeld - idle) * 1024) / visitors).toFixed(1)} KB (RSS while all are held, less idle, over ${visitors})`,
  );
} finally {
  server?.kill('SIGTERM');
  http.destroy();
  await sleep(500);
  rmSync(dir, { recursive: true, force: true });
}
