import { ChatStatus, type EventMsg } from '@parley/chat-protocol';
import { Audience, holdUntilNew, MAX_HOLD_MS } from './events.js';
import type { ConversationStore } from './store.js';

// The visitor's poll (getEventMsg): events after a cursor, the status and the queue position.

const MAX_EVENTS_PER_POLL = 100;

/**
 * How much shorter than asked a held poll with nothing new may be: each hold lasts between 75% and
 * all of the wait, at random. Visitors whose polls began together (a restart, a deploy, a network
 * blip) would otherwise renew them together every hold, each renewal a burst of thousands of
 * requests; spread, the bursts melt within a few holds.
 */
export const HOLD_SPREAD = 0.25;

/** The hold of one poll asked to wait `wait` ms: up to `HOLD_SPREAD` shorter, at random. */
export function spreadHold(wait: number, random: () => number = Math.random): number {
  const hold = Math.min(Math.max(wait, 0), MAX_HOLD_MS);
  return Math.round(hold * (1 - HOLD_SPREAD * random()));
}
/**
 * The poll, held when the client asks (`wait`, ms) and nothing new is there: the answer goes out as
 * soon as an event for this visitor is written (on any instance), or empty after the wait. An
 * answer to a held poll says how long the server holds (`wait`), so the page knows it may ask again
 * at once; a server without this answers at once without it, and the page keeps the spec's delays.
 */
export function holdEventMsg(
  store: ConversationStore,
  userId: string,
  pollId: string,
  cursor: number | undefined,
  wait: number,
  signal?: AbortSignal,
) {
  return holdUntilNew(spreadHold(wait), signal, {
    generation: () => store.cache.generation(userId),
    read: () => getEventMsg(store, userId, pollId, cursor),
    isNew: (answer) => answer.msgList.length > 0,
    waitForChange: (generation, ms, abort) => store.cache.waitForChange(userId, generation, ms, abort),
  });
}

/**
 * Events after `cursor` (or after the last cursor this visitor confirmed), oldest first, with the
 * session's status and queue position. Sending a cursor confirms every event up to it: only then
 * does the server's own cursor move, so an answer lost on the way, or a page loaded without a
 * cursor, gets again what it has not confirmed. An empty poll is answered from memory when nothing
 * changed and nothing new is confirmed.
 */
export async function getEventMsg(store: ConversationStore, userId: string, pollId: string, cursor?: number) {
  const now = store.clock();
  const cached = store.cache.get(userId, now);
  if (cached && cached.pollId === pollId && (cursor === undefined || cursor <= cached.serverCursor)) {
    const after = cursor ?? cached.serverCursor;
    if (after >= cached.latestEventId) {
      store.cache.stats.hits++;
      return { msgList: [], status: cached.status, waitIndex: cached.waitIndex, cursor: String(after) };
    }
  }
  store.cache.stats.misses++;
  const generation = store.cache.generation(userId);
  const visitor = await store.visitor(userId);
  const session = await store.ownedSession(userId, 'poll_id', pollId);
  const after = cursor ?? visitor.event_cursor;
  const rows = await store.db.query<{
    id: number;
    event_type: number;
    /** As the event writers stored it: the fields of an `EventMsg`. */
    payload: Partial<EventMsg>;
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
  const confirmed = Math.max(visitor.event_cursor, cursor ?? 0);
  if (confirmed > visitor.event_cursor) {
    await store.db.query('update visitors set event_cursor = greatest(event_cursor, $2) where id = $1', [
      userId,
      confirmed,
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
        serverCursor: confirmed,
      },
      now,
    );
  }
  const msgList = rows.map((row): EventMsg & { id: string } => ({
    id: typeof row.payload.msgId === 'string' ? row.payload.msgId : `event-${row.id}`,
    msgId: typeof row.payload.msgId === 'string' ? row.payload.msgId : `event-${row.id}`,
    userId,
    msgTime: row.created_at,
    msgContent: '',
    ...row.payload,
    event_type: row.event_type,
  }));
  return { msgList, status, waitIndex, cursor: String(last) };
}
