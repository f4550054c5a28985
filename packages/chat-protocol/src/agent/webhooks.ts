import {
  describes,
  describesBody,
  describesEach,
  type Infer,
  integer,
  list,
  nullable,
  object,
  oneOf,
  string,
} from '../build.js';
import type { Schema } from '../schema.js';
import { CONVERSATION_STATUSES } from './inbox.js';

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
  'conversation.status_changed',
  'conversation.assignment_changed',
  'contact.changed',
  'note.added',
  'label.added',
  'label.removed',
  /** Sent to one endpoint when an administrator asks (the test event), whatever it subscribes to. */
  'webhook.ping',
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

/**
 * The header that carries `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`; while a
 * rotated-out secret is still valid, one more `v1=` signed with it (a receiver accepts any match).
 */
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
  'conversation.status_changed': object(
    {
      ...chat,
      ...department,
      from: oneOf(CONVERSATION_STATUSES),
      status: oneOf(CONVERSATION_STATUSES),
      /** With `snoozed`: until when (ms). */
      snoozedUntil: nullable(ms),
      changedAt: ms,
    },
    ['conversationId', 'contactId', 'channelId', 'groupId', 'from', 'status', 'snoozedUntil', 'changedAt'],
  ),
  'conversation.assignment_changed': object(
    {
      ...chat,
      ...department,
      /** null: it had no agent. */
      fromAgentId: nullable(string()),
      /** null: it has none now (unassigned). */
      agentId: nullable(string()),
      agentNick: nullable(string()),
      changedAt: ms,
    },
    [
      'conversationId',
      'contactId',
      'channelId',
      'groupId',
      'fromAgentId',
      'agentId',
      'agentNick',
      'changedAt',
    ],
  ),
  'contact.changed': object(
    {
      contactId: string(),
      channelId: string(),
      name: nullable(string()),
      email: nullable(string()),
      phone: nullable(string()),
      changedAt: ms,
    },
    ['contactId', 'channelId', 'name', 'email', 'phone', 'changedAt'],
  ),
  'note.added': object(
    {
      ...chat,
      noteId: string(),
      agentId: string(),
      agentNick: nullable(string()),
      body: string(),
      createdAt: ms,
    },
    ['conversationId', 'contactId', 'channelId', 'noteId', 'agentId', 'agentNick', 'body', 'createdAt'],
  ),
  'label.added': object({ ...chat, label: string(), changedAt: ms }, [
    'conversationId',
    'contactId',
    'channelId',
    'label',
    'changedAt',
  ]),
  'label.removed': object({ ...chat, label: string(), changedAt: ms }, [
    'conversationId',
    'contactId',
    'channelId',
    'label',
    'changedAt',
  ]),
  'webhook.ping': object({ endpointId: string(), url: string(), sentAt: ms }, [
    'endpointId',
    'url',
    'sentAt',
  ]),
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
    /**
     * What deliveries are ordered by: the session id; for `message.left` and `contact.changed`,
     * `contact:<contactId>`;
     * for `webhook.ping`, `endpoint:<endpointId>`.
     */
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
  /** When an administrator paused it (null: not paused): its events are held meanwhile. */
  pausedAt?: number | null;
  /** Since when every attempt failed (null: the last one succeeded); disabled after the server's window. */
  failingSince?: number | null;
  /** Until when the secret before the last rotation still signs deliveries (null: none). */
  previousSecretUntil?: number | null;
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
      pausedAt: nullable(integer()),
      failingSince: nullable(integer()),
      previousSecretUntil: nullable(integer()),
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

// The administrators' webhook calls, in the agent calls' table (`agentRoutes`): the endpoints,
// adding one (its secret answered once), editing, pausing and resuming, enabling one that was
// disabled, secret rotation, the test event, the delivery log and its replay, and the record of
// who changed what.

/** An endpoint's fields an administrator edits; absent: as they are. */
export interface WebhookEndpointEdit {
  url?: string;
  /** Empty: none. */
  description?: string;
  /** Empty: every event. */
  events?: WebhookEventType[];
}

/** The longest a rotated-out secret stays valid: a week (the default is a day). */
export const WEBHOOK_ROTATION_MAX_MS = 7 * 24 * 60 * 60 * 1000;

/** What a change of an endpoint was, in its record. */
export const WEBHOOK_CHANGE_KINDS = [
  'webhookAdded',
  'webhookChanged',
  'webhookPaused',
  'webhookResumed',
  'webhookEnabled',
  'webhookSecretRotated',
  'webhookTested',
  'webhookRemoved',
] as const;
export type WebhookChangeKind = (typeof WEBHOOK_CHANGE_KINDS)[number];

/** One recorded change of an endpoint: who (null: the command line), when and what. */
export interface WebhookChange {
  id: string;
  kind: WebhookChangeKind;
  /** The endpoint's id. */
  target: string;
  by: { id: string; nick: string } | null;
  /** The fields that changed, each `{ from, to }` (a secret never). */
  changes: Record<string, { from: unknown; to: unknown }>;
  time: number;
}

/** The webhook calls, part of `AgentCalls`: administrators only (403 for anyone else). */
export interface WebhookCalls {
  /** Every endpoint, without its secret. */
  webhooks: { answer: WebhookEndpointView[] };
  /** A new endpoint and its signing secret, answered this once. */
  addWebhook: { body: WebhookEndpointInput; answer: { endpoint: WebhookEndpointView; secret: string } };
  removeWebhook: { params: { endpointId: string }; answer: null };
  /** Sends to an endpoint disabled after days of failures again (what it missed is held, then sent). */
  enableWebhook: { params: { endpointId: string }; answer: null };
  /** The endpoint's latest deliveries (100 at most), latest first. */
  webhookDeliveries: { params: { endpointId: string }; answer: WebhookDeliveryView[] };
  /** Queues a delivery's event again for its endpoint. */
  replayWebhookDelivery: { params: { deliveryId: string }; answer: { queued: number } };
  updateWebhook: { params: { endpointId: string }; body: WebhookEndpointEdit; answer: WebhookEndpointView };
  /** Holds the endpoint's events (recorded, not sent) until it is resumed. */
  pauseWebhook: { params: { endpointId: string }; answer: WebhookEndpointView };
  /** Sends what was held while paused, in order, then the new events. */
  resumeWebhook: { params: { endpointId: string }; answer: WebhookEndpointView };
  /**
   * A new signing secret, answered this once; the old one still signs deliveries (a second `v1=`)
   * for `keepPreviousForMs` (default a day, at most `WEBHOOK_ROTATION_MAX_MS`; 0: not at all).
   */
  rotateWebhookSecret: {
    params: { endpointId: string };
    body: { keepPreviousForMs?: number };
    answer: { secret: string; previousSecretUntil: number };
  };
  /** Sends a `webhook.ping` event to this endpoint now; its delivery shows in the log. */
  testWebhook: { params: { endpointId: string }; answer: { eventId: string } };
  /** The endpoint's changes, latest first (100 at most). */
  webhookChanges: { params: { endpointId: string }; answer: WebhookChange[] };
}

export const webhookEditSchema = describesBody<WebhookEndpointEdit>()(
  object({
    url: string({ minLength: 8, maxLength: 2048 }),
    description: string({ maxLength: 200 }),
    events: list(eventType, { maxItems: webhookEventTypes.length }),
  }),
);

export const webhookRotationSchema = describesBody<WebhookCalls['rotateWebhookSecret']['body']>()(
  object({ keepPreviousForMs: integer({ minimum: 0, maximum: WEBHOOK_ROTATION_MAX_MS }) }),
);

const webhookChange = describes<WebhookChange>()(
  object(
    {
      id: string(),
      kind: oneOf(WEBHOOK_CHANGE_KINDS),
      target: string(),
      by: nullable(object({ id: string(), nick: string() }, ['id', 'nick'])),
      changes: { type: 'object', additionalProperties: true } as Schema<WebhookChange['changes']>,
      time: integer(),
    },
    ['id', 'kind', 'target', 'by', 'changes', 'time'],
  ),
);

export const webhookAnswerSchemas = describesEach<{ [N in keyof WebhookCalls]: WebhookCalls[N]['answer'] }>()(
  {
    webhooks: list(webhookEndpointSchema),
    addWebhook: object({ endpoint: webhookEndpointSchema, secret: string() }, ['endpoint', 'secret']),
    removeWebhook: { type: 'null' },
    enableWebhook: { type: 'null' },
    webhookDeliveries: list(webhookDeliverySchema),
    replayWebhookDelivery: object({ queued: integer() }, ['queued']),
    updateWebhook: webhookEndpointSchema,
    pauseWebhook: webhookEndpointSchema,
    resumeWebhook: webhookEndpointSchema,
    rotateWebhookSecret: object({ secret: string(), previousSecretUntil: integer() }, [
      'secret',
      'previousSecretUntil',
    ]),
    testWebhook: object({ eventId: string() }, ['eventId']),
    webhookChanges: list(webhookChange),
  },
);
