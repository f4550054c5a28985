import { ChatStatus, Setting } from '@parley/chat-protocol';
import type { Queryable } from '../db/types.js';
import { badRequest } from '../errors.js';
import { recordActivity } from './activity.js';
import { type AgentRow, parseJson, type SessionRow } from './domain.js';
import { emitVisitorEvent, emitVisitorEvents, type Touched, VisitorEvent } from './events.js';
import { expirePresence } from './presence.js';
import type { ConversationStore } from './store.js';
import { inReach } from './visibility.js';
import { isWorkingTime } from './workingHours.js';

// Routing: which agent takes a chat, the queue, and closing a chat. Everything that hands out an
// agent's slot runs under one database-wide lock, the routing lock (`lockRouting`).

/** A channel's groups (its `groupConfig`), id and name; none when the JSON does not parse. */
export function channelGroups(config: unknown): { groupId: string; groupName: string }[] {
  const groups = parseJson(config);
  return Array.isArray(groups)
    ? groups.map((group: { groupId?: unknown; groupName?: unknown }) => ({
        groupId: String(group.groupId),
        groupName: typeof group.groupName === 'string' ? group.groupName : String(group.groupId),
      }))
    : [];
}

/**
 * A department a visitor asked for, when it is one of the channel's; otherwise none, so the chat
 * goes to the channel's whole team. A stale or made-up `groupId` is never stored: a group that no
 * agent belongs to would hide the chat from every department (docs/routing.md).
 */
export function knownGroup(channel: { info: Record<string, unknown> }, groupId: string | undefined | null) {
  if (!groupId) return null;
  return channelGroups(channel.info.groupConfig).some((group) => group.groupId === groupId) ? groupId : null;
}

/** An agent a visitor asked for, when one serves the channel; otherwise none (anyone may serve). */
export async function knownAgent(tx: Queryable, channelId: string, adminId: string | undefined | null) {
  if (!adminId) return null;
  const [row] = await tx.query(
    'select 1 from agents where id = $1 and disabled_at is null and jsonb_exists(channels, $2)',
    [adminId, channelId],
  );
  return row ? adminId : null;
}

/** The routing lock's key: one database-wide advisory lock, held to the end of the transaction. */
const ROUTING_LOCK = 7002;

/**
 * Takes the routing lock: whoever holds it may hand out an agent's slot or change the queue, so two
 * instances never give one slot twice. Taken before any session row lock, always in that order.
 */
export async function lockRouting(tx: Queryable): Promise<void> {
  await tx.query('select pg_advisory_xact_lock($1)', [ROUTING_LOCK]);
}

/** Sets a session's status (a contract code, passed as a parameter). */
function setStatus(tx: Queryable, sessionId: string, status: ChatStatus): Promise<unknown> {
  return tx.query('update sessions set status = $2 where id = $1', [sessionId, status]);
}

export type AgentLoad = AgentRow & { busy: number; last_assigned_at: number | string | null };

/**
 * Online agents (of one channel, or all) with how many chats each has: one statement. Online is
 * presence (presence.ts): they chose to be, and a console session of theirs is alive; callers
 * under the routing lock end timed-out sessions first (`expirePresence`).
 */
export async function onlineAgents(tx: Queryable, channelId: string | null): Promise<AgentLoad[]> {
  return tx.query<AgentLoad>(
    `select a.id, a.username, a.nick, a.avatar, a.capacity, a.channels, a.groups, a.welcome_msg, a.online,
       a.away, a.role, a.last_assigned_at,
       (select count(*)::int from sessions s where s.admin_id = a.id and s.status = $2 and s.closed_at is null) as busy
     from agents a
     where a.online and a.present and a.disabled_at is null
       and ($1::text is null or jsonb_exists(a.channels, $1))
     order by a.id`,
    [channelId, ChatStatus.withAgent],
  );
}

export { inReach };

/** The agents who may take a chat of this channel (and group, or the named agent). */
export function eligible(
  agents: AgentLoad[],
  channelId: string,
  groupId: string | null,
  adminId: string | null,
) {
  return agents.filter(
    (agent) => inReach(agent, channelId, groupId) && (adminId === null || agent.id === adminId),
  );
}

/** When routing last gave the agent a chat; never is longest ago. */
const lastAssigned = (agent: AgentLoad) =>
  agent.last_assigned_at === null ? Number.NEGATIVE_INFINITY : Number(agent.last_assigned_at);

/**
 * Of these agents, who routing gives the next chat: not away, with a free slot, the most free slots,
 * and on a tie whoever routing served longest ago (round-robin), then the first by id.
 */
function mostFree(agents: AgentLoad[]): AgentLoad | undefined {
  let free: AgentLoad | undefined;
  for (const agent of agents) {
    if (agent.away || agent.busy >= agent.capacity) continue;
    const slots = agent.capacity - agent.busy;
    const best = free ? free.capacity - free.busy : -1;
    if (!free || slots > best || (slots === best && lastAssigned(agent) < lastAssigned(free))) free = agent;
  }
  return free;
}

/**
 * Online agents of the channel (and group, or the named agent), but the one `exceptId` names (an
 * agent handing the chat on), and the one with most free slots.
 */
export async function findAgent(
  tx: Queryable,
  channelId: string,
  groupId: string | null,
  adminId: string | null,
  exceptId: string | null = null,
): Promise<{ online: number; free?: AgentRow }> {
  const agents = eligible(await onlineAgents(tx, channelId), channelId, groupId, adminId).filter(
    (agent) => agent.id !== exceptId,
  );
  const free = mostFree(agents);
  return free ? { online: agents.length, free } : { online: agents.length };
}

export async function assign(
  store: ConversationStore,
  tx: Queryable,
  touched: Touched,
  session: SessionRow,
  agent: AgentRow,
): Promise<void> {
  const now = store.clock();
  // Taken: in the inbox from now on, though nobody has written yet.
  await tx.query(
    `update sessions set status = $4, admin_id = $2, taken_at = $3, changed_at = $3,
       last_activity_at = coalesce(last_activity_at, $3) where id = $1`,
    [session.id, agent.id, now, ChatStatus.withAgent],
  );
  await tx.query('delete from queue where session_id = $1', [session.id]);
  await tx.query('update agents set last_assigned_at = $2 where id = $1', [agent.id, now]);
  (agent as Partial<AgentLoad>).last_assigned_at = now;
  await emitVisitorEvent(tx, touched, {
    visitorId: session.visitor_id,
    sessionId: session.id,
    type: VisitorEvent.agentJoined,
    payload: { adminNick: agent.nick, senderName: agent.nick, msgTime: now },
    now,
  });
}

/**
 * Gives queued visitors, oldest first, to agents with a free slot, then tells those still waiting
 * whose position changed their new one. Runs under the routing lock, in a fixed number of
 * statements whatever the queue's length: the queue and the online agents are read once, each
 * assignment is written, and the changed positions are written and announced in one batch.
 */
export async function dispatch(store: ConversationStore, tx: Queryable, touched: Touched): Promise<void> {
  await lockRouting(tx);
  await expirePresence(store, tx);
  const queued = await tx.query<SessionRow & { wait_index: number }>(
    `select s.id, s.poll_id, s.visitor_id, s.channel_id, s.group_id, s.admin_id, s.requested_admin_id, s.status,
       s.created_at, s.closed_at, q.wait_index
     from queue q join sessions s on s.id = q.session_id order by q.seq`,
  );
  if (queued.length === 0) return;
  const agents = await onlineAgents(tx, null);
  const waiting: typeof queued = [];
  for (const session of queued) {
    const free = mostFree(eligible(agents, session.channel_id, session.group_id, session.requested_admin_id));
    if (!free) {
      waiting.push(session);
      continue;
    }
    await assign(store, tx, touched, session, free);
    free.busy += 1;
  }
  const positions = new Map<string, number>();
  const moved: { session: SessionRow; waitIndex: number }[] = [];
  for (const session of waiting) {
    const line = `${session.channel_id}\u0000${session.group_id ?? ''}`;
    const waitIndex = (positions.get(line) ?? 0) + 1;
    positions.set(line, waitIndex);
    if (waitIndex !== session.wait_index) moved.push({ session, waitIndex });
  }
  if (moved.length === 0) return;
  await tx.query(
    `update queue as q set wait_index = moved.wait_index
     from unnest($1::text[], $2::int[]) as moved(session_id, wait_index) where q.session_id = moved.session_id`,
    [moved.map(({ session }) => session.id), moved.map(({ waitIndex }) => waitIndex)],
  );
  const now = store.clock();
  await emitVisitorEvents(
    tx,
    touched,
    moved.map(({ session, waitIndex }) => ({
      visitorId: session.visitor_id,
      sessionId: session.id,
      type: VisitorEvent.queuePosition,
      payload: { waitIndex, msgTime: now },
      now,
    })),
  );
}

export async function closeSession(
  store: ConversationStore,
  tx: Queryable,
  touched: Touched,
  session: SessionRow,
  visitorEvent?: { type: number; payload?: Record<string, unknown> },
  /** The agent who ended it, when one did. */
  by?: string,
): Promise<void> {
  const now = store.clock();
  // The routing lock first: dispatch below takes it, and locks are always taken in that order.
  await lockRouting(tx);
  await tx.query(
    'update sessions set status = $3, closed_at = $2, changed_at = $2 where id = $1 and closed_at is null',
    [session.id, now, ChatStatus.none],
  );
  // A conversation still open when its chat ends is done; pending and snoozed ones wait on.
  const resolved = await tx.query(
    `update sessions set state = 'resolved', changed_at = $2 where id = $1 and state = 'open' returning id`,
    [session.id, now],
  );
  if (resolved.length > 0) {
    await recordActivity(tx, {
      sessionId: session.id,
      agentId: by ?? null,
      kind: 'status',
      detail: { from: 'open', to: 'resolved', by: by ? 'agent' : 'chatEnded' },
      at: now,
    });
  }
  await tx.query('delete from queue where session_id = $1', [session.id]);
  touched.touch(session.visitor_id);
  if (visitorEvent) {
    await emitVisitorEvent(tx, touched, {
      visitorId: session.visitor_id,
      sessionId: session.id,
      type: visitorEvent.type,
      payload: { msgTime: now, ...visitorEvent.payload },
      now,
    });
  }
  await dispatch(store, tx, touched);
}

export async function transferAgent(
  store: ConversationStore,
  input: { userId: string; groupId?: string; adminId?: string },
) {
  return store.write(async (tx, touched) => {
    await lockRouting(tx);
    const session = await store.openSession(input.userId, tx, true);
    const channel = await store.channel(session.channel_id, tx);
    if (session.status === ChatStatus.withAgent && session.admin_id) {
      const [agent] = await tx.query<{ nick: string }>('select nick from agents where id = $1', [
        session.admin_id,
      ]);
      return { adminNick: agent?.nick ?? '', status: ChatStatus.withAgent, waitIndex: 0 };
    }
    if (session.status === ChatStatus.queued) {
      const [queued] = await tx.query<{ wait_index: number }>(
        'select wait_index from queue where session_id = $1',
        [session.id],
      );
      return { adminNick: '', status: ChatStatus.queued, waitIndex: queued?.wait_index ?? 1 };
    }
    if (!isWorkingTime(channel.workingHours, store.clock())) {
      await setStatus(tx, session.id, ChatStatus.outOfHours);
      touched.touch(session.visitor_id);
      return { adminNick: '', status: ChatStatus.outOfHours, waitIndex: 0 };
    }
    if (input.groupId && channel.info.groupMode === Setting.on && !knownGroup(channel, input.groupId))
      throw badRequest(`unknown group for this channel: ${input.groupId}`);
    const groupId = knownGroup(channel, input.groupId || session.group_id);
    const adminId = input.adminId
      ? await knownAgent(tx, session.channel_id, input.adminId)
      : session.requested_admin_id;
    await tx.query('update sessions set group_id = $2, requested_admin_id = $3 where id = $1', [
      session.id,
      groupId,
      adminId,
    ]);
    await expirePresence(store, tx);
    const { online, free } = await findAgent(tx, session.channel_id, groupId, adminId);
    touched.touch(session.visitor_id);
    if (online === 0) {
      await setStatus(tx, session.id, ChatStatus.agentsOffline);
      return { adminNick: '', status: ChatStatus.agentsOffline, waitIndex: 0 };
    }
    if (free) {
      await assign(store, tx, touched, { ...session, group_id: groupId }, free);
      return { adminNick: free.nick, status: ChatStatus.withAgent, waitIndex: 0 };
    }
    const [ahead] = await tx.query<{ count: number }>(
      `select count(*)::int as count from queue where channel_id = $1 and group_id is not distinct from $2`,
      [session.channel_id, groupId],
    );
    const waitIndex = (ahead?.count ?? 0) + 1;
    await tx.query(
      `insert into queue (session_id, channel_id, group_id, admin_id, wait_index, enqueued_at)
       values ($1, $2, $3, $4, $5, $6)`,
      [session.id, session.channel_id, groupId, adminId, waitIndex, store.clock()],
    );
    await setStatus(tx, session.id, ChatStatus.queued);
    return { adminNick: '', status: ChatStatus.queued, waitIndex };
  });
}
