import { createHash } from 'node:crypto';
import {
  agentEventNames,
  ChatStatus,
  type DeskEvent,
  OutType,
  SenderType,
  type WireMessage,
} from '@parley/chat-protocol';
import { ApiError, badRequest, forbidden, notFound } from '../errors.js';
import {
  type Agent,
  type AgentRow,
  type IncomingMessage,
  SESSION_COLUMNS,
  type SessionRow,
  toAgent,
} from './domain.js';
import { Audience, emitVisitorEvent, holdUntilNew, VisitorEvent } from './events.js';
import { MESSAGE_COLUMNS, type MessageRow, toWireMessage } from './messages.js';
import {
  assign,
  channelGroups,
  closeSession,
  dispatch,
  eligible,
  findAgent,
  inReach,
  lockRouting,
  onlineAgents,
} from './routing.js';
import type { ConversationStore } from './store.js';

// The agent console's side: who the agent is, the queue and chats it sees, and what it does in a
// chat (join, type, send, delete, ask for a rating, close, refuse).

/** How long the console shows that the visitor is typing after the last notice. */
const AGENT_TYPING_VISIBLE_MS = 5_000;

export async function agentByUsername(store: ConversationStore, username: string) {
  const [row] = await store.db.query<AgentRow & { password_hash: string }>(
    `select id, username, nick, avatar, capacity, channels, groups, welcome_msg, online, password_hash
     from agents where username = $1 and disabled_at is null`,
    [username],
  );
  return row;
}

export async function agent(store: ConversationStore, id: string): Promise<Agent | undefined> {
  const [row] = await store.db.query<AgentRow>(
    `select id, username, nick, avatar, capacity, channels, groups, welcome_msg, online from agents
     where id = $1 and disabled_at is null`,
    [id],
  );
  return row ? toAgent(row) : undefined;
}

/**
 * Whether an agent may read a file of this visitor: while serving the visitor (an open chat: the
 * visitor's earlier chats are readable in the console), or when the file was sent in a chat this
 * agent served. Having once served a visitor opens none of their other files.
 */
export async function agentMayReadFile(
  store: ConversationStore,
  agentId: string,
  visitorId: string,
  uploadId: string,
): Promise<boolean> {
  const rows = await store.db.query(
    `select 1 from sessions where admin_id = $1 and visitor_id = $2 and closed_at is null
     union all
     select 1 from messages m join sessions s on s.id = m.session_id
       where s.admin_id = $1 and s.visitor_id = $2 and starts_with(m.file_url, $3)
     limit 1`,
    [agentId, visitorId, `/uploads/${uploadId}?`],
  );
  return rows.length > 0;
}

export async function setOnline(store: ConversationStore, agent: Agent, online: boolean): Promise<Agent> {
  await store.write(async (tx, touched) => {
    await tx.query('update agents set online = $2, updated_at = $3 where id = $1', [
      agent.id,
      online,
      store.clock(),
    ]);
    if (online) await dispatch(store, tx, touched);
  });
  return { ...agent, online };
}

export async function agentSession(
  store: ConversationStore,
  agent: Agent,
  sessionId: string,
  allowQueued = false,
): Promise<SessionRow> {
  const [session] = await store.db.query<SessionRow>(
    `select ${SESSION_COLUMNS} from sessions where id = $1`,
    [sessionId],
  );
  if (!session) throw notFound('unknown chat');
  const own = session.admin_id === agent.id;
  const queuedHere =
    allowQueued &&
    session.status === ChatStatus.queued &&
    inReach(agent, session.channel_id, session.group_id);
  if (!own && !queuedHere) throw forbidden('this chat is not yours');
  return session;
}

export async function openAgentSession(
  store: ConversationStore,
  agent: Agent,
  sessionId: string,
  allowQueued = false,
): Promise<SessionRow> {
  const session = await agentSession(store, agent, sessionId, allowQueued);
  if (session.closed_at !== null) throw new ApiError(409, 'this chat has ended');
  return session;
}

/** Whether the host site vouched for the visitor (verified identity), and for which pid. */
const verification = (row: { verified: boolean; verified_pid: string | null }) => ({
  verified: row.verified,
  verifiedPid: row.verified ? row.verified_pid : null,
});

/**
 * The console's poll, held when asked (`wait`, ms, see holdUntilNew) until this agent's view
 * changes: a visitor queued in its channels, an event of its chats, a visitor typing. Any write
 * wakes held consoles (on every instance, by LISTEN/NOTIFY); each compares its new view with the
 * one it would have answered and goes on holding when nothing of its own changed.
 */
export function holdAgentPoll(
  store: ConversationStore,
  agent: Agent,
  cursor: number | undefined,
  wait: number,
  signal?: AbortSignal,
  /** The `view` of the answer the console last applied: a change since then is answered at once. */
  seen?: string,
) {
  // Without a cursor the console is starting: it gets its view at once.
  return holdUntilNew(cursor === undefined ? 0 : wait, signal, {
    generation: () => store.cache.desk(),
    read: () => agentPoll(store, agent, cursor),
    isNew: (answer) => {
      seen ??= answer.view;
      return answer.events.length > 0 || answer.view !== seen;
    },
    waitForChange: (generation, ms, abort) => store.cache.waitForDesk(generation, ms, abort),
  });
}

/** The queue this agent can take from, its own open chats and what changed since `cursor`. */
export async function agentPoll(store: ConversationStore, agent: Agent, cursor?: number) {
  const now = store.clock();
  const queue = await store.db.query<{
    session_id: string;
    visitor_id: string;
    channel_id: string;
    group_id: string | null;
    wait_index: number;
    enqueued_at: number;
    name: string | null;
    verified: boolean;
    verified_pid: string | null;
  }>(
    `select q.session_id, s.visitor_id, q.channel_id, q.group_id, q.wait_index, q.enqueued_at, v.name,
       v.verified, v.verified_pid
     from queue q join sessions s on s.id = q.session_id join visitors v on v.id = s.visitor_id
     where jsonb_exists($1::jsonb, q.channel_id)
       and (q.group_id is null or jsonb_array_length($2::jsonb) = 0 or jsonb_exists($2::jsonb, q.group_id))
     order by q.seq`,
    [JSON.stringify(agent.channels), JSON.stringify(agent.groups)],
  );
  const chats = await store.db.query<{
    id: string;
    visitor_id: string;
    channel_id: string;
    group_id: string | null;
    taken_at: number | null;
    visitor_typing: string | null;
    visitor_typing_at: number | null;
    name: string | null;
    email: string | null;
    phone: string | null;
    verified: boolean;
    verified_pid: string | null;
    transferred_from: string | null;
    transfer_note: string | null;
  }>(
    `select s.id, s.visitor_id, s.channel_id, s.group_id, s.taken_at, s.visitor_typing, s.visitor_typing_at,
       v.name, v.email, v.phone, v.verified, v.verified_pid, s.transferred_from, s.transfer_note
     from sessions s join visitors v on v.id = s.visitor_id
     where s.admin_id = $1 and s.closed_at is null order by s.taken_at`,
    [agent.id],
  );
  const events = await store.db.query<{
    id: number;
    session_id: string;
    event_type: number;
    payload: Record<string, unknown>;
    created_at: number;
  }>(
    `select e.id, e.session_id, e.event_type, e.payload, e.created_at from events e
     join sessions s on s.id = e.session_id
     where e.audience = $3 and s.admin_id = $1 and e.id > $2 order by e.id limit 200`,
    [agent.id, cursor ?? Number.MAX_SAFE_INTEGER, Audience.agent],
  );
  // Without a cursor the console starts from now: it loads each chat's messages itself.
  const [latest] =
    cursor === undefined
      ? await store.db.query<{ id: number | null }>('select max(id) as id from events')
      : [];
  const nextCursor = cursor === undefined ? (latest?.id ?? 0) : (events.at(-1)?.id ?? cursor);
  const answer = {
    agent,
    cursor: String(nextCursor),
    queue: queue.map((row) => ({
      sessionId: row.session_id,
      visitorId: row.visitor_id,
      channelId: row.channel_id,
      groupId: row.group_id,
      waitIndex: row.wait_index,
      since: row.enqueued_at,
      visitorName: row.name ?? '',
      ...verification(row),
    })),
    chats: chats.map((row) => ({
      sessionId: row.id,
      visitorId: row.visitor_id,
      channelId: row.channel_id,
      groupId: row.group_id,
      since: row.taken_at,
      visitorName: row.name ?? '',
      email: row.email ?? '',
      phone: row.phone ?? '',
      ...verification(row),
      ...(row.transferred_from !== null && { transferredFrom: row.transferred_from }),
      ...(row.transfer_note && { transferNote: row.transfer_note }),
      visitorTyping:
        row.visitor_typing && row.visitor_typing_at && now - row.visitor_typing_at < AGENT_TYPING_VISIBLE_MS
          ? row.visitor_typing
          : null,
    })),
    events: events.map(
      (row) =>
        // The database holds only what emitAgentEvent wrote: each type with its payload.
        ({
          id: String(row.id),
          sessionId: row.session_id,
          type: agentEventNames[row.event_type] ?? String(row.event_type),
          time: row.created_at,
          ...row.payload,
        }) as DeskEvent,
    ),
  };
  // What this agent sees of the queue and its chats, in a few characters: the console sends it
  // back, so a change it has not seen is answered at once, even if it happened between two polls.
  const view = createHash('sha256')
    .update(JSON.stringify([answer.queue, answer.chats]))
    .digest('base64url');
  return { ...answer, view: view.slice(0, 16) };
}

/** Messages visitors left on the agent's channels, newest first. */
export async function leftMessages(store: ConversationStore, agent: Agent) {
  const rows = await store.db.query<{
    id: number;
    channel_id: string;
    name: string | null;
    phone: string | null;
    email: string | null;
    content: string;
    created_at: number;
  }>(
    `select id, channel_id, name, phone, email, content, created_at from leave_messages
     where jsonb_exists($1::jsonb, channel_id) order by id desc limit 100`,
    [JSON.stringify(agent.channels)],
  );
  return rows.map((row) => ({
    id: String(row.id),
    channelId: row.channel_id,
    name: row.name ?? '',
    phone: row.phone ?? '',
    email: row.email ?? '',
    content: row.content,
    time: row.created_at,
  }));
}

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
    if (!agent.channels.includes(session.channel_id))
      throw forbidden('this chat is on a channel you do not serve');
    if (!inReach(agent, session.channel_id, session.group_id))
      throw forbidden('this chat is waiting for another department');
    if (session.admin_id === agent.id) return { sessionId };
    if (session.status === ChatStatus.withAgent) throw new ApiError(409, 'another agent has this chat');
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
    await dispatch(store, tx, touched);
    return { sessionId };
  });
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
    if (session.admin_id !== agent.id) throw forbidden('this chat is not yours to transfer');
    if (session.closed_at !== null) throw new ApiError(409, 'this chat has ended');
    if (to.groupId) {
      const channel = await store.channel(session.channel_id);
      if (!channelGroups(channel.info.groupConfig).some((group) => group.groupId === to.groupId))
        throw badRequest(`groupId: not a group of this chat's channel: ${to.groupId}`);
    }
    const { online, free } = to.groupId
      ? await findAgent(tx, session.channel_id, to.groupId, null, agent.id)
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
  const online = (await onlineAgents(store.db, null)).filter((one) => one.id !== agent.id);
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

/** The other agents who share a channel with this one: whether each is online and has a free slot. */
export async function colleagues(store: ConversationStore, agent: Agent) {
  const rows = await store.db.query<{
    id: string;
    nick: string;
    online: boolean;
    capacity: number;
    channels: string[];
    busy: number;
  }>(
    `select a.id, a.nick, a.online, a.capacity, a.channels,
       (select count(*)::int from sessions s where s.admin_id = a.id and s.status = $3 and s.closed_at is null) as busy
     from agents a where a.id <> $1 and jsonb_exists_any(a.channels, $2::text[]) order by a.nick`,
    [agent.id, agent.channels, ChatStatus.withAgent],
  );
  return rows.map((row) => ({
    id: row.id,
    nick: row.nick,
    online: row.online,
    free: row.online && row.busy < row.capacity,
    channels: row.channels.filter((channel) => agent.channels.includes(channel)),
  }));
}

export async function agentMessages(store: ConversationStore, agent: Agent, sessionId: string) {
  const session = await agentSession(store, agent, sessionId, true);
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
    messages: rows.map((row) => ({ ...toWireMessage(row), read: row.read_at !== null })),
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
    const row = await store.insertMessage(tx, session, {
      ...message,
      senderType: SenderType.agent,
      senderName: agent.nick,
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
  const session = await openAgentSession(store, agent, sessionId);
  const channel = await store.channel(session.channel_id);
  await store.write((tx, touched) =>
    closeSession(store, tx, touched, session, {
      type: VisitorEvent.chatEnded,
      payload: { outType: OutType.agentClosed, msgContent: String(channel.info.adminCloseMsg ?? '') },
    }),
  );
  return null;
}

export async function refuse(store: ConversationStore, agent: Agent, sessionId: string): Promise<null> {
  const session = await openAgentSession(store, agent, sessionId, true);
  await store.write((tx, touched) =>
    closeSession(store, tx, touched, session, { type: VisitorEvent.refused }),
  );
  return null;
}
