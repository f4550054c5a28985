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

/**
 * The body of every delivery. `data` is the event's record as it was committed; its fields by
 * type are listed in docs/contract.md ("Webhooks").
 *
 * @example
 * { "id": "42", "type": "message.created", "createdAt": 1767225600000, "channelId": "shop",
 *   "conversationId": "s_1", "data": { "sender": "visitor", "msgContent": "Hello", ... } }
 */
export interface WebhookPayload {
  /** The event's id, unique per server database; deliveries of one event share it. */
  id: string;
  type: WebhookEventType;
  /** When the change happened (ms since the epoch). */
  createdAt: number;
  channelId: string;
  /** The session id; for `message.left`, `contact:<contactId>`. */
  conversationId: string;
  data: Record<string, unknown>;
}

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

const nullableString = { type: ['string', 'null'] } as const;
const nullableInteger = { type: ['integer', 'null'] } as const;
const eventType = { enum: webhookEventTypes };

export const webhookEndpointSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    url: { type: 'string' },
    channelId: nullableString,
    events: { type: 'array', items: eventType },
    description: nullableString,
    createdAt: { type: 'integer' },
    failures: { type: 'integer' },
    disabledAt: nullableInteger,
    disabledReason: nullableString,
  },
  required: [
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
} as const;

export const webhookDeliverySchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    eventId: { type: 'string' },
    eventType,
    conversationId: { type: 'string' },
    status: { enum: ['pending', 'delivered', 'failed'] },
    attempts: { type: 'integer' },
    nextAttemptAt: { type: 'integer' },
    lastStatus: nullableInteger,
    lastError: nullableString,
    responseExcerpt: nullableString,
    deliveredAt: nullableInteger,
    createdAt: { type: 'integer' },
  },
  required: [
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
} as const;

export const webhookEndpointInputSchema = {
  type: 'object',
  properties: {
    url: { type: 'string', minLength: 8, maxLength: 2048 },
    channelId: { type: 'string', minLength: 1, maxLength: 128 },
    events: { type: 'array', items: eventType, maxItems: webhookEventTypes.length },
    description: { type: 'string', maxLength: 200 },
  },
  required: ['url'],
} as const;
