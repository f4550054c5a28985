// The integration API: what a CRM, a helpdesk or a bot calls with a token an administrator made.

import { describes, type Infer, integer, list, object, oneOf, optional, string } from '../build.js';
import type { Schema } from '../schema.js';

/** What a token may do; an administrator gives each token some of them. */
export const integrationScopes = ['conversations:read', 'messages:write', 'contacts:write'] as const;
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

const conversation = describes<IntegrationConversation>()(
  object(
    {
      id: string(),
      channelId: string(),
      contactId: string(),
      groupId: nullableText,
      agentId: nullableText,
      status: oneOf(['open', 'closed']),
      createdAt: time,
      closedAt: { type: ['integer', 'null'] },
    },
    ['id', 'channelId', 'contactId', 'groupId', 'agentId', 'status', 'createdAt', 'closedAt'],
  ),
);
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
      /** Conversations started at or after this time (ms), oldest first. */
      since: digits(15),
      limit: string({ pattern: '^([1-9]\\d?|100)$' }),
    }),
    answer: list(conversation),
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
    /** At least one field; null or "" clears it. */
    body: object({ name: optional(text(100)), email: optional(text(254)), phone: optional(text(40)) }),
    answer: contact,
  },
} as const satisfies Record<string, IntegrationRoute>;
