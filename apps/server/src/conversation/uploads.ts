import type { ConversationStore } from './store.js';

// What the visitors of a channel have uploaded lately (the quotas), and the files past retention.

export const DAY_MS = 24 * 60 * 60 * 1000;

/** Bytes this visitor, and all visitors of its channel, uploaded in the last day (agents' files not counted). */
export async function uploadUsage(
  store: ConversationStore,
  visitorId: string,
): Promise<{ visitor: number; channel: number }> {
  const since = store.clock() - DAY_MS;
  const [row] = await store.db.query<{ visitor: number | string | null; channel: number | string | null }>(
    `select
       (select sum(size) from uploads where visitor_id = $1 and agent_id is null and created_at > $2) as visitor,
       (select sum(u.size) from uploads u join visitors v on v.id = u.visitor_id
         where v.channel_id = (select channel_id from visitors where id = $1)
           and u.agent_id is null and u.created_at > $2) as channel`,
    [visitorId, since],
  );
  return { visitor: Number(row?.visitor ?? 0), channel: Number(row?.channel ?? 0) };
}

/** Forgets uploads older than `maxAgeMs` and answers their ids, so the caller deletes the files. */
export async function expireUploads(store: ConversationStore, maxAgeMs: number): Promise<string[]> {
  const rows = await store.db.query<{ id: string }>(
    'delete from uploads where created_at < $1 returning id',
    [store.clock() - maxAgeMs],
  );
  return rows.map((row) => row.id);
}
