import {
  describes,
  describesBody,
  type Infer,
  integer,
  list,
  nullable,
  object,
  oneOf,
  string,
} from '../build.js';
import type { Schema } from '../schema.js';

// Webhooks: what the server POSTs to an endpoint an administrator registered, and how it signs it.

/** The events an endpoint can receive; an endpoint registered without a list receives them all. */
export const webhookEventTypes = [
  'conversation.created',
  'conversation.assigned',
  'conversation.transferred',
  'conversation.resolved',
  'conversation.rated',
  'message.created',
  'message.left',
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

/** The header that carries `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. */
export const WEBHOOK_SIGNATURE_HEADER = 'Parley-Signature';
/** The event's id: a receiver drops a delivery whose event it has seen (delivery is at least once). */
export const WEBHOOK_EVENT_ID_HEADER = 'Parley-Event-Id';
export const WEBHOOK_EVENT_TYPE_HEADER = 'Parley-Event';

/** Who wrote a message, in `message.created`. */
export type WebhookSender = 'visitor' | 'agent' | 'robot';

const chat = {
  conversationId: string(),
  /** Who the visitor is to integrations (never their visitor id, which is their credential). */
  contactId: string(),
  channelId: string(),
};
const department = { groupId: nullable(string()) };
const ms = integer();

/**
 * The `data` of each event type, as the server commits it: what a receiver can rely on. The types
 * are the schemas' (`WebhookData`); the OpenAPI document publishes them under `webhooks`.
 */
export const webhookDataSchemas = {
  'conversation.created': object({ ...chat, ...department, createdAt: ms }, [
    'conversationId',
    'contactId',
    'channelId',
    'groupId',
    'createdAt',
  ]),
  'conversation.assigned': object(
    { ...chat, ...department, agentId: string(), agentNick: nullable(string()), assignedAt: ms },
    ['conversationId', 'contactId', 'channelId', 'groupId', 'agentId', 'agentNick', 'assignedAt'],
  ),
  'conversation.transferred': object(
    {
      ...chat,
      ...department,
      fromAgentId: string(),
      agentId: string(),
      agentNick: nullable(string()),
      transferredAt: ms,
    },
    [
      'conversationId',
      'contactId',
      'channelId',
      'groupId',
      'fromAgentId',
      'agentId',
      'agentNick',
      'transferredAt',
    ],
  ),
  'conversation.resolved': object({ ...chat, ...department, agentId: nullable(string()), closedAt: ms }, [
    'conversationId',
    'contactId',
    'channelId',
    'groupId',
    'agentId',
    'closedAt',
  ]),
  'conversation.rated': object(
    { ...chat, star: integer(), tags: nullable(list(string())), content: nullable(string()), ratedAt: ms },
    ['conversationId', 'contactId', 'channelId', 'star', 'tags', 'content', 'ratedAt'],
  ),
  'message.created': object(
    {
      ...chat,
      messageId: string(),
      sender: oneOf(['visitor', 'agent', 'robot']),
      senderName: nullable(string()),
      msgType: string(),
      msgContent: string(),
      fileName: nullable(string()),
      fileSize: nullable(integer()),
      sentAt: ms,
      /** On an agent's answer sent by email only: the address it went to. */
      emailedTo: string(),
    },
    [
      'conversationId',
      'contactId',
      'channelId',
      'messageId',
      'sender',
      'senderName',
      'msgType',
      'msgContent',
      'fileName',
      'fileSize',
      'sentAt',
    ],
  ),
  'message.left': object(
    {
      leftMessageId: integer(),
      contactId: string(),
      channelId: string(),
      name: nullable(string()),
      phone: nullable(string()),
      email: nullable(string()),
      content: string(),
      leftAt: ms,
    },
    ['leftMessageId', 'contactId', 'channelId', 'name', 'phone', 'email', 'content', 'leftAt'],
  ),
} satisfies Record<WebhookEventType, Schema>;

/** The `data` of an event of type `T`. */
export type WebhookData<T extends WebhookEventType> = Infer<(typeof webhookDataSchemas)[T]>;

/**
 * The body of every delivery, by its `type`: `data` is the event's record as it was committed.
 *
 * @example
 * { "id": "42", "type": "message.created", "createdAt": 1767225600000, "channelId": "shop",
 *   "conversationId": "s_1", "data": { "sender": "visitor", "msgContent": "Hello", ... } }
 */
export type WebhookPayload = {
  [T in WebhookEventType]: {
    /** The event's id, unique per server database; deliveries of one event share it. */
    id: string;
    type: T;
    /** When the change happened (ms since the epoch). */
    createdAt: number;
    channelId: string;
    /** The session id; for `message.left`, `contact:<contactId>`. */
    conversationId: string;
    data: WebhookData<T>;
  };
}[WebhookEventType];

/** The schema of a delivery's body of type `type`. */
export const webhookPayloadSchema = (type: WebhookEventType): Schema =>
  object(
    {
      id: string(),
      type: oneOf([type]),
      createdAt: ms,
      channelId: string(),
      conversationId: string(),
      data: webhookDataSchemas[type],
    },
    ['id', 'type', 'createdAt', 'channelId', 'conversationId', 'data'],
  );

// The administrators' calls (agent API, `/api/agent/admin/webhooks`): what the CLI's `webhook`
// commands do, for the console.

/** A registered endpoint as an administrator sees it (never its secret). */
export interface WebhookEndpointView {
  id: string;
  url: string;
  /** null: every channel. */
  channelId: string | null;
  events: WebhookEventType[];
  description: string | null;
  createdAt: number;
  /** Failed attempts in a row. */
  failures: number;
  /** When it was disabled for failing (null: enabled), and why. */
  disabledAt: number | null;
  disabledReason: string | null;
}

/** One delivery of the log. */
export interface WebhookDeliveryView {
  id: string;
  eventId: string;
  eventType: WebhookEventType;
  conversationId: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  nextAttemptAt: number;
  lastStatus: number | null;
  lastError: string | null;
  /** The first characters of the receiver's answer. */
  responseExcerpt: string | null;
  deliveredAt: number | null;
  createdAt: number;
}

export interface WebhookEndpointInput {
  url: string;
  channelId?: string;
  /** Absent or empty: every event. */
  events?: WebhookEventType[];
  description?: string;
}

export const WEBHOOKS_ADMIN_PATH = '/api/agent/admin/webhooks';

const eventType = oneOf(webhookEventTypes);

export const webhookEndpointSchema = describes<WebhookEndpointView>()(
  object(
    {
      id: string(),
      url: string(),
      channelId: nullable(string()),
      events: list(eventType),
      description: nullable(string()),
      createdAt: integer(),
      failures: integer(),
      disabledAt: nullable(integer()),
      disabledReason: nullable(string()),
    },
    [
      'id',
      'url',
      'channelId',
      'events',
      'description',
      'createdAt',
      'failures',
      'disabledAt',
      'disabledReason',
    ],
  ),
);

export const webhookDeliverySchema = describes<WebhookDeliveryView>()(
  object(
    {
      id: string(),
      eventId: string(),
      eventType,
      conversationId: string(),
      status: oneOf(['pending', 'delivered', 'failed']),
      attempts: integer(),
      nextAttemptAt: integer(),
      lastStatus: nullable(integer()),
      lastError: nullable(string()),
      responseExcerpt: nullable(string()),
      deliveredAt: nullable(integer()),
      createdAt: integer(),
    },
    [
      'id',
      'eventId',
      'eventType',
      'conversationId',
      'status',
      'attempts',
      'nextAttemptAt',
      'lastStatus',
      'lastError',
      'responseExcerpt',
      'deliveredAt',
      'createdAt',
    ],
  ),
);

export const webhookEndpointInputSchema = describesBody<WebhookEndpointInput>()(
  object(
    {
      url: string({ minLength: 8, maxLength: 2048 }),
      channelId: string({ minLength: 1, maxLength: 128 }),
      events: list(eventType, { maxItems: webhookEventTypes.length }),
      description: string({ maxLength: 200 }),
    },
    ['url'],
  ),
);

/**
 * What each administrator's webhook call answers: the server registers them with these, the
 * console's client checks with them.
 */
export const webhookAdminAnswers = {
  list: list(webhookEndpointSchema),
  add: describes<{ endpoint: WebhookEndpointView; secret: string }>()(
    object({ endpoint: webhookEndpointSchema, secret: string() }, ['endpoint', 'secret']),
  ),
  /** remove and enable: success is all they tell. */
  done: { type: 'null' } as const satisfies Schema,
  deliveries: list(webhookDeliverySchema),
  replay: describes<{ queued: number }>()(object({ queued: integer() }, ['queued'])),
};
