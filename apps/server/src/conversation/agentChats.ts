import { ChatStatus, OutType, SenderType, type WireMessage } from '@parley/chat-protocol';
import type { Queryable } from '../db/types.js';
import { ApiError, badRequest, forbidden, notFound } from '../errors.js';
import { recordActivity } from './activity.js';
import { openAgentSession, visibleSession } from './agents.js';
import {
  type Agent,
  type AgentRow,
  type IncomingMessage,
  SESSION_COLUMNS,
  type SessionRow,
} from './domain.js';
import { emitVisitorEvent, type Touched, VisitorEvent } from './events.js';
import { MESSAGE_COLUMNS, type MessageRow, toAgentMessage, toWireMessage } from './messages.js';
import { expirePresence, PRESENCE_SQL, type PresenceStatus, requeue } from './presence.js';
import {
  assign,
  channelGroups,
  closeSession,
  dispatch,
  eligible,
  findAgent,
  inReach,
  knownGroup,
  lockRouting,
  onlineAgents,
} from './routing.js';
import type { ConversationStore } from './store.js';

// What an agent does in a chat: join, transfer, read, type, send, delete, ask for a rating, close
// or refuse.

/**
 * The agent takes a chat waiting in the queue, within their reach (channel and department). Routing
 * fills an agent up to their capacity; past it, joining by hand must say so (`beyondCapacity`), so an
 * agent never goes past their capacity without knowing: the console asks first.
 */
export async function join(
  store: ConversationStore,
  agent: Agent,
  sessionId: string,
  options: { beyondCapacity?: boolean } = {},
) {
  return store.write(async (tx, touched) => {
    await lockRouting(tx);
    const [session] = await tx.query<SessionRow>(
      `select ${SESSION_COLUMNS} from sessions where id = $1 for update`,
      [sessionId],
    );
    if (!session || session.closed_at !== null) throw notFound('unknown or ended chat');
    const admin = agent.role === 'admin';
    if (!admin && !agent.channels.includes(session.channel_id))
      throw forbidden('this chat is on a channel you do not serve');
    if (!admin && !inReach(agent, session.channel_id, session.group_id))
      throw forbidden('this chat is waiting for another department');
    if (session.admin_id === agent.id) return { sessionId };
    if (session.status === ChatStatus.withAgent && session.admin_id) {
      if (!admin) throw new ApiError(409, 'another agent has this chat');
      // An administrator takes the chat over: its agent may be gone (offline, disabled).
      await takeOver(store, tx, touched, session, agent);
      await dispatch(store, tx, touched);
      return { sessionId };
    }
    if (session.status !== ChatStatus.queued) {
      throw new ApiError(409, 'this chat is not waiting for an agent (the robot is serving it)');
    }
    const [row] = await tx.query<AgentRow & { busy: number | string }>(
      `select a.id, a.nick, a.capacity,
         (select count(*) from sessions s where s.admin_id = a.id and s.closed_at is null) as busy
       from agents a where a.id = $1`,
      [agent.id],
    );
    if (row && Number(row.busy) >= row.capacity && !options.beyondCapacity) {
      throw new ApiError(
        409,
        `this would take you past your capacity (${row.capacity} chats): join with beyondCapacity to take it anyway`,
      );
    }
    await assign(store, tx, touched, session, row as AgentRow);
    if (row && Number(row.busy) >= row.capacity) {
      // Taken past capacity on purpose: the record says so (issue: capacity is the agent's word).
      await recordActivity(tx, {
        sessionId: session.id,
        agentId: agent.id,
        kind: 'beyondCapacity',
        detail: { capacity: row.capacity, busy: Number(row.busy) },
        at: store.clock(),
      });
    }
    await dispatch(store, tx, touched);
    return { sessionId };
  });
}

/**
 * An administrator takes a chat from the agent who holds it: the visitor is told that agent left
 * and this one joined; the record says who took it from whom, and when it takes the administrator
 * past their capacity, that too.
 */
async function takeOver(
  store: ConversationStore,
  tx: Queryable,
  touched: Touched,
  session: SessionRow,
  admin: Agent,
): Promise<void> {
  const from = session.admin_id as string;
  await requeue(store, tx, touched, from, [session], 'takenOver', { dispatch: false });
  const [row] = await tx.query<AgentRow & { busy: number }>(
    `select a.id, a.nick, a.capacity,
       (select count(*)::int from sessions s where s.admin_id = a.id and s.closed_at is null and s.status = $2) as busy
     from agents a where a.id = $1`,
    [admin.id, ChatStatus.withAgent],
  );
  if (!row) throw notFound('unknown agent');
  await assign(store, tx, touched, session, row);
  const at = store.clock();
  await recordActivity(tx, {
    sessionId: session.id,
    agentId: admin.id,
    kind: 'takenOver',
    detail: { from },
    at,
  });
  if (row.busy >= row.capacity) {
    await recordActivity(tx, {
      sessionId: session.id,
      agentId: admin.id,
      kind: 'beyondCapacity',
      detail: { capacity: row.capacity, busy: row.busy },
      at,
    });
  }
}

/**
 * Hands an open chat of this agent to a colleague who serves its channel, is online and has a
 * free slot, or to a group of its channel (the group's online member with most free slots, this
 * agent aside), with an optional note for them. The visitor is told the new agent joined (1200);
 * the chat leaves this agent's list and appears in the colleague's, with the note; a visitor
 * waiting in the queue may take the freed slot. A group transfer also makes the group the chat's.
 */
export async function transferChat(
  store: ConversationStore,
  agent: Agent,
  sessionId: string,
  to: { agentId?: string; groupId?: string; note?: string },
) {
  if (Boolean(to.agentId) === Boolean(to.groupId)) throw badRequest('agentId or groupId: name one of them');
  if (to.agentId === agent.id) throw badRequest('agentId: choose a colleague, not yourself');
  return store.write(async (tx, touched) => {
    await lockRouting(tx);
    const [session] = await tx.query<SessionRow>(
      `select ${SESSION_COLUMNS} from sessions where id = $1 for update`,
      [sessionId],
    );
    if (!session) throw notFound('unknown chat');
    // An administrator reassigns any chat: its agent may be gone.
    if (session.admin_id !== agent.id && agent.role !== 'admin')
      throw forbidden('this chat is not yours to transfer');
    if (session.closed_at !== null) throw new ApiError(409, 'this chat has ended');
    if (session.status !== ChatStatus.withAgent && session.status !== ChatStatus.queued)
      throw new ApiError(409, 'this chat is not with a person (the robot is serving it)');
    await expirePresence(store, tx);
    if (to.groupId) {
      const channel = await store.channel(session.channel_id, tx);
      if (!knownGroup(channel, to.groupId))
        throw badRequest(`groupId: not a group of this chat's channel: ${to.groupId}`);
    }
    const holder = session.admin_id ?? agent.id;
    const { online, free } = to.groupId
      ? await findAgent(tx, session.channel_id, to.groupId, null, holder)
      : await findAgent(tx, session.channel_id, null, to.agentId ?? null);
    if (!free) {
      if (to.groupId)
        throw online === 0
          ? notFound('groupId: nobody else of that group is online')
          : new ApiError(409, 'that group has no free slot');
      throw online === 0
        ? notFound("agentId: that colleague is not online on this chat's channel")
        : new ApiError(409, 'that colleague has no free slot');
    }
    if (to.groupId)
      await tx.query('update sessions set group_id = $2 where id = $1', [session.id, to.groupId]);
    await assign(store, tx, touched, session, free);
    await tx.query('update sessions set transferred_from = $2, transfer_note = $3 where id = $1', [
      session.id,
      agent.nick,
      to.note?.trim() || null,
    ]);
    if (session.admin_id !== agent.id) {
      await recordActivity(tx, {
        sessionId: session.id,
        agentId: agent.id,
        kind: 'takenOver',
        detail: { from: session.admin_id, to: free.id },
        at: store.clock(),
      });
    }
    await dispatch(store, tx, touched);
    return { to: { id: free.id, nick: free.nick } };
  });
}

/**
 * The groups of this agent's channels, for a transfer: how many of each group's members are
 * online and how many have a free slot, this agent aside (an agent with no groups counts in every
 * group of their channels, as routing has it).
 */
export async function transferGroups(store: ConversationStore, agent: Agent) {
  const online = (await onlineAgents(store.db, null)).filter((one) => one.id !== agent.id && !one.away);
  const groups = [];
  for (const channelId of agent.channels) {
    const channel = await store.channel(channelId).catch(() => undefined);
    if (!channel) continue;
    for (const { groupId, groupName } of channelGroups(channel.info.groupConfig)) {
      const members = eligible(online, channelId, groupId, null);
      groups.push({
        channelId,
        groupId,
        groupName,
        online: members.length,
        free: members.filter((one) => one.busy < one.capacity).length,
      });
    }
  }
  return groups;
}

/**
 * The other agents who share a channel with this one (every agent, for an administrator), with the
 * presence routing uses: `free` only when online, not away, and with a free slot.
 */
export async function colleagues(store: ConversationStore, agent: Agent) {
  const rows = await store.db.query<{
    id: string;
    nick: string;
    status: PresenceStatus;
    capacity: number;
    channels: string[];
    busy: number;
  }>(
    `select a.id, a.nick, ${PRESENCE_SQL} as status, a.capacity, a.channels,
       (select count(*)::int from sessions s where s.admin_id = a.id and s.status = $3 and s.closed_at is null) as busy
     from agents a where a.id <> $1 and a.disabled_at is null
       and ($4 or jsonb_exists_any(a.channels, $2::text[])) order by a.nick`,
    [agent.id, agent.channels, ChatStatus.withAgent, agent.role === 'admin'],
  );
  return rows.map((row) => ({
    id: row.id,
    nick: row.nick,
    online: row.status !== 'offline',
    free: row.status === 'online' && row.busy < row.capacity,
    status: row.status,
    channels:
      agent.role === 'admin'
        ? row.channels
        : row.channels.filter((channel) => agent.channels.includes(channel)),
  }));
}

export async function agentMessages(store: ConversationStore, agent: Agent, sessionId: string) {
  const session = await visibleSession(store, agent, sessionId);
  const rows = await store.db.query<MessageRow>(
    `select ${MESSAGE_COLUMNS} from messages where session_id = $1 and not deleted order by msg_time, id`,
    [session.id],
  );
  const [rating] = await store.db.query<{ star: number; tags: string[]; content: string | null }>(
    'select star, tags, content from evaluations where session_id = $1',
    [session.id],
  );
  return {
    sessionId: session.id,
    closed: session.closed_at !== null,
    messages: rows.map(toAgentMessage),
    rating: rating ?? null,
  };
}

export async function visitorEvent(
  store: ConversationStore,
  agent: Agent,
  sessionId: string,
  type: number,
  payload: Record<string, unknown> = {},
): Promise<void> {
  const session = await openAgentSession(store, agent, sessionId);
  await store.write(async (tx, touched) => {
    touched.visitorsOnly(); // typing, a rating request: the visitor's page shows them, no console
    await emitVisitorEvent(tx, touched, {
      visitorId: session.visitor_id,
      sessionId: session.id,
      type,
      payload,
      now: store.clock(),
    });
  });
}

export async function agentTyping(store: ConversationStore, agent: Agent, sessionId: string): Promise<null> {
  await visitorEvent(store, agent, sessionId, VisitorEvent.agentTyping);
  return null;
}

export async function agentSend(
  store: ConversationStore,
  agent: Agent,
  sessionId: string,
  message: IncomingMessage,
): Promise<WireMessage> {
  const session = await openAgentSession(store, agent, sessionId);
  return store.write(async (tx, touched) => {
    touched.visitorsOnly(); // the sending console has its message from the answer
    const row = await store.insertMessage(tx, session, {
      ...message,
      senderType: SenderType.agent,
      senderName: agent.nick,
      senderAvatar: agent.avatar ?? undefined,
    });
    if (!row) {
      const [existing] = await tx.query<MessageRow>(
        `select ${MESSAGE_COLUMNS} from messages where session_id = $1 and client_msg_id = $2`,
        [session.id, message.clientMsgId],
      );
      return toWireMessage(existing as MessageRow);
    }
    const wire = toWireMessage(row);
    await emitVisitorEvent(tx, touched, {
      visitorId: session.visitor_id,
      sessionId: session.id,
      type: VisitorEvent.agentMessage,
      payload: { ...wire, msgId: wire.id, adminNick: agent.nick },
      now: row.msg_time,
    });
    return wire;
  });
}

export async function deleteMessage(
  store: ConversationStore,
  agent: Agent,
  sessionId: string,
  messageId: string,
): Promise<null> {
  const session = await openAgentSession(store, agent, sessionId);
  await store.write(async (tx, touched) => {
    // An agent takes back what agents said; the visitor's own words are the visitor's record.
    const [message] = await tx.query<{ sender_type: number }>(
      'select sender_type from messages where id = $1 and session_id = $2 and not deleted',
      [messageId, session.id],
    );
    if (!message) throw notFound('no such message in this chat');
    if (message.sender_type !== SenderType.agent) {
      throw forbidden("only an agent's message can be deleted; the visitor's messages stay in the record");
    }
    await tx.query('update messages set deleted = true where id = $1', [messageId]);
    await emitVisitorEvent(tx, touched, {
      visitorId: session.visitor_id,
      sessionId: session.id,
      type: VisitorEvent.messageDeleted,
      payload: { msgId: messageId },
      now: store.clock(),
    });
  });
  return null;
}

export async function requestRating(
  store: ConversationStore,
  agent: Agent,
  sessionId: string,
): Promise<null> {
  await visitorEvent(store, agent, sessionId, VisitorEvent.ratingRequested);
  return null;
}

export async function agentClose(store: ConversationStore, agent: Agent, sessionId: string): Promise<null> {
  // An administrator may end any chat (its agent may be gone).
  const session = await openAgentSession(store, agent, sessionId, { admin: true });
  const channel = await store.channel(session.channel_id);
  await store.write((tx, touched) =>
    closeSession(
      store,
      tx,
      touched,
      session,
      {
        type: VisitorEvent.chatEnded,
        payload: { outType: OutType.agentClosed, msgContent: String(channel.info.adminCloseMsg ?? '') },
      },
      agent.id,
    ),
  );
  return null;
}

export async function refuse(store: ConversationStore, agent: Agent, sessionId: string): Promise<null> {
  const session = await openAgentSession(store, agent, sessionId, { queued: true });
  await store.write((tx, touched) =>
    closeSession(store, tx, touched, session, { type: VisitorEvent.refused }, agent.id),
  );
  return null;
}
