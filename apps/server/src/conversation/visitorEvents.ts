import { ChatStatus } from '@parley/chat-protocol';
import { Audience } from './events.js';
import type { ConversationStore } from './store.js';

// The visitor's poll (getEventMsg): events after a cursor, the status and the queue position.

const MAX_EVENTS_PER_POLL = 100;

/**
 * Events after `cursor` (or after the server's cursor for this visitor), oldest first, with the
 * session's status and queue position. An empty poll is answered from memory when nothing changed.
 */
export async function getEventMsg(store: ConversationStore, userId: string, pollId: string, cursor?: number) {
  const now = store.clock();
  const cached = store.cache.get(userId, now);
  if (cached && cached.pollId === pollId) {
    const after = cursor ?? cached.serverCursor;
    if (after >= cached.latestEventId) {
      return { msgList: [], status: cached.status, waitIndex: cached.waitIndex, cursor: String(after) };
    }
  }
  const generation = store.cache.generation(userId);
  const visitor = await store.visitor(userId);
  const session = await store.ownedSession(userId, 'poll_id', pollId);
  const after = cursor ?? visitor.event_cursor;
  const rows = await store.db.query<{
    id: number;
    event_type: number;
    payload: Record<string, unknown>;
    created_at: number;
  }>(
    `select id, event_type, payload, created_at from events
     where audience = $3 and visitor_id = $1 and id > $2 order by id limit ${MAX_EVENTS_PER_POLL}`,
    [userId, after, Audience.visitor],
  );
  let status = session.closed_at === null ? session.status : ChatStatus.none;
  let waitIndex = 0;
  if (status === ChatStatus.queued) {
    const [queued] = await store.db.query<{ wait_index: number }>(
      'select wait_index from queue where session_id = $1',
      [session.id],
    );
    waitIndex = queued?.wait_index ?? 0;
    if (!queued) status = ChatStatus.none;
  }
  const last = rows.at(-1)?.id ?? after;
  if (cursor === undefined && rows.length > 0) {
    await store.db.query('update visitors set event_cursor = greatest(event_cursor, $2) where id = $1', [
      userId,
      last,
    ]);
  }
  if (rows.length < MAX_EVENTS_PER_POLL) {
    store.cache.set(
      userId,
      generation,
      {
        pollId,
        status,
        waitIndex,
        latestEventId: last,
        serverCursor: cursor === undefined ? last : visitor.event_cursor,
      },
      now,
    );
  }
  const msgList = rows.map((row) => ({
    id: typeof row.payload.msgId === 'string' ? row.payload.msgId : `event-${row.id}`,
    msgId: typeof row.payload.msgId === 'string' ? row.payload.msgId : `event-${row.id}`,
    userId,
    msgTime: row.created_at,
    ...row.payload,
    event_type: row.event_type,
  }));
  return { msgList, status, waitIndex, cursor: String(last) };
}
