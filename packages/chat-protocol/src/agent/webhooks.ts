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
  /** The session id; for `message.left`, `visitor:<visitorId>`. */
  conversationId: string;
  data: Record<string, unknown>;
}
