// The integration API: what a CRM, a helpdesk or a bot calls with a token an administrator made.

import { describes, type Infer, integer, list, object, oneOf, optional, string } from '../build.js';
import type { Schema } from '../schema.js';
import {
  CONVERSATION_STATUSES,
  type ConversationStatus,
  LABEL_MAX,
  LABELS_PER_CONVERSATION,
  NOTE_MAX,
  PRIORITIES,
  type Priority,
} from './inbox.js';
import { reportQuerySchema, reportSchema } from './reports.js';

/** What a token may do; an administrator gives each token some of them. */
export const integrationScopes = [
  'conversations:read',
  'conversations:write',
  'messages:write',
  'contacts:write',
  'reports:read',
] as const;
export type IntegrationScope = (typeof integrationScopes)[number];

/** A conversation as the integration API shows it. */
export interface IntegrationConversation {
  id: string;
  channelId: string;
  /**
   * The visitor as a contact id (`ct_` and 32 hex digits): stable per visitor, and unlike the
   * visitor's own id it opens nothing in the visitor API.
   */
  contactId: string;
  groupId: string | null;
  /** The agent who has it (last), if any. */
  agentId: string | null;
  status: 'open' | 'closed';
  createdAt: number;
  closedAt: number | null;
}

/** One page of conversations: `next` asks for the page after it (null: the last), `total` counts every page. */
export interface IntegrationConversationPage {
  conversations: IntegrationConversation[];
  next: string | null;
  total: number;
}

/** A conversation as the team works on it: the inbox's status, priority and labels. */
export interface IntegrationConversationDetail extends IntegrationConversation {
  inboxStatus: ConversationStatus;
  snoozedUntil: number | null;
  priority: Priority;
  labels: string[];
}

/** A note an integration left on a conversation, as its agent. */
export interface IntegrationNote {
  id: string;
  body: string;
  authorId: string;
  createdAt: number;
}

export interface IntegrationMessage {
  id: string;
  sender: 'visitor' | 'agent' | 'robot' | 'system';
  senderName: string | null;
  /** The contract's msgType (1 text, 2 image, ...; a named type as its name). */
  msgType: string;
  msgContent: string;
  sentAt: number;
}

export interface IntegrationContact {
  contactId: string;
  name: string | null;
  email: string | null;
  phone: string | null;
}

/** What a route's part (`params`, `query`, `body`) is, as its schema passes it; undefined without one. */
export type IntegrationPart<R, P extends 'params' | 'query' | 'body'> = R extends { [K in P]: infer S }
  ? Infer<S>
  : undefined;

export interface IntegrationRoute {
  /** A POST or PUT takes an `Idempotency-Key` header: a retry with the same key answers the same. */
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  scope: IntegrationScope;
  query?: Schema;
  params?: Schema;
  body?: Schema;
  answer: Schema;
}

const id: Schema<string> = { type: 'string', minLength: 1, maxLength: 128 };
const text = (maxLength: number, minLength = 0): Schema<string> => ({
  type: 'string',
  maxLength,
  ...(minLength > 0 && { minLength }),
});
const digits = (most: number): Schema<string> => ({ type: 'string', pattern: `^\\d{1,${most}}$` });
const nullableText: Schema<string | null> = { type: ['string', 'null'] };
const time = integer();

const conversationFields = {
  id: string(),
  channelId: string(),
  contactId: string(),
  groupId: nullableText,
  agentId: nullableText,
  status: oneOf(['open', 'closed']),
  createdAt: time,
  closedAt: { type: ['integer', 'null'] },
} as const;
const conversationRequired = [
  'id',
  'channelId',
  'contactId',
  'groupId',
  'agentId',
  'status',
  'createdAt',
  'closedAt',
] as const;
const conversation = describes<IntegrationConversation>()(object(conversationFields, conversationRequired));
const page = describes<IntegrationConversationPage>()(
  object({ conversations: list(conversation), next: nullableText, total: integer({ minimum: 0 }) }, [
    'conversations',
    'next',
    'total',
  ]),
);
const detail = describes<IntegrationConversationDetail>()(
  object(
    {
      ...conversationFields,
      inboxStatus: oneOf(CONVERSATION_STATUSES),
      snoozedUntil: { type: ['integer', 'null'] },
      priority: oneOf(PRIORITIES),
      labels: list(string()),
    } as const,
    [...conversationRequired, 'inboxStatus', 'snoozedUntil', 'priority', 'labels'],
  ),
);
const note = describes<IntegrationNote>()(
  object({ id: string(), body: string(), authorId: string(), createdAt: time }, [
    'id',
    'body',
    'authorId',
    'createdAt',
  ]),
);
const conversationParams = object({ sessionId: id }, ['sessionId']);

const message = describes<IntegrationMessage>()(
  object(
    {
      id: string(),
      sender: { enum: ['visitor', 'agent', 'robot', 'system'] },
      senderName: nullableText,
      msgType: string(),
      msgContent: string(),
      sentAt: time,
    },
    ['id', 'sender', 'senderName', 'msgType', 'msgContent', 'sentAt'],
  ),
);
const contact = describes<IntegrationContact>()(
  object({ contactId: string(), name: nullableText, email: nullableText, phone: nullableText }, [
    'contactId',
    'name',
    'email',
    'phone',
  ]),
);

export const INTEGRATION_PREFIX = '/api/integration/v1';
/**
 * The header of a write's idempotency key (1 to 255 visible characters): the server keeps each
 * token's keys for a day, and a retry with the same key and body answers the first answer again
 * (with `Idempotent-Replayed: true`) without doing the write twice; the same key with another body
 * is a 409 `idempotency_key_reused`.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** The longest text a message posted through the integration API may have, in characters. */
export const INTEGRATION_TEXT_MAX = 5000;

/**
 * Every integration call: method, path, the scope it needs, request and answer schemas. A call
 * takes `Authorization: Bearer <token>` and answers the `{ code, data, message }` envelope.
 *
 * @example
 * const { method, path } = integrationRoutes.postMessage; // 'POST', '/api/integration/v1/conversations/:sessionId/messages'
 */
export const integrationRoutes = {
  conversations: {
    method: 'GET',
    path: `${INTEGRATION_PREFIX}/conversations`,
    scope: 'conversations:read',
    query: object({
      channelId: id,
      status: { enum: ['open', 'closed'] },
      /** The inbox's status (open, pending, snoozed, resolved). */
      inboxStatus: oneOf(CONVERSATION_STATUSES),
      label: text(LABEL_MAX, 1),
      agentId: id,
      /** Conversations started at or after this time (ms), oldest first. */
      since: digits(15),
      limit: string({ pattern: '^([1-9]\\d?|100)$' }),
      /** The `next` of the page before. */
      cursor: string({ pattern: '^\\d{1,15}:[\\w-]{1,128}$' }),
    }),
    answer: page,
  },
  conversation: {
    method: 'GET',
    path: `${INTEGRATION_PREFIX}/conversations/:sessionId`,
    scope: 'conversations:read',
    params: conversationParams,
    answer: detail,
  },
  setStatus: {
    method: 'POST',
    path: `${INTEGRATION_PREFIX}/conversations/:sessionId/status`,
    scope: 'conversations:write',
    params: conversationParams,
    body: object(
      {
        status: oneOf(CONVERSATION_STATUSES),
        snoozedUntil: integer({ minimum: 0, maximum: 2 ** 53 - 1 }),
      },
      ['status'],
    ),
    answer: detail,
  },
  setLabels: {
    method: 'PUT',
    path: `${INTEGRATION_PREFIX}/conversations/:sessionId/labels`,
    scope: 'conversations:write',
    params: conversationParams,
    body: object({ labels: list(text(LABEL_MAX, 1), { maxItems: LABELS_PER_CONVERSATION }) }, ['labels']),
    answer: detail,
  },
  addNote: {
    method: 'POST',
    path: `${INTEGRATION_PREFIX}/conversations/:sessionId/notes`,
    scope: 'conversations:write',
    params: conversationParams,
    body: object({ body: text(NOTE_MAX, 1) }, ['body']),
    answer: note,
  },
  assign: {
    method: 'POST',
    path: `${INTEGRATION_PREFIX}/conversations/:sessionId/assignment`,
    scope: 'conversations:write',
    params: conversationParams,
    /** A colleague or a group, as the console's transfer: the token's agent must have the chat. */
    body: object({ agentId: id, groupId: id, note: text(500) }),
    answer: detail,
  },
  messages: {
    method: 'GET',
    path: `${INTEGRATION_PREFIX}/conversations/:sessionId/messages`,
    scope: 'conversations:read',
    params: object({ sessionId: id }, ['sessionId']),
    answer: list(message),
  },
  postMessage: {
    method: 'POST',
    path: `${INTEGRATION_PREFIX}/conversations/:sessionId/messages`,
    scope: 'messages:write',
    params: object({ sessionId: id }, ['sessionId']),
    body: object({ msgContent: text(INTEGRATION_TEXT_MAX, 1), clientMsgId: optional(text(128, 1)) }, [
      'msgContent',
    ]),
    answer: message,
  },
  updateContact: {
    method: 'PUT',
    path: `${INTEGRATION_PREFIX}/contacts/:contactId`,
    scope: 'contacts:write',
    params: object({ contactId: id }, ['contactId']),
    /** At least one field; null or "" clears it; an email or phone that cannot be one is refused. */
    body: object({ name: optional(text(100)), email: optional(text(254)), phone: optional(text(40)) }),
    answer: contact,
  },
  report: {
    method: 'GET',
    path: `${INTEGRATION_PREFIX}/reports`,
    scope: 'reports:read',
    query: reportQuerySchema,
    answer: reportSchema,
  },
} as const satisfies Record<string, IntegrationRoute>;
