// What webhooks and reports cost: a message insert with no endpoint, with an endpoint that does not
// want the event, and with one that does (the trigger writes an event and a delivery); then a
// month's report over 6000 conversations and 60000 messages.
//   npm run bench:operators                      (embedded database, in memory)
//   DATABASE_URL=postgres://.../empty npm run bench:operators
import { openDatabase } from '../apps/server/src/db/db.js';
import { buildReport } from '../apps/server/src/reports/reports.js';
import { addEndpoint } from '../apps/server/src/webhooks/endpoints.js';

const url = process.env.DATABASE_URL;
const db = await openDatabase(url ? { databaseUrl: url } : {});
await db.query(
  `insert into channels (id, tenant_id, config, updated_at) values ('c', 't', '{"id":"c","tenantId":"t","info":{}}', 0) on conflict do nothing`,
);
await db.query(
  `insert into visitors (id, tenant_id, channel_id, created_at) values ('v', 't', 'c', 0) on conflict do nothing`,
);
await db.query(
  `insert into sessions (id, poll_id, visitor_id, channel_id, created_at) values ('s', 'p', 'v', 'c', 0) on conflict do nothing`,
);
let n = 0;
const insert = async (count: number) => {
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    n++;
    await db.transaction(async (tx) => {
      await tx.query(
        `insert into messages (id, session_id, visitor_id, sender_type, msg_type, msg_content, msg_time) values ($1, 's', 'v', 1, '1', 'hello', $2)`,
        [`m${n}`, n],
      );
    });
  }
  return (performance.now() - started) / count;
};
await insert(200);
const none = await insert(2000);
await addEndpoint(db, { url: 'https://example.com/hook', events: ['conversation.rated'] }, 0);
const unwanted = await insert(2000);
await addEndpoint(db, { url: 'https://example.com/hook2' }, 0);
const wanted = await insert(2000);
// a month: 30 days x 200 conversations with 10 messages each
await db.query(`insert into sessions (id, poll_id, visitor_id, channel_id, admin_id, created_at, taken_at, first_taken_at, closed_at)
  select 'r' || g, 'rp' || g, 'v', 'c', null, 1767225600000 + g * 12960, 1767225600000 + g * 12960 + 30000, 1767225600000 + g * 12960 + 30000, 1767225600000 + g * 12960 + 900000 from generate_series(1, 6000) g`);
await db.query(`alter table messages disable trigger webhook_messages`);
await db.query(`insert into messages (id, session_id, visitor_id, sender_type, msg_type, msg_content, msg_time)
  select 'rm' || g || '-' || k, 'r' || g, 'v', case when k % 2 = 0 then 2 else 1 end, '1', 'x', 1767225600000 + g * 12960 + 30000 + k * 1000 from generate_series(1, 6000) g, generate_series(1, 10) k`);
await db.query('analyze');
const started = performance.now();
const report = await buildReport(db, { from: '2026-01-01', to: '2026-01-30', timeZone: 'Europe/Paris' });
const reportMs = performance.now() - started;
console.log(
  JSON.stringify({
    db: db.kind,
    msPerMessageInsert: {
      noEndpoint: none.toFixed(3),
      endpointNotWanting: unwanted.toFixed(3),
      endpointWanting: wanted.toFixed(3),
    },
    reportOfMonth6000Chats60000Messages: `${reportMs.toFixed(0)} ms`,
    conversations: report.totals.conversations,
  }),
);
await db.close();
