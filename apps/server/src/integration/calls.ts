import {
  AgentEvent,
  type ConversationStatus,
  EMAIL_PATTERN,
  type IntegrationContact,
  type IntegrationConversation,
  type IntegrationConversationDetail,
  type IntegrationConversationPage,
  type IntegrationMessage,
  type IntegrationNote,
  looksLikePhone,
  MsgType,
  PRIORITIES,
  SenderType,
  VisitorEvent,
} from '@parley/chat-protocol';
import { contactIdOf } from '../contacts.js';
import * as agentDesk from '../conversation/agentDesk.js';
import type { Agent } from '../conversation/domain.js';
import { emitAgentEvent, emitVisitorEvent } from '../conversation/events.js';
import * as inboxChanges from '../conversation/inboxChanges.js';
import { toWireMessage } from '../conversation/messages.js';
import type { ConversationStore } from '../conversation/store.js';
import { ApiError, badRequest, forbidden, notFound } from '../errors.js';
import type { IntegrationToken } from './tokens.js';

const SENDERS: Record<number, IntegrationMessage['sender']> = {
  [SenderType.visitor]: 'visitor',
  [SenderType.agent]: 'agent',
  [SenderType.robot]: 'robot',
  [SenderType.system]: 'system',
};

interface ConversationRow {
  id: string;
  channel_id: string;
  visitor_id: string;
  group_id: string | null;
  admin_id: string | null;
  created_at: string | number;
  closed_at: string | number | null;
}

const conversationOf = (row: ConversationRow): IntegrationConversation => ({
  id: row.id,
  channelId: row.channel_id,
  contactId: contactIdOf(row.visitor_id),
  groupId: row.group_id,
  agentId: row.admin_id,
  status: row.closed_at === null ? 'open' : 'closed',
  createdAt: Number(row.created_at),
  closedAt: row.closed_at === null ? null : Number(row.closed_at),
});

interface MessageRow {
  id: string;
  sender_type: number;
  sender_name: string | null;
  msg_type: string;
  msg_content: string;
  msg_time: string | number;
}

const messageOf = (row: MessageRow): IntegrationMessage => ({
  id: row.id,
  sender: SENDERS[row.sender_type] ?? 'system',
  senderName: row.sender_name,
  msgType: row.msg_type,
  msgContent: row.msg_content,
  sentAt: Number(row.msg_time),
});

const MESSAGE_FIELDS = 'id, sender_type, sender_name, msg_type, msg_content, msg_time';

/** What the conversations list is filtered by (every field optional). */
export interface ConversationFilters {
  channelId?: string;
  status?: 'open' | 'closed';
  inboxStatus?: ConversationStatus;
  label?: string;
  agentId?: string;
  since?: string;
  limit?: string;
  cursor?: string;
}

/**
 * A page of conversations on the token's channels, oldest first from `since`, with the cursor of
 * the next page (the last one's start time and id: a page holds what a conversation started since
 * does not move) and how many match in all.
 */
export async function conversations(
  store: ConversationStore,
  token: IntegrationToken,
  query: ConversationFilters,
): Promise<IntegrationConversationPage> {
  if (query.channelId && token.channels && !token.channels.includes(query.channelId))
    throw forbidden(`this token does not read channel ${query.channelId}`);
  const limit = Number(query.limit ?? 100);
  const [afterTime, afterId] = query.cursor ? query.cursor.split(/:(.*)/s) : [];
  const filters = `created_at >= $1 and ($2::text is null or channel_id = $2)
       and ($3::text[] is null or channel_id = any($3))
       and ($4::text is null or ($4 = 'open') = (closed_at is null))
       and ($5::text is null or state = $5)
       and ($6::text is null or exists (select 1 from session_labels l where l.session_id = sessions.id and l.label = $6))
       and ($7::text is null or admin_id = $7)`;
  const values = [
    Number(query.since ?? 0),
    query.channelId ?? null,
    token.channels,
    query.status ?? null,
    query.inboxStatus ?? null,
    query.label ?? null,
    query.agentId ?? null,
  ];
  const rows = await store.db.query<ConversationRow>(
    `select id, channel_id, visitor_id, group_id, admin_id, created_at, closed_at from sessions
     where ${filters} and ($8::bigint is null or (created_at, id) > ($8::bigint, $9::text))
     order by created_at, id limit $10`,
    [...values, afterTime === undefined ? null : Number(afterTime), afterId ?? '', limit + 1],
  );
  const [counted] = await store.db.query<{ total: string | number }>(
    `select count(*) as total from sessions where ${filters}`,
    values,
  );
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return {
    conversations: shown.map(conversationOf),
    next: rows.length > limit && last ? `${Number(last.created_at)}:${last.id}` : null,
    total: Number(counted?.total ?? 0),
  };
}

/** A conversation with the team's record of it: inbox status, snooze, priority and labels. */
export async function conversation(
  store: ConversationStore,
  token: IntegrationToken,
  sessionId: string,
): Promise<IntegrationConversationDetail> {
  const row = await visibleConversation(store, token, sessionId);
  const labels = await store.db.query<{ label: string }>(
    'select label from session_labels where session_id = $1 order by label',
    [sessionId],
  );
  return {
    ...conversationOf(row),
    inboxStatus: row.state,
    snoozedUntil: row.snoozed_until === null ? null : Number(row.snoozed_until),
    priority: PRIORITIES[Number(row.priority)] ?? 'none',
    labels: labels.map((one) => one.label),
  };
}

/**
 * The agent a token acts as, for the calls that change a conversation as a person would (status,
 * labels, notes, assignment): a bot token may post messages, not this.
 */
async function actingAgent(store: ConversationStore, token: IntegrationToken) {
  if (!token.agentId)
    throw new ApiError(
      403,
      'this call acts as an agent: make the token with --as-agent (a bot token only posts messages)',
      'needs_agent',
    );
  const agent = await agentDesk.agent(store, token.agentId);
  if (!agent) throw forbidden("this token's agent is disabled");
  return agent;
}

/** Changes a conversation the token sees as its agent would, and answers it as it is then. */
async function changeAsAgent(
  store: ConversationStore,
  token: IntegrationToken,
  sessionId: string,
  change: (agent: Agent) => Promise<unknown>,
): Promise<IntegrationConversationDetail> {
  await visibleConversation(store, token, sessionId);
  await change(await actingAgent(store, token));
  return conversation(store, token, sessionId);
}

export const setStatus = (
  store: ConversationStore,
  token: IntegrationToken,
  sessionId: string,
  body: { status: ConversationStatus; snoozedUntil?: number },
) => changeAsAgent(store, token, sessionId, (agent) => inboxChanges.setStatus(store, agent, sessionId, body));

export const setLabels = (
  store: ConversationStore,
  token: IntegrationToken,
  sessionId: string,
  labels: readonly string[],
) =>
  changeAsAgent(store, token, sessionId, (agent) => inboxChanges.setLabels(store, agent, sessionId, labels));

export async function addNote(
  store: ConversationStore,
  token: IntegrationToken,
  sessionId: string,
  body: string,
): Promise<IntegrationNote> {
  await visibleConversation(store, token, sessionId);
  const note = await inboxChanges.addNote(store, await actingAgent(store, token), sessionId, body);
  return { id: note.id, body: note.body, authorId: note.agentId, createdAt: note.time };
}

/** Hands the conversation to a colleague or a group, as the console's transfer does. */
export const assign = (
  store: ConversationStore,
  token: IntegrationToken,
  sessionId: string,
  to: { agentId?: string; groupId?: string; note?: string },
) => changeAsAgent(store, token, sessionId, (agent) => agentDesk.transferChat(store, agent, sessionId, to));

/** A conversation the token may see, or a 404 that does not tell whether it exists elsewhere. */
async function visibleConversation(store: ConversationStore, token: IntegrationToken, sessionId: string) {
  const [row] = await store.db.query<
    ConversationRow & {
      poll_id: string;
      state: ConversationStatus;
      snoozed_until: string | number | null;
      priority: number;
    }
  >(
    `select id, poll_id, channel_id, visitor_id, group_id, admin_id, created_at, closed_at, state,
       snoozed_until, priority from sessions where id = $1`,
    [sessionId],
  );
  if (!row || (token.channels && !token.channels.includes(row.channel_id)))
    throw notFound('no such conversation');
  return row;
}

export async function messages(
  store: ConversationStore,
  token: IntegrationToken,
  sessionId: string,
): Promise<IntegrationMessage[]> {
  await visibleConversation(store, token, sessionId);
  const rows = await store.db.query<MessageRow>(
    `select ${MESSAGE_FIELDS} from messages where session_id = $1 and not deleted order by msg_time, id`,
    [sessionId],
  );
  return rows.map(messageOf);
}

/**
 * Posts a text into an open conversation as the token's bot (a robot message) or agent (as if from
 * the console: only in that agent's own chats). The visitor's poll delivers it like any agent
 * message; a retried `clientMsgId` stores it once.
 */
export async function postMessage(
  store: ConversationStore,
  token: IntegrationToken,
  sessionId: string,
  body: { msgContent: string; clientMsgId?: string | null },
): Promise<IntegrationMessage> {
  const session = await visibleConversation(store, token, sessionId);
  if (!body.msgContent.trim()) throw badRequest('msgContent is blank: a message needs some text');
  // A clientMsgId given as null is none (the schema allows null).
  const message = {
    msgType: MsgType.text,
    msgContent: body.msgContent,
    clientMsgId: body.clientMsgId ?? undefined,
  };
  let messageId: string;
  if (token.agentId) {
    const agent = await agentDesk.agent(store, token.agentId);
    if (!agent) throw forbidden("this token's agent is disabled");
    messageId = (await agentDesk.agentSend(store, agent, sessionId, message)).id;
  } else if (token.botName) {
    const botName = token.botName;
    if (session.closed_at !== null) throw new ApiError(409, 'this chat has ended');
    messageId = await store.write(async (tx, touched) => {
      const row = await store.insertMessage(tx, session, {
        ...message,
        senderType: SenderType.robot,
        senderName: botName,
      });
      if (!row) {
        const [existing] = await tx.query<{ id: string }>(
          'select id from messages where session_id = $1 and client_msg_id = $2',
          [session.id, body.clientMsgId],
        );
        return existing?.id ?? '';
      }
      const wire = toWireMessage(row);
      await emitVisitorEvent(tx, touched, {
        visitorId: session.visitor_id,
        sessionId: session.id,
        type: VisitorEvent.agentMessage,
        payload: { ...wire, msgId: wire.id, adminNick: botName },
        now: row.msg_time,
      });
      // The agent who has the chat sees it in the console as it comes, like a visitor's message.
      if (session.admin_id) {
        await emitAgentEvent(tx, {
          agentId: session.admin_id,
          visitorId: session.visitor_id,
          sessionId: session.id,
          type: AgentEvent.message,
          payload: { message: wire },
          now: row.msg_time,
        });
      }
      return row.id;
    });
  } else {
    throw forbidden('this token has no bot or agent to post as');
  }
  const [row] = await store.db.query<MessageRow>(`select ${MESSAGE_FIELDS} from messages where id = $1`, [
    messageId,
  ]);
  if (!row) throw notFound('no such message');
  return messageOf(row);
}

/** Sets a contact's name, email or phone (null or "" clears one); the console shows them. */
export async function updateContact(
  store: ConversationStore,
  token: IntegrationToken,
  contactId: string,
  body: { name?: string | null; email?: string | null; phone?: string | null },
): Promise<IntegrationContact> {
  const fields = (['name', 'email', 'phone'] as const).filter((field) => body[field] !== undefined);
  if (fields.length === 0) throw badRequest('name, email or phone: give at least one');
  // A value that cannot be an address or a number is refused, not stored for someone to mail.
  const email = body.email?.trim();
  if (email && !EMAIL_PATTERN.test(email))
    throw badRequest(`email: ${JSON.stringify(email)} is not an email address`);
  const phone = body.phone?.trim();
  if (phone && !looksLikePhone(phone))
    throw badRequest(
      `phone: ${JSON.stringify(phone)} is not a phone number (6 to 15 digits, + and spaces allowed)`,
    );
  const [visitor] = await store.db.query<{ id: string; channel_id: string }>(
    'select id, channel_id from visitors where contact_id = $1',
    [contactId],
  );
  if (!visitor || (token.channels && !token.channels.includes(visitor.channel_id)))
    throw notFound('no such contact');
  const value = (field: (typeof fields)[number]) => (body[field] ? String(body[field]).trim() || null : null);
  const [row] = await store.db.query<{
    id: string;
    name: string | null;
    email: string | null;
    phone: string | null;
  }>(
    `update visitors set
       name = case when $2 then $3 else name end,
       email = case when $4 then $5 else email end,
       phone = case when $6 then $7 else phone end
     where id = $1 returning id, name, email, phone`,
    [
      visitor.id,
      fields.includes('name'),
      value('name'),
      fields.includes('email'),
      value('email'),
      fields.includes('phone'),
      value('phone'),
    ],
  );
  if (!row) throw notFound('no such contact');
  return { contactId, name: row.name, email: row.email, phone: row.phone };
}
