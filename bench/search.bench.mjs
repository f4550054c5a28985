// The inbox's search over a million messages on PostgreSQL: the agent API's `search` (full text,
// conversation/search.ts) beside the substring scan a search box without an index does
// (`ILIKE '%word%'`), on the same data in the same run.
//
//   npm run bench:search            (BENCH_MESSAGES=1000000, BENCH_ROUNDS=20)
//
// The data is generated in SQL: 25 000 visitors, 50 000 conversations of one channel, messages of
// 8 to 15 words drawn from a 5 000-word vocabulary with a skewed frequency, and, at known rates,
// English, Chinese and Arabic phrases the queries look for. Half the conversations are English
// (`en-US`), so their messages are stemmed too (migration 015) and a search tries both indexes.
import pg from 'pg';
import { freePort, startReferenceServer } from './net.mjs';
import { startPostgres } from './pg.mjs';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 1_000_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const PEER_ROUNDS = Math.max(3, Math.round(ROUNDS / 4));
const SESSIONS = Math.max(10, Math.round(MESSAGES / 20));
const VISITORS = Math.max(5, Math.round(SESSIONS / 2));

/** What an agent types, by kind; each kind is timed on its own. */
const QUERIES = [
  ['a rare word', 'zx0042'],
  ['a word in 1 of 500', 'refund'],
  ['a prefix of it', 'refun'],
  ['an inflected form of it (English stems)', 'refunds'],
  ['two words', 'refund parcel'],
  ['a common word', 'w3'],
  ['Chinese', '退款'],
  ['Arabic', 'استرداد'],
  ['an email', 'visitor1234@'],
];

const percentile = (values, share) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? Number.NaN;
};
const ms = (value) => `${value.toFixed(1)} ms`;

async function load(client) {
  const started = performance.now();
  const [{ tenant_id: tenant }] = (await client.query(`select tenant_id from channels where id = 'human'`))
    .rows;
  const t0 = Date.UTC(2026, 0, 1);
  await client.query('alter table messages disable trigger messages_touch_session');
  await client.query('alter table messages disable trigger messages_search_config');
  await client.query('drop index messages_search');
  await client.query(
    `insert into visitors (id, tenant_id, channel_id, name, email, created_at)
     select 'bv' || g, $1, 'human', 'Visitor ' || g, 'visitor' || g || '@example.org', $2::bigint
     from generate_series(1, $3::int) g`,
    [tenant, t0, VISITORS],
  );
  await client.query(
    `insert into sessions (id, poll_id, visitor_id, channel_id, status, created_at, closed_at, state,
       last_activity_at, changed_at, language)
     select 'bs' || g, 'bp' || g, 'bv' || (g % $2::int + 1), 'human', 0, $1::bigint + g::bigint * 60000,
       $1::bigint + g::bigint * 60000 + 600000, 'resolved', $1::bigint + g::bigint * 60000 + 600000, $1::bigint + g::bigint * 60000 + 600000,
       case when g % 2 = 0 then 'en-US' end
     from generate_series(1, $3::int) g`,
    [t0, VISITORS, SESSIONS],
  );
  // Words w0..w4999, the low ones common (a cubed uniform draw); at fixed rates the phrases the
  // queries look for.
  await client.query(
    `insert into messages (id, session_id, visitor_id, sender_type, msg_type, msg_content, msg_time,
       search_config)
     select 'bm' || g, 'bs' || (g % $2::int + 1), 'bv' || ((g % $2::int + 1) % $3::int + 1),
       1 + g % 2, '1',
       case
         when g % 500 = 7 then 'I want a refund, the parcel never came'
         when g % 650 = 11 then '我想申请退款，订单还没到'
         when g % 40 = 3 then '请问今天可以发货吗'
         when g % 700 = 13 then 'أريد استرداد المبلغ من فضلك'
         when g % 50000 = 17 then 'code zx0042 please'
         else (select string_agg('w' || floor(power(random(), 3) * 5000)::int, ' ')
               from generate_series(1, 8 + (g % 8)) k where k > 0 * g)
       end,
       $1::bigint + g * 30,
       -- the session's language, as the trigger would set it
       case when (g % $2::int + 1) % 2 = 0 then 'english'::regconfig else 'simple'::regconfig end
     from generate_series(1, $4::int) g`,
    [t0, SESSIONS, VISITORS, MESSAGES],
  );
  await client.query('create index messages_search on messages using gin (search)');
  await client.query('alter table messages enable trigger messages_touch_session');
  await client.query('alter table messages enable trigger messages_search_config');
  await client.query('analyze');
  return (performance.now() - started) / 1000;
}

async function main() {
  const postgres = await startPostgres({ settings: ['-c shared_buffers=256MB', '-c work_mem=32MB'] });
  const port = await freePort();
  let server;
  try {
    server = await startReferenceServer(port, { DATABASE_URL: postgres.url });
    const client = new pg.Client({ connectionString: postgres.url });
    await client.connect();
    const seconds = await load(client);
    const base = `http://127.0.0.1:${port}`;
    const login = await fetch(`${base}/api/agent/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'alice', password: 'alice-demo' }),
    });
    const { data } = await login.json();
    const headers = { authorization: `Bearer ${data.token}` };

    console.log(
      `search over ${MESSAGES.toLocaleString('en')} messages, ${SESSIONS.toLocaleString('en')} conversations ` +
        `(loaded and indexed in ${seconds.toFixed(0)} s); ${ROUNDS} rounds each, the substring scan ${PEER_ROUNDS}`,
    );
    const rows = [];
    const all = { parley: [], peer: [] };
    for (const [kind, text] of QUERIES) {
      const times = [];
      let hits = 0;
      for (let round = 0; round < ROUNDS; round++) {
        const started = performance.now();
        const answer = await fetch(`${base}/api/agent/search?q=${encodeURIComponent(text)}`, { headers });
        const body = await answer.json();
        times.push(performance.now() - started);
        if (body.code !== 200) throw new Error(`search ${text}: ${body.message}`);
        hits = body.data.hits.length;
      }
      const peer = [];
      let peerHits = 0;
      for (let round = 0; round < PEER_ROUNDS; round++) {
        const started = performance.now();
        const like = `%${text}%`;
        const result = await client.query(
          `select distinct on (m.session_id) m.session_id, m.msg_time from messages m
           where m.msg_content ilike $1 and not m.deleted
           union all
           select s.id, s.last_activity_at from visitors v join sessions s on s.visitor_id = v.id
           where v.name ilike $1 or v.email ilike $1 or v.phone ilike $1
           order by 2 desc limit 50`,
          [like],
        );
        peer.push(performance.now() - started);
        peerHits = result.rowCount;
      }
      all.parley.push(...times);
      all.peer.push(...peer);
      rows.push([
        kind,
        text,
        hits,
        percentile(times, 0.5),
        percentile(times, 0.95),
        peerHits,
        percentile(peer, 0.5),
        percentile(peer, 0.95),
      ]);
    }
    console.log(
      '\n| query | text | Parley hits | Parley p50 | Parley p95 | ILIKE hits | ILIKE p50 | ILIKE p95 |\n| --- | --- | --- | --- | --- | --- | --- | --- |',
    );
    for (const [kind, text, hits, p50, p95, peerHits, peer50, peer95] of rows)
      console.log(
        `| ${kind} | ${text} | ${hits} | ${ms(p50)} | ${ms(p95)} | ${peerHits} | ${ms(peer50)} | ${ms(peer95)} |`,
      );
    console.log(
      `| all | | | ${ms(percentile(all.parley, 0.5))} | ${ms(percentile(all.parley, 0.95))} | | ${ms(percentile(all.peer, 0.5))} | ${ms(percentile(all.peer, 0.95))} |`,
    );
    console.log('\n(Parley: the HTTP call, as the console makes it; ILIKE: the SQL alone.)');
    await client.end();
  } finally {
    server?.kill();
    postgres.stop();
  }
}

await main();
