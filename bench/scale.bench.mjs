// Benchmark: what one server instance, and several sharing one PostgreSQL, carry. Real server
// processes (the built apps/server/dist) on a PostgreSQL server this bench starts (Debian's
// packages, as the server tests do; or DATABASE_URL's server, on a fresh database of its own);
// visitors holding polls (the page's live delivery), agents sending at a set rate, visitors and
// agents typing. Every figure is a comparison inside one run on one machine: read them side by
// side, not as absolutes (docs/capacity.md).
//
// Run: npm run bench:scale   (builds @parley/server first; raises the open-file limit to the hard
//      limit in the npm script: each held visitor is one socket in the bench and one in a server)
//      node bench/scale.bench.mjs --runs=one,two --visitors=2000 --seconds=10
// Runs (--runs, comma-separated; default all but `before`):
//   one      1 instance, every visitor held, --rate messages a second
//   two      2 instances sharing the visitors
//   four     4 instances sharing the visitors
//   ceiling  a rising message rate until p99 passes 500 ms (or something is lost), 1 and 2 instances
//   kill     2 instances; one is SIGKILLed half-way and its visitors and agents move to the other
//   console  2 instances, 100 agents holding the console's poll while visitors type: typing to
//            console p50/p99
//   before   the runs listed among `one`, `two` and `console` (`two` and `console` when none is)
//            again with the wake-ups unbatched (WAKE_WINDOW_MS=0), or with --before-main=<main.js
//            of an earlier build> that build (docs/capacity.md says how), for the before/after
//            comparison in one run
// Knobs: --visitors (10000) --rate (50 messages/s) --seconds (20 per run) --typing (25 visitor and
//        25 agent typing changes a second) --agents (100) --step-seconds (8, per ceiling step)
//        --spread-seconds (0: every visitor's first poll at once, so their held polls renew together
//        every 15 s; 15: the first polls spread evenly over one hold, as visitors arriving over time)
// Counts what a page shows: `dup` is a message shown twice (two message ids for one send);
// `replay` is an event the server sent again with an id the page already has, which it drops.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { freePort } from './net.mjs';
import { startPostgres as startThrowawayPostgres } from './pg.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { values: flags } = parseArgs({
  options: {
    runs: { type: 'string', default: 'one,two,four,ceiling,kill,console' },
    visitors: { type: 'string', default: '10000' },
    rate: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '20' },
    typing: { type: 'string', default: '25' },
    agents: { type: 'string', default: '100' },
    'step-seconds': { type: 'string', default: '8' },
    'spread-seconds': { type: 'string', default: '0' },
    'before-main': { type: 'string' },
  },
});
const runs = flags.runs.split(',').filter(Boolean);
const visitorCount = Number(flags.visitors);
const baseRate = Number(flags.rate);
const seconds = Number(flags.seconds);
const typingRate = Number(flags.typing);
const agentCount = Number(flags.agents);
const stepSeconds = Number(flags['step-seconds']);
const spreadMs = Number(flags['spread-seconds']) * 1000;
/** As the page: the hold it asks for, and the delay after a failed poll (spec section 9). */
const WAIT = 15_000;
const POLL_DELAY = 2000;
const CEILING_MS = 500;
const METRICS_TOKEN = 'bench-metrics';

const main = join(root, 'apps/server/dist/main.js');
if (!existsSync(main)) {
  console.error('[bench] apps/server is not built: run `npx turbo run build --filter=@parley/server` first');
  process.exit(1);
}
const openFiles = Number(/Max open files\s+(\d+)/.exec(readFileSync('/proc/self/limits', 'utf8'))?.[1] ?? 0);
if (openFiles < visitorCount + 1000) {
  console.error(
    `[bench] the open-file limit is ${openFiles}, below ${visitorCount + 1000} for ${visitorCount} visitors: run \`ulimit -n ${visitorCount + 4096}\` (as root, or raise the hard limit) or lower --visitors`,
  );
  process.exit(1);
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const dir = mkdtempSync(join(tmpdir(), 'parley-scale-'));

// ---- PostgreSQL -------------------------------------------------------------------------------

/** A throwaway PostgreSQL server (bench/pg.mjs), or the one DATABASE_URL names. */
async function startPostgres() {
  if (process.env.DATABASE_URL) return { adminUrl: process.env.DATABASE_URL, postmaster: 0, stop() {} };
  // As the server tests: no fsync, so the figures are the CPU's, not this machine's shared disk's.
  const started = await startThrowawayPostgres({ settings: ['-c shared_buffers=256MB'] });
  return { adminUrl: started.url, postmaster: started.postmaster, stop: started.stop };
}

async function createDatabase(adminUrl) {
  const name = `parley_scale_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), name };
}

// ---- processes: CPU and memory from /proc -------------------------------------------------------

const TICKS = 100; // USER_HZ on Linux
function cpuTicks(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]); // utime + stime
  } catch {
    return 0;
  }
}
function parentOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return -1;
  }
}
/** The postmaster and every backend it forked (the CPU PostgreSQL spends). */
function postgresTicks(postmaster) {
  if (!postmaster) return 0;
  let total = cpuTicks(postmaster);
  for (const entry of readdirSync('/proc')) {
    if (/^\d+$/.test(entry) && parentOf(Number(entry)) === postmaster) total += cpuTicks(Number(entry));
  }
  return total;
}
function rssMb(pid) {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

// ---- HTTP ---------------------------------------------------------------------------------------

const http = new Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
/** Visitors come from several loopback addresses, so 10 000 connections do not share one port range. */
const localAddresses = Array.from({ length: 16 }, (_, n) => `127.0.0.${n + 2}`);

/** As the page and the console: a call not answered in 20 s fails (and is retried by its caller). */
const CALL_TIMEOUT = 20_000;

function call(port, method, path, body, { token, localAddress } = {}) {
  const payload = body === undefined ? '' : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method,
        agent: http,
        localAddress,
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
          if (res.statusCode !== 200) {
            reject(new Error(`${path}: HTTP ${res.statusCode}`));
            return;
          }
          try {
            const answer = JSON.parse(Buffer.concat(chunks).toString());
            if (answer.code !== undefined && answer.code !== 200)
              reject(new Error(`${path}: ${answer.message}`));
            else resolve(answer);
          } catch (error) {
            reject(error);
          }
        });
        res.on('error', reject);
      },
    );
    req.setTimeout(CALL_TIMEOUT, () => req.destroy(new Error(`${path}: no answer in ${CALL_TIMEOUT} ms`)));
    req.on('error', reject);
    req.end(payload);
  });
}

async function waitUp(port) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`nothing answers on ${port}`);
    await sleep(100);
  }
}

async function metric(port, name) {
  const text = await (
    await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
  ).text();
  const line = text.split('\n').find((row) => row.startsWith(`${name} `) || row.startsWith(`${name}{`));
  return line ? Number(line.split(' ').at(-1)) : Number.NaN;
}

// ---- the server instances -----------------------------------------------------------------------

const seedFile = join(dir, 'seed.json');
// Room for every visitor: the bench's own rows do not go through routing's capacity check.
const perAgent = visitorCount;
writeFileSync(
  seedFile,
  JSON.stringify({
    channels: [{ id: 'live', tenantId: 'bench', info: { receiveMode: 3 } }],
    agents: Array.from({ length: agentCount }, (_, n) => ({
      id: `a${n}`,
      username: `a${n}`,
      password: 'bench-password',
      nick: `a${n}`,
      capacity: perAgent,
      channels: ['live'],
      online: true,
    })),
  }),
);

async function startInstances(count, databaseUrl, env = {}, serverMain = main) {
  return Promise.all(
    Array.from({ length: count }, async (_, n) => {
      const port = await freePort();
      const child = spawn(process.execPath, [serverMain], {
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATABASE_URL: databaseUrl,
          DATA_DIR: join(dir, `instance-${port}`),
          SEED_FILE: seedFile,
          LOG_LEVEL: 'warn',
          METRICS_TOKEN,
          // One client address for thousands of visitors: no per-address caps or budgets.
          MAX_CONNECTIONS_PER_ADDRESS: '0',
          RATE_LIMIT_PER_IP: '100000000',
          RATE_LIMIT_PER_VISITOR: '100000000',
          RATE_LIMIT_CHAT_START: '100000000',
          RATE_LIMIT_LOGIN: '100000000',
          ...env,
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      children.add(child);
      child.once('exit', () => children.delete(child));
      await waitUp(port);
      return { n, port, pid: child.pid, child, alive: true };
    }),
  );
}

async function stopInstances(instances) {
  await Promise.all(
    instances.map(
      (instance) =>
        new Promise((resolve) => {
          if (instance.child.exitCode !== null || instance.child.signalCode !== null) return resolve();
          instance.child.once('exit', resolve);
          // Killed: the record is in PostgreSQL, and a graceful stop with thousands of held
          // connections takes minutes on a busy machine (docs/capacity.md).
          instance.child.kill('SIGKILL');
        }),
    ),
  );
  // Lets the held sockets of the bench's side close before the next run opens new ones.
  await sleep(500);
}

// ---- PostgreSQL's side of a run: transactions and notifications ---------------------------------

async function databaseCounters(databaseUrl, databaseName) {
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on('error', (error) => console.error(`[bench] the counting connection failed: ${error.message}`));
  await client.connect();
  const counts = { notifications: 0, ids: 0 };
  client.on('notification', (message) => {
    if (message.channel !== 'parley_visitor') return;
    counts.notifications++;
    counts.ids += (message.payload ?? '').split(',').length;
  });
  await client.query('listen parley_visitor');
  const transactions = async () => {
    // Statistics are flushed by each backend at most once a second: read after a short pause.
    const [row] = (
      await client.query(
        'select (xact_commit + xact_rollback)::float8 as n from pg_stat_database where datname = $1',
        [databaseName],
      )
    ).rows;
    return row?.n ?? 0;
  };
  /** How many messages with this text the database holds. */
  const stored = async (text) =>
    (await client.query('select count(*)::int as n from messages where msg_content = $1', [text])).rows[0].n;
  return { counts, transactions, stored, close: () => client.end() };
}

// ---- the population: visitors in chat with agents -----------------------------------------------

/**
 * The visitors, each in chat with an agent: the first `API_SAMPLE` through the API (chatStart,
 * transferAgent, a first poll), the rest inserted in one statement as those calls write them (a
 * visitor, an open session taken by an agent), so a 10 000-visitor run starts in seconds.
 */
const API_SAMPLE = 300;
async function populate(port, databaseUrl) {
  const people = [];
  const started = performance.now();
  const sample = Math.min(API_SAMPLE, visitorCount);
  let next = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      for (let n = next++; n < sample; n = next++) {
        const localAddress = localAddresses[n % localAddresses.length];
        const start = (
          await call(port, 'POST', '/api/chat/visitor/chatStart', { channelId: 'live' }, { localAddress })
        ).data;
        const transfer = (
          await call(
            port,
            'POST',
            '/api/chat/visitor/transferAgent',
            { userId: start.userId },
            { localAddress },
          )
        ).data;
        if (transfer.status !== 2)
          throw new Error(`visitor ${n} was not taken by an agent: status ${transfer.status}`);
        const first = (
          await call(
            port,
            'POST',
            '/api/chat/visitor/getEventMsg',
            { userId: start.userId, pollId: start.pollId },
            { localAddress },
          )
        ).data;
        people[n] = {
          n,
          userId: start.userId,
          pollId: start.pollId,
          sessionId: start.sessionId,
          agent: Number(String(transfer.adminNick).slice(1)),
          cursor: first.cursor,
          localAddress,
        };
      }
    }),
  );
  if (visitorCount > sample) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const now = Date.now();
    const { rows } = await client.query(
      `with made as (
         select g, md5(random()::text || g) as v, md5(random()::text || g) as s, md5(random()::text || g) as p
         from generate_series($1::int, $2::int - 1) as g
       ), visitors_made as (
         insert into visitors (id, tenant_id, channel_id, created_at)
         select v, 'bench', 'live', $3 from made returning id
       )
       insert into sessions (id, poll_id, visitor_id, channel_id, admin_id, status, created_at, taken_at)
       select s, p, v, 'live',
         'a' || (g % $4), 2, $3, $3
       from made
       returning id, poll_id, visitor_id, admin_id`,
      [sample, visitorCount, now, agentCount],
    );
    await client.end();
    for (const row of rows) {
      const n = people.length;
      people.push({
        n,
        userId: row.visitor_id,
        pollId: row.poll_id,
        sessionId: row.id,
        agent: Number(row.admin_id.slice(1)),
        cursor: '0',
        localAddress: localAddresses[n % localAddresses.length],
      });
    }
  }
  const tokens = [];
  for (let n = 0; n < agentCount; n++) {
    tokens.push(
      (await call(port, 'POST', '/api/agent/login', { username: `a${n}`, password: 'bench-password' })).data
        .token,
    );
  }
  return { people, tokens, seconds: (performance.now() - started) / 1000 };
}

/**
 * Message numbers, never reused in one bench: a send carries `bench-<n>` as its clientMsgId, and a
 * number sent again to a chat that had it in an earlier run would be stored once, as a retry
 * must be, and never shown: the bench counted exactly that as lost until the numbers ran on.
 */
let sequence = 0;

function percentile(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** The instance a client reaches: its own while alive, otherwise the next one alive (a load balancer). */
function pick(instances, index) {
  for (let step = 0; step < instances.length; step++) {
    const instance = instances[(index + step) % instances.length];
    if (instance.alive) return instance;
  }
  throw new Error('no instance alive');
}

/**
 * One run: every visitor holds its poll on its instance (visitor n on instance n mod count), the
 * agents send `rate` messages a second (agent n through instance n mod count, each message to one
 * of its chats), visitors and agents type; afterwards every message must have arrived exactly once.
 */
async function measure(
  name,
  instances,
  population,
  { phases, databaseUrl, databaseName, postmaster, kill = false, consoles = false, waitHeld = true },
) {
  const { people, tokens } = population;
  /** Every message that arrived, over all phases; and those a phase's drain counted lost. */
  const everReceived = new Set();
  const countedLost = new Set();
  const sentTo = new Map();
  const sentAt = new Map();
  const received = new Map();
  const latencies = [];
  const typingSent = new Map();
  const typingLatencies = [];
  let polling = true;
  let typingSequence = 0;
  let replayed = 0;
  let failedPolls = 0;
  let agentPolls = 0;
  /** Visitor polls sent, by second: the renewal bursts, which held polls begun together make. */
  const pollsBySecond = new Map();
  const counters = await databaseCounters(databaseUrl, databaseName);
  const rssBefore = instances.map((instance) => rssMb(instance.pid));

  for (const person of people) person.seen = new Set();
  const loops = people.map(async (person, index) => {
    if (spreadMs > 0) await sleep((index / people.length) * spreadMs);
    while (polling) {
      const instance = pick(instances, person.n);
      let answer;
      person.asking = { since: performance.now(), port: instance.port, cursor: person.cursor };
      const second = Math.floor(performance.now() / 1000);
      pollsBySecond.set(second, (pollsBySecond.get(second) ?? 0) + 1);
      try {
        answer = await call(
          instance.port,
          'POST',
          '/api/chat/visitor/getEventMsg',
          { userId: person.userId, pollId: person.pollId, cursor: person.cursor, wait: WAIT },
          { localAddress: person.localAddress },
        );
      } catch (error) {
        failedPolls++;
        person.failed = (person.failed ?? 0) + 1;
        person.lastError = error.message;
        await sleep(POLL_DELAY); // as the page: a failed poll waits the delay before the next
        continue;
      }
      const now = performance.now();
      for (const event of answer.data?.msgList ?? []) {
        if (event.event_type !== 1201) continue;
        const seq = /^bench (\d+)$/.exec(event.msgContent ?? '')?.[1];
        if (seq === undefined) continue;
        const id = event.msgId ?? event.id;
        if (person.seen.has(id)) {
          replayed++;
          continue;
        }
        person.seen.add(id);
        everReceived.add(seq);
        received.set(seq, (received.get(seq) ?? 0) + 1);
        if (received.get(seq) === 1 && sentAt.has(seq)) latencies.push(now - sentAt.get(seq));
      }
      person.cursor = answer.data?.cursor ?? person.cursor;
      if (answer.data?.wait === undefined) await sleep(POLL_DELAY);
    }
  });

  // The console side: every agent holds its poll; a visitor's typing shows in its agent's chat list.
  const agentLoops = consoles
    ? tokens.map(async (token, n) => {
        let cursor;
        let seen;
        while (polling) {
          const instance = pick(instances, n);
          const query = new URLSearchParams({
            ...(cursor !== undefined && { cursor, wait: String(WAIT) }),
            ...(seen && { seen }),
          });
          let answer;
          try {
            answer = (await call(instance.port, 'GET', `/api/agent/poll?${query}`, undefined, { token }))
              .data;
          } catch {
            await sleep(POLL_DELAY);
            continue;
          }
          agentPolls++;
          const now = performance.now();
          for (const chat of answer.chats) {
            const sent = chat.visitorTyping ? typingSent.get(chat.visitorTyping) : undefined;
            if (typeof sent === 'number') {
              typingSent.delete(chat.visitorTyping);
              typingLatencies.push(now - sent);
            }
          }
          cursor = answer.cursor;
          seen = answer.view;
        }
      })
    : [];

  // Every poll held (or a few seconds, for the runs that do not wait) before the clock starts.
  const heldDeadline = Date.now() + 60_000;
  while (waitHeld && Date.now() < heldDeadline) {
    const held = (
      await Promise.all(instances.map((instance) => metric(instance.port, 'parley_held_polls')))
    ).reduce((sum, count) => sum + count, 0);
    if (held >= people.length) break;
    await sleep(250);
  }
  progress(`${name}: polls held`);
  await sleep(1000);
  const rssHeld = instances.map((instance) => rssMb(instance.pid));

  /** One send phase at `rate` for `length` s: its own counts, drained before the next phase. */
  const phase = async (label, rate, length) => {
    sentAt.clear();
    received.clear();
    latencies.length = 0;
    typingSent.clear();
    typingLatencies.length = 0;
    replayed = 0;
    agentPolls = 0;
    let sending = true;
    const cpuStart = instances.map((instance) => cpuTicks(instance.pid));
    const pgCpuStart = postgresTicks(postmaster);
    const benchCpuStart = process.cpuUsage();
    const xactStart = await counters.transactions();
    const notifyStart = { ...counters.counts };
    const started = performance.now();

    /** Sends one message, retrying (same clientMsgId, as the console's outbox) on another instance. */
    const send = async (person, seq) => {
      for (let attempt = 0; attempt < 50; attempt++) {
        const instance = pick(instances, person.agent + attempt);
        try {
          await call(
            instance.port,
            'POST',
            `/api/agent/chats/${person.sessionId}/messages`,
            { msgContent: `bench ${seq}`, clientMsgId: `bench-${seq}` },
            { token: tokens[person.agent] },
          );
          return;
        } catch {
          await sleep(200);
        }
      }
      sentAt.delete(seq);
    };
    const sender = (async () => {
      for (let n = 0; sending; n++) {
        await sleep(Math.max(0, started + (n * 1000) / rate - performance.now()));
        if (!sending) break;
        const person = people[Math.floor(Math.random() * people.length)];
        const seq = String(sequence++);
        sentAt.set(seq, performance.now());
        sentTo.set(seq, person);
        void send(person, seq);
      }
    })();
    const typist = (async () => {
      if (typingRate <= 0) return;
      for (let n = 0; sending; n++) {
        await sleep(Math.max(0, started + (n * 1000) / typingRate - performance.now()));
        if (!sending) break;
        const visitor = people[Math.floor(Math.random() * people.length)];
        const text = `typing ${typingSequence++}`;
        if (consoles) typingSent.set(text, performance.now());
        void call(
          pick(instances, visitor.n).port,
          'POST',
          '/api/chat/visitor/typing',
          { userId: visitor.userId, msgContent: text },
          { localAddress: visitor.localAddress },
        ).catch(() => typingSent.delete(text));
        const chat = people[Math.floor(Math.random() * people.length)];
        void call(
          pick(instances, chat.agent).port,
          'POST',
          `/api/agent/chats/${chat.sessionId}/typing`,
          undefined,
          { token: tokens[chat.agent] },
        ).catch(() => {});
      }
    })();

    let killedAt;
    await sleep((length * 1000) / 2);
    const rssWhile = instances.map((instance) => rssMb(instance.pid));
    if (kill) {
      const victim = instances.at(-1);
      victim.alive = false;
      victim.child.kill('SIGKILL');
      killedAt = performance.now() - started;
    }
    await sleep((length * 1000) / 2);
    sending = false;
    progress(`${label}: ${rate} messages/s sent, draining`);
    await sender;
    await typist;
    const elapsed = (performance.now() - started) / 1000;
    const seconds = [...pollsBySecond].filter(
      ([second]) => second >= Math.ceil(started / 1000) && second < Math.floor(performance.now() / 1000),
    );
    const pollPeak = Math.max(0, ...seconds.map(([, count]) => count));
    // The mean over the seconds that had visitor polls.
    const pollMean = seconds.reduce((sum, [, count]) => sum + count, 0) / Math.max(1, seconds.length);
    const cpu = instances.map((instance, n) => (cpuTicks(instance.pid) - cpuStart[n]) / TICKS / elapsed);
    const pgCpu = (postgresTicks(postmaster) - pgCpuStart) / TICKS / elapsed;
    const benchCpu = process.cpuUsage(benchCpuStart);
    const notifications = counters.counts.notifications - notifyStart.notifications;
    const notifiedIds = counters.counts.ids - notifyStart.ids;
    // Long enough for the slowest path: a retried send, a failed poll's delay, then a held answer.
    const drainDeadline = Date.now() + 20_000;
    while (Date.now() < drainDeadline && [...sentAt.keys()].some((seq) => !received.has(seq)))
      await sleep(200);
    await sleep(1100); // statistics are flushed at most once a second
    const xact = (await counters.transactions()) - xactStart;

    let lost = 0;
    let duplicated = 0;
    for (const seq of sentAt.keys()) {
      const count = received.get(seq) ?? 0;
      if (count === 0) {
        lost++;
        countedLost.add(seq);
      }
      if (count > 1) duplicated += count - 1;
    }
    const sorted = Float64Array.from(latencies).sort();
    const typingSorted = Float64Array.from(typingLatencies).sort();
    const live = instances.filter((instance) => instance.alive);
    return {
      run: label,
      inst: instances.length,
      visitors: people.length,
      'msg/s': Math.round(sentAt.size / elapsed),
      p50: Math.round(percentile(sorted, 50)),
      p95: Math.round(percentile(sorted, 95)),
      p99: Math.round(percentile(sorted, 99)),
      lost,
      dup: duplicated,
      replay: replayed,
      'RSS MB/inst': live.map((instance) => Math.round(rssWhile[instance.n])).join('/'),
      'KB/held': Math.round(
        ((rssHeld.reduce((sum, value) => sum + value, 0) - rssBefore.reduce((sum, value) => sum + value, 0)) *
          1024) /
          people.length,
      ),
      'CPU %/inst': cpu
        .map((value, n) => (instances[n].alive ? String(Math.round(value * 100)) : 'killed'))
        .join('/'),
      'PG CPU %': Math.round(pgCpu * 100),
      'bench CPU %': Math.round(((benchCpu.user + benchCpu.system) / 1e6 / elapsed) * 100),
      'PG xact/s': Math.round(xact / ((performance.now() - started) / 1000)),
      'NOTIFY/s': Math.round(notifications / elapsed),
      'ids/NOTIFY': notifications ? Number((notifiedIds / notifications).toFixed(1)) : 0,
      // The busiest second's visitor polls against the average: 1 when renewals are spread.
      'polls/s peak': pollPeak,
      'peak/mean': pollMean ? Number((pollPeak / pollMean).toFixed(1)) : 0,
      ...(consoles && {
        'typing p50': Math.round(percentile(typingSorted, 50)),
        'typing p99': Math.round(percentile(typingSorted, 99)),
        'agent polls/s': Math.round(agentPolls / elapsed),
      }),
      ...(kill && { 'killed at s': Number((killedAt / 1000).toFixed(1)), 'failed polls': failedPolls }),
      load: loadavg()
        .map((value) => value.toFixed(1))
        .join(' '),
    };
  };

  const rows = [];
  for (const [step, { rate, length }] of phases.entries()) {
    const row = await phase(phases.length > 1 ? `${name}@${rate}` : name, rate, length);
    rows.push(row);
    print(row);
    if (phases.length > 1 && (!(row.p99 <= CEILING_MS) || row.lost > 0)) break;
    if (step === phases.length - 1) break;
  }
  if (countedLost.size > 0) {
    // Late or lost: the polls go on for up to 30 s more, then what still has not arrived is lost.
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline && [...countedLost].some((seq) => !everReceived.has(seq))) await sleep(250);
    const neverSeqs = [...countedLost].filter((seq) => !everReceived.has(seq));
    const never = neverSeqs.length;
    for (const seq of neverSeqs.slice(0, 5)) {
      const person = sentTo.get(seq);
      const stored = await counters.stored(`bench ${seq}`);
      console.log(
        `[bench]   never: message ${seq} (${stored} stored) to visitor ${person.n} (${person.userId}, instance ${pick(instances, person.n).port}); its poll: asking since ${((performance.now() - person.asking.since) / 1000).toFixed(1)} s on ${person.asking.port} from cursor ${person.asking.cursor}, failed ${person.failed ?? 0} times (${person.lastError ?? 'no error'})`,
      );
    }
    console.log(
      `[bench] ${name}: of ${countedLost.size} counted lost, ${countedLost.size - never} arrived later (over 20 s after sending stopped), ${never} never`,
    );
  }
  polling = false;
  await counters.close();
  // The loops end when their held polls do: the instances are killed next (a graceful stop with
  // thousands of held connections takes minutes here, see docs/capacity.md), so they end at once.
  return { rows, stopping: Promise.all([...loops, ...agentLoops]) };
}

// ---- the runs ------------------------------------------------------------------------------------

const postgres = await startPostgres();
const children = new Set();
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    for (const child of children) child.kill('SIGKILL');
    postgres.stop();
    rmSync(dir, { recursive: true, force: true });
    process.exit(130);
  });
}
const startedAt = performance.now();
const progress = (text) =>
  console.log(`[bench ${((performance.now() - startedAt) / 1000).toFixed(0)} s] ${text}`);
const rows = [];
const print = (row) => {
  rows.push(row);
  console.log(
    Object.entries(row)
      .map(([key, value]) => `${key}=${value}`)
      .join(' '),
  );
};
try {
  const database = await createDatabase(postgres.adminUrl);
  const context = { databaseUrl: database.url, databaseName: database.name, postmaster: postgres.postmaster };
  console.log(
    `[bench] ${visitorCount} visitors with ${agentCount} agents; ${baseRate} messages/s; ${typingRate} visitor and ${typingRate} agent typing changes/s; ${seconds} s a run; first polls ${spreadMs ? `spread over ${spreadMs / 1000} s` : 'at once'}; open-file limit ${openFiles}; load ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')} on ${(await import('node:os')).cpus().length} cores`,
  );
  const [setup] = await startInstances(1, database.url);
  const population = await populate(setup.port, database.url);
  console.log(
    `[bench] ${visitorCount} visitors started and taken by agents in ${population.seconds.toFixed(0)} s`,
  );
  await stopInstances([setup]);

  /** Starts `count` fresh instances, runs, stops them. */
  /** Starts `count` fresh instances, runs the phases (default one at --rate), kills them. */
  const run = async (name, count, options = {}, env = {}, serverMain = main) => {
    const instances = await startInstances(count, database.url, env, serverMain);
    progress(`${name}: ${count} instance(s) up`);
    try {
      const result = await measure(name, instances, population, {
        phases: [{ rate: baseRate, length: seconds }],
        ...context,
        ...options,
      });
      await stopInstances(instances);
      await result.stopping;
      return result.rows;
    } catch (error) {
      await stopInstances(instances);
      throw error;
    }
  };
  /** The rates of the ceiling search, each held for --step-seconds on the same instances. */
  const rising = [50, 100, 200, 400, 800, 1600, 3200].map((rate) => ({ rate, length: stepSeconds }));
  const ceiling = (count, steps) => {
    const under = steps.filter((row) => row.p99 <= CEILING_MS && row.lost === 0);
    console.log(
      `[bench] ceiling with ${count} instance(s): ${under.at(-1)?.['msg/s'] ?? 0} messages/s with p99 <= ${CEILING_MS} ms and nothing lost`,
    );
  };

  const beforeMain = flags['before-main'] ? resolve(flags['before-main']) : undefined;
  const before = beforeMain
    ? { label: 'before', env: {}, serverMain: beforeMain }
    : { label: 'unbatched', env: { WAKE_WINDOW_MS: '0' }, serverMain: main };
  // The before twins of the runs listed among one, two and console; of two and console when none is.
  const twinned = ['one', 'two', 'console'].filter((name) => runs.includes(name));
  const twin = (name) =>
    runs.includes('before') && (twinned.length === 0 ? name !== 'one' : twinned.includes(name));
  if (twin('one')) await run(`one-${before.label}`, 1, {}, before.env, before.serverMain);
  if (runs.includes('one')) await run('one', 1);
  if (twin('two')) await run(`two-${before.label}`, 2, {}, before.env, before.serverMain);
  if (runs.includes('two')) await run('two', 2);
  if (runs.includes('four')) await run('four', 4);
  if (runs.includes('ceiling')) {
    for (const count of [1, 2]) ceiling(count, await run(`ceiling-${count}`, count, { phases: rising }));
  }
  if (runs.includes('kill')) await run('kill', 2, { kill: true });
  if (twin('console')) {
    await run(`console-${before.label}`, 2, { consoles: true }, before.env, before.serverMain);
  }
  if (runs.includes('console')) await run('console', 2, { consoles: true });
  console.log('\n[bench] summary (figures are comparisons inside this run; see docs/capacity.md)');
  console.table(rows);
} finally {
  http.destroy();
  postgres.stop();
  rmSync(dir, { recursive: true, force: true });
}
