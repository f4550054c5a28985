import { ChatStatus } from '@parley/chat-protocol';
import type { Queryable } from '../db/types.js';
import { recordActivity } from './activity.js';
import { emitVisitorEvent, type Touched, VisitorEvent } from './events.js';
import { dispatch, lockRouting } from './routing.js';
import type { ConversationStore } from './store.js';

// Presence: who is online, from their live console sessions (docs/routing.md).
//
// An agent is online when three things hold: they chose to be (`agents.online`, the Go offline
// switch), they are not disabled, and one of their console sessions is alive (`agents.present`):
// it logged in or polled within the presence timeout. Logging out ends that session at once; a
// session that stops polling ends after the timeout. Away keeps an agent online with their open
// chats, but routing gives them no new one. Every change is recorded in `presence_changes` with
// its reason, and wakes the consoles, whose poll answer carries the team's presence.

/** How long a console session counts as alive after its last poll: three held polls of 15 s. */
export const PRESENCE_TIMEOUT_MS = 45_000;
/** How often each server instance looks for sessions that stopped polling, and offline agents' chats. */
export const PRESENCE_SWEEP_MS = 5_000;
/**
 * How long a chat stays with an agent who went offline (timeout, Go offline) before it goes back
 * to the front of the queue, unless the channel says otherwise (`requeueAfterMs`; null keeps it).
 * Logging out and being disabled requeue at once.
 */
export const DEFAULT_REQUEUE_AFTER_MS = 120_000;
/**
 * A poll or call refreshes its session's last-seen time at most this often (one write per agent),
 * or a quarter of the presence timeout when that is shorter.
 */
const SEEN_RESOLUTION_MS = 5_000;

/**
 * A console session of agent `a` alive at `now` (the parameter placeholders given): it polled or
 * called after `since` and has not expired. The one definition of a live session.
 */
const liveSession = (now: string, since: string) =>
  `exists (select 1 from agent_sessions x where x.agent_id = a.id and x.last_seen_at > ${since} and x.expires_at > ${now})`;

/** Open chats (`s`) held by an agent (`a`) who is not online: what the offline policy looks at. */
const STRANDED = `sessions s join agents a on a.id = s.admin_id
  where s.closed_at is null and (not a.present or not a.online or a.disabled_at is not null)`;

export type PresenceStatus = 'online' | 'away' | 'offline';
export type PresenceReason =
  | 'login'
  | 'returned'
  | 'logout'
  | 'timeout'
  | 'away'
  | 'back'
  | 'offline'
  | 'online'
  | 'disabled';

/** What an agent's presence is, from the three columns that decide it. */
export function presenceOf(row: {
  online: boolean;
  present: boolean;
  away: boolean;
  disabled?: boolean;
}): PresenceStatus {
  if (!row.online || !row.present || row.disabled) return 'offline';
  return row.away ? 'away' : 'online';
}

/** The SQL of `presenceOf` over `agents a`. */
export const PRESENCE_SQL = `case when not a.online or not a.present or a.disabled_at is not null then 'offline'
  when a.away then 'away' else 'online' end`;

export async function recordPresence(
  tx: Queryable,
  agentId: string,
  status: PresenceStatus,
  reason: PresenceReason,
  at: number,
): Promise<void> {
  await tx.query('insert into presence_changes (agent_id, status, reason, at) values ($1, $2, $3, $4)', [
    agentId,
    status,
    reason,
    at,
  ]);
}

/** The presence of one agent as stored now. */
async function currentPresence(tx: Queryable, agentId: string) {
  const [row] = await tx.query<{
    online: boolean;
    present: boolean;
    away: boolean;
    disabled: boolean;
  }>('select online, present, away, disabled_at is not null as disabled from agents where id = $1', [
    agentId,
  ]);
  return row;
}

/**
 * A console session of this agent is alive (a login, a poll, any call): the agent is present. When
 * they were not, the change is recorded and, online and not away, they take queued visitors.
 */
export async function markPresent(
  store: ConversationStore,
  agentId: string,
  reason: 'login' | 'returned',
): Promise<void> {
  const now = store.clock();
  await store.write(async (tx, touched) => {
    await lockRouting(tx);
    const became = await tx.query<{ online: boolean; away: boolean }>(
      `update agents set present = true, offline_since = null where id = $1 and not present
         and disabled_at is null returning online, away`,
      [agentId],
    );
    const row = became[0];
    if (!row) return;
    const status = presenceOf({ ...row, present: true });
    await recordPresence(tx, agentId, status, reason, now);
    if (status === 'online') await dispatch(store, tx, touched);
    else if (status === 'offline')
      await tx.query('update agents set offline_since = $2 where id = $1', [agentId, now]);
  });
}

/**
 * Refreshes a session's last-seen time (at most every few seconds) and answers whether the agent
 * must be marked present again (their presence had timed out while the session lived on).
 */
export async function touchSession(store: ConversationStore, tokenHash: string): Promise<boolean> {
  const now = store.clock();
  const rows = await store.db.query<{ present: boolean }>(
    `with seen as (
       update agent_sessions set last_seen_at = $2
       where token_hash = $1 and last_seen_at < $3 returning agent_id)
     select a.present from seen join agents a on a.id = seen.agent_id`,
    [tokenHash, now, now - Math.min(SEEN_RESOLUTION_MS, store.presenceTimeoutMs / 4)],
  );
  return rows.length > 0 && !rows[0]?.present;
}

/**
 * Agents whose every console session stopped polling (or expired) are offline now: recorded with
 * the reason `timeout`. Runs under the routing lock, so routing never hands a chat to them after.
 */
export async function expirePresence(store: ConversationStore, tx: Queryable): Promise<string[]> {
  const now = store.clock();
  const gone = await tx.query<{ id: string }>(
    `update agents a set present = false, offline_since = coalesce(a.offline_since, $1)
     where a.present and not ${liveSession('$1', '$2')}
     returning a.id`,
    [now, now - store.presenceTimeoutMs],
  );
  for (const { id } of gone) await recordPresence(tx, id, 'offline', 'timeout', now);
  return gone.map(({ id }) => id);
}

/**
 * The agent logged out of one console: when no other session of theirs is alive they are offline
 * at once, and their open chats go back to the queue now (unless their channel keeps them).
 */
export async function loggedOut(store: ConversationStore, agentId: string): Promise<void> {
  const now = store.clock();
  await store.write(async (tx, touched) => {
    await lockRouting(tx);
    const gone = await tx.query(
      `update agents a set present = false, offline_since = $2
       where a.id = $1 and a.present and not ${liveSession('$2', '$3')}
       returning a.id`,
      [agentId, now, now - store.presenceTimeoutMs],
    );
    if (gone.length === 0) return;
    await recordPresence(tx, agentId, 'offline', 'logout', now);
    await requeueChatsOf(store, tx, touched, agentId, 'logout');
  });
}

/**
 * A channel's `requeueAfterMs` (null: keeps an offline agent's chats), read in the transaction: the
 * channel cache may read outside it, which on the embedded database waits for this very transaction.
 */
async function requeueAfter(tx: Queryable, channelId: string): Promise<number | null> {
  const [row] = await tx.query<{ set: boolean; after: string | null }>(
    `select config ? 'requeueAfterMs' as set, config->>'requeueAfterMs' as after from channels where id = $1`,
    [channelId],
  );
  if (!row?.set) return DEFAULT_REQUEUE_AFTER_MS;
  return row.after === null ? null : Number(row.after);
}

/** The open chats an agent holds, with their channel's offline policy to apply. */
async function heldChats(tx: Queryable, agentId: string) {
  return tx.query<{ id: string; visitor_id: string; channel_id: string }>(
    `select id, visitor_id, channel_id from sessions
     where admin_id = $1 and closed_at is null and status = $2 order by taken_at for update`,
    [agentId, ChatStatus.withAgent],
  );
}

/**
 * Puts these open chats of `agentId` back at the front of the queue, oldest first: the visitor is
 * told the agent left (1304) and where they are; routing then gives each to whoever is free.
 * `why` says what happened to the agent. Under the routing lock.
 */
export async function requeue(
  store: ConversationStore,
  tx: Queryable,
  touched: Touched,
  agentId: string,
  chats: { id: string; visitor_id: string; channel_id: string }[],
  why: PresenceReason | 'takenOver',
  options: { dispatch?: boolean } = {},
): Promise<void> {
  if (chats.length === 0) return;
  const now = store.clock();
  const [agent] = await tx.query<{ nick: string }>('select nick from agents where id = $1', [agentId]);
  // In front of everyone waiting: the lowest sequence numbers, in the order the agent took them.
  const [front] = await tx.query<{ seq: number | string | null }>('select min(seq) as seq from queue');
  let seq = Number(front?.seq ?? 1) - chats.length;
  for (const chat of chats) {
    const [session] = await tx.query<{ group_id: string | null; requested_admin_id: string | null }>(
      `update sessions set status = $2, admin_id = null, changed_at = $3 where id = $1
       returning group_id, requested_admin_id`,
      [chat.id, ChatStatus.queued, now],
    );
    await tx.query(
      `insert into queue (session_id, seq, channel_id, group_id, admin_id, wait_index, enqueued_at)
       values ($1, $2, $3, $4, null, 1, $5)`,
      [chat.id, seq++, chat.channel_id, session?.group_id ?? null, now],
    );
    // A request for the agent who left would keep the visitor waiting for nobody.
    if (session?.requested_admin_id === agentId)
      await tx.query('update sessions set requested_admin_id = null where id = $1', [chat.id]);
    await recordActivity(tx, {
      sessionId: chat.id,
      agentId: null,
      kind: 'requeued',
      detail: { from: agentId, why },
      at: now,
    });
    await emitVisitorEvent(tx, touched, {
      visitorId: chat.visitor_id,
      sessionId: chat.id,
      type: VisitorEvent.agentLeft,
      payload: { adminNick: agent?.nick ?? '', msgTime: now, waitIndex: 1 },
      now,
    });
  }
  if (options.dispatch !== false) await dispatch(store, tx, touched);
}

/** Requeues every open chat of an agent whose channel does not keep them (`why` immediate). */
async function requeueChatsOf(
  store: ConversationStore,
  tx: Queryable,
  touched: Touched,
  agentId: string,
  why: PresenceReason,
): Promise<void> {
  const chats = [];
  for (const chat of await heldChats(tx, agentId)) {
    if (why === 'disabled' || (await requeueAfter(tx, chat.channel_id)) !== null) chats.push(chat);
  }
  await requeue(store, tx, touched, agentId, chats, why);
}

/** A disabled agent is offline at once, and their open chats go back to the queue. */
export async function disabled(
  store: ConversationStore,
  tx: Queryable,
  touched: Touched,
  agentId: string,
): Promise<void> {
  const now = store.clock();
  await lockRouting(tx);
  const was = await tx.query(
    'update agents set present = false, offline_since = $2 where id = $1 and present returning id',
    [agentId, now],
  );
  if (was.length > 0) await recordPresence(tx, agentId, 'offline', 'disabled', now);
  await requeueChatsOf(store, tx, touched, agentId, 'disabled');
}

/**
 * The periodic sweep: sessions that stopped polling end (their agents go offline), and the open
 * chats of agents offline longer than their channel's `requeueAfterMs` go back to the queue.
 */
export async function sweepPresence(store: ConversationStore): Promise<void> {
  const now = store.clock();
  // Most sweeps find nothing: one read, no lock, no transaction.
  const [work] = await store.db.query(
    `select 1 where exists (select 1 from agents a where a.present and not ${liveSession('$1', '$2')})
     or exists (select 1 from ${STRANDED} and s.status = $3)`,
    [now, now - store.presenceTimeoutMs, ChatStatus.withAgent],
  );
  if (!work) return;
  await store.write(async (tx, touched) => {
    await lockRouting(tx);
    const expired = await expirePresence(store, tx);
    const stranded = await tx.query<{
      id: string;
      visitor_id: string;
      channel_id: string;
      admin_id: string;
      offline_since: number | string;
      disabled: boolean;
    }>(
      `select s.id, s.visitor_id, s.channel_id, s.admin_id, coalesce(a.offline_since, 0) as offline_since,
         a.disabled_at is not null as disabled
       from ${STRANDED} and s.status = $1
       order by s.taken_at for update of s`,
      [ChatStatus.withAgent],
    );
    const due = new Map<string, typeof stranded>();
    for (const chat of stranded) {
      const after = await requeueAfter(tx, chat.channel_id);
      if (!chat.disabled && (after === null || now - Number(chat.offline_since) < after)) continue;
      due.set(chat.admin_id, [...(due.get(chat.admin_id) ?? []), chat]);
    }
    for (const [agentId, chats] of due) await requeue(store, tx, touched, agentId, chats, 'timeout');
    // Nothing changed for anyone: no console needs waking.
    if (expired.length === 0 && due.size === 0) touched.quiet();
  });
}

/** The agent set their own status: recorded, and coming online (or back) takes queued visitors. */
export async function statusChanged(
  store: ConversationStore,
  tx: Queryable,
  touched: Touched,
  agentId: string,
  was: PresenceStatus,
): Promise<void> {
  const row = await currentPresence(tx, agentId);
  if (!row) return;
  const now = store.clock();
  const status = presenceOf(row);
  if (status === was) return;
  const reason: PresenceReason =
    status === 'away' ? 'away' : status === 'offline' ? 'offline' : was === 'away' ? 'back' : 'online';
  await recordPresence(tx, agentId, status, reason, now);
  await tx.query(
    `update agents set offline_since = case when $2 then coalesce(offline_since, $3) else null end where id = $1`,
    [agentId, status === 'offline', now],
  );
  if (status === 'online') await dispatch(store, tx, touched);
}
