import {
  boolean,
  describes,
  describesEach,
  id,
  integer,
  list,
  number,
  object,
  oneOf,
  optional,
  withDefault,
} from '../build.js';
import type { Schema } from '../schema.js';
import { adminAnswerSchemas } from './admin.js';
import { mailQueuedSchema } from './email.js';
import { inboxAnswerSchemas, noteSchema } from './inboxSchemas.js';
import { agentMessage, nullable, nullableText, rating, strings, text, time } from './parts.js';
import { reportSchema } from './reports.js';
import { tokenAnswerSchemas } from './tokens.js';
import type {
  Agent,
  AgentAnswer,
  AgentCallName,
  AgentChat,
  CannedReply,
  DeskEvent,
  DeskEventFields,
  EarlierChat,
  QueueEntry,
} from './types.js';
import { webhookAnswerSchemas } from './webhooks.js';

// The `data` of each agent call's success, as JSON Schema: the server serialises its answers with
// them (Fastify's `schema.response`), a client checks what it receives with `check`. Fields a
// server adds beyond these are dropped on both sides.

/** An agent's presence (docs/routing.md): routing gives new chats to `online` agents only. */
const presence = oneOf(['online', 'away', 'offline'] as const);

const agent = describes<Agent>()(
  object(
    {
      id,
      username: text,
      nick: text,
      avatar: optional(text),
      capacity: integer(),
      channels: strings,
      groups: strings,
      online: boolean,
      away: withDefault(boolean, false),
      role: withDefault(oneOf(['agent', 'admin'] as const), 'agent'),
    },
    ['id', 'username', 'nick', 'capacity', 'channels', 'groups', 'online', 'away', 'role'],
  ),
);

const verification = { verified: boolean, verifiedPid: nullableText };

const queueEntry = describes<QueueEntry>()(
  object(
    {
      sessionId: id,
      visitorId: id,
      channelId: id,
      groupId: nullableText,
      waitIndex: number(),
      since: time,
      visitorName: text,
      ...verification,
    },
    [
      'sessionId',
      'visitorId',
      'channelId',
      'groupId',
      'waitIndex',
      'since',
      'visitorName',
      'verified',
      'verifiedPid',
    ],
  ),
);

const chat = describes<AgentChat>()(
  object(
    {
      sessionId: id,
      visitorId: id,
      channelId: id,
      groupId: nullableText,
      since: nullable(time),
      visitorName: text,
      email: text,
      phone: text,
      ...verification,
      visitorTyping: nullableText,
      transferredFrom: optional(text),
      transferNote: optional(text),
    },
    [
      'sessionId',
      'visitorId',
      'channelId',
      'groupId',
      'since',
      'visitorName',
      'email',
      'phone',
      'verified',
      'verifiedPid',
      'visitorTyping',
    ],
  ),
);

/**
 * One schema for every event: `type` says which of the optional fields it carries. An event of a
 * type a client does not know passes, and the client skips it. The schema describes the wire's
 * flat shape (`DeskEventFields`); which fields come with which `type` is the server's promise that
 * `DeskEvent` states as a union, checked by the server's tests against this document, not here.
 */
const deskEventFields = describes<DeskEventFields>()(
  object(
    {
      id,
      sessionId: id,
      type: text,
      time: optional(time),
      message: optional(agentMessage),
      star: optional(number()),
      tags: optional(strings),
      content: optional(text),
      msgIds: optional(list(id)),
      fields: optional({ type: 'object', additionalProperties: true }),
      note: optional(noteSchema),
      replyTo: optional(text),
      at: optional(integer({ minimum: 0 })),
      delta: optional(text),
      thinkingAt: optional(integer({ minimum: 0 })),
      thinkingDelta: optional(text),
      thinkingSeconds: optional(number({ minimum: 0 })),
    },
    ['id', 'sessionId', 'type'],
  ),
);
const deskEvent = deskEventFields as Schema<unknown> as Schema<DeskEvent>;

const earlierChat = describes<EarlierChat>()(
  object(
    {
      sessionId: id,
      channelId: id,
      startedAt: time,
      endedAt: nullable(time),
      agentNick: nullableText,
      firstMessage: nullableText,
      messageCount: integer(),
      rating: nullable(object({ star: number() }, ['star'])),
    },
    ['sessionId', 'channelId', 'startedAt', 'endedAt', 'agentNick', 'firstMessage', 'messageCount', 'rating'],
  ),
);

const cannedReply = describes<CannedReply>()(
  object(
    { id, channelId: nullable(id), team: boolean, title: text, text, createdAt: time, updatedAt: time },
    ['id', 'channelId', 'team', 'title', 'text', 'createdAt', 'updatedAt'],
  ),
);

const done: Schema<null> = { type: 'null', description: 'no data: success is all it tells' };

/**
 * The schema of each agent call's `data`.
 *
 * @example
 * check(agentAnswerSchemas.poll, answer.data, 'data').queue
 */
export const agentAnswerSchemas = describesEach<{ [N in AgentCallName]: AgentAnswer<N> }>()({
  login: object({ token: text, agent, expiresAt: time }, ['token', 'agent', 'expiresAt']),
  logout: done,
  me: agent,
  session: object({ agent: nullable(agent) }, ['agent']),
  status: agent,
  poll: object(
    {
      agent,
      cursor: text,
      wait: optional(number()),
      view: optional(text),
      queue: list(queueEntry),
      chats: list(chat),
      events: list(deskEvent),
      inboxVersion: optional(text),
      team: optional(list(object({ id, nick: text, status: presence }, ['id', 'nick', 'status']))),
    },
    ['agent', 'cursor', 'queue', 'chats', 'events'],
  ),
  leftMessages: list(
    object({ id, channelId: id, name: text, phone: text, email: text, content: text, time }, [
      'id',
      'channelId',
      'name',
      'phone',
      'email',
      'content',
      'time',
    ]),
  ),
  join: object({ sessionId: id }, ['sessionId']),
  transfer: object({ to: object({ id, nick: text }, ['id', 'nick']) }, ['to']),
  colleagues: list(
    object(
      {
        id,
        nick: text,
        online: boolean,
        free: boolean,
        status: optional(presence),
        channels: optional(strings),
      },
      ['id', 'nick', 'online', 'free'],
    ),
  ),
  groups: list(
    object({ channelId: id, groupId: id, groupName: text, online: integer(), free: integer() }, [
      'channelId',
      'groupId',
      'groupName',
      'online',
      'free',
    ]),
  ),
  messages: object(
    { sessionId: id, closed: boolean, messages: list(agentMessage), rating: nullable(rating) },
    ['sessionId', 'closed', 'messages', 'rating'],
  ),
  cannedReplies: list(cannedReply),
  addCannedReply: cannedReply,
  updateCannedReply: cannedReply,
  deleteCannedReply: done,
  visitor: object(
    {
      name: nullableText,
      email: nullableText,
      phone: nullableText,
      ...verification,
      pageUrl: nullableText,
      referrer: nullableText,
      language: nullableText,
      timeZone: nullableText,
      earlierChats: list(earlierChat),
    },
    [
      'name',
      'email',
      'phone',
      'verified',
      'verifiedPid',
      'pageUrl',
      'referrer',
      'language',
      'timeZone',
      'earlierChats',
    ],
  ),
  earlierChat: object(
    {
      sessionId: id,
      channelId: id,
      startedAt: time,
      endedAt: nullable(time),
      agentNick: nullableText,
      messages: list(agentMessage),
      rating: nullable(rating),
    },
    ['sessionId', 'channelId', 'startedAt', 'endedAt', 'agentNick', 'messages', 'rating'],
  ),
  typing: done,
  send: agentMessage,
  sendFile: agentMessage,
  deleteMessage: done,
  ratingRequest: done,
  close: done,
  refuse: done,
  ...inboxAnswerSchemas,
  ...adminAnswerSchemas,
  report: reportSchema,
  replyToLeftMessage: mailQueuedSchema,
  ...webhookAnswerSchemas,
  ...tokenAnswerSchemas,
});
