import { randomBytes } from 'node:crypto';
import {
  type WebhookDeliveryView,
  type WebhookEndpointView,
  type WebhookEventType,
  webhookEventTypes,
} from '@parley/chat-protocol';
import type { Db } from '../db/types.js';
import { parseWebhookUrl, WebhookUrlError } from './address.js';

/** An endpoint as the server keeps it: the contract's view (never its secret). */
export type WebhookEndpoint = WebhookEndpointView;

/** A delivery of the log, with the endpoint it goes to. */
export type WebhookDelivery = WebhookDeliveryView & { endpointId: string };

interface EndpointRow {
  id: string;
  url: string;
  channel_id: string | null;
  events: WebhookEventType[];
  description: string | null;
  created_at: number | string;
  failures: number;
  disabled_at: number | string | null;
  disabled_reason: string | null;
}

const endpointOf = (row: EndpointRow): WebhookEndpoint => ({
  id: row.id,
  url: row.url,
  channelId: row.channel_id,
  events: row.events,
  description: row.description,
  createdAt: Number(row.created_at),
  failures: row.failures,
  disabledAt: row.disabled_at === null ? null : Number(row.disabled_at),
  disabledReason: row.disabled_reason,
});

/** The event names of a comma list, all of them when empty; unknown names are refused. */
export function parseEventTypes(names: string[] | undefined): WebhookEventType[] {
  if (!names || names.length === 0) return [...webhookEventTypes];
  const known = new Set<string>(webhookEventTypes);
  const unknown = names.filter((name) => !known.has(name));
  if (unknown.length > 0)
    throw new WebhookUrlError(
      `unknown event(s) ${unknown.join(', ')}; known: ${webhookEventTypes.join(', ')}`,
    );
  return [...new Set(names)] as WebhookEventType[];
}

/** Registers an endpoint; answers it with its signing secret, which is shown this once. */
export async function addEndpoint(
  db: Db,
  input: { url: string; channelId?: string | null; events?: string[]; description?: string },
  now: number,
): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
  const url = parseWebhookUrl(input.url);
  const events = parseEventTypes(input.events);
  if (input.channelId) {
    const [channel] = await db.query('select 1 from channels where id = $1', [input.channelId]);
    if (!channel) throw new WebhookUrlError(`no channel ${input.channelId}`);
  }
  const id = `wh_${randomBytes(9).toString('base64url')}`;
  const secret = `whsec_${randomBytes(32).toString('base64url')}`;
  const [row] = await db.query<EndpointRow>(
    `insert into webhook_endpoints (id, url, channel_id, events, secret, description, created_at)
     values ($1, $2, $3, $4, $5, $6, $7) returning *`,
    [
      id,
      url.toString(),
      input.channelId ?? null,
      JSON.stringify(events),
      secret,
      input.description ?? null,
      now,
    ],
  );
  if (!row) throw new Error('the endpoint was not stored');
  return { endpoint: endpointOf(row), secret };
}

export async function listEndpoints(db: Db): Promise<WebhookEndpoint[]> {
  const rows = await db.query<EndpointRow>('select * from webhook_endpoints order by created_at, id');
  return rows.map(endpointOf);
}

/** Removes an endpoint with its delivery log; answers whether it existed. */
export async function removeEndpoint(db: Db, id: string): Promise<boolean> {
  const rows = await db.query('delete from webhook_endpoints where id = $1 returning id', [id]);
  return rows.length > 0;
}

/** Enables an endpoint again (after it was disabled for failing): events from now on reach it. */
export async function enableEndpoint(db: Db, id: string): Promise<boolean> {
  const rows = await db.query(
    `update webhook_endpoints set disabled_at = null, disabled_reason = null, failures = 0 where id = $1 returning id`,
    [id],
  );
  return rows.length > 0;
}

interface DeliveryRow {
  id: string | number;
  endpoint_id: string;
  event_id: string | number;
  type: WebhookEventType;
  conversation: string;
  status: WebhookDelivery['status'];
  attempts: number;
  next_attempt_at: string | number;
  last_status: number | null;
  last_error: string | null;
  response_excerpt: string | null;
  delivered_at: string | number | null;
  created_at: string | number;
}

const deliveryOf = (row: DeliveryRow): WebhookDelivery => ({
  id: String(row.id),
  endpointId: row.endpoint_id,
  eventId: String(row.event_id),
  eventType: row.type,
  conversationId: row.conversation,
  status: row.status,
  attempts: row.attempts,
  nextAttemptAt: Number(row.next_attempt_at),
  lastStatus: row.last_status,
  lastError: row.last_error,
  responseExcerpt: row.response_excerpt,
  deliveredAt: row.delivered_at === null ? null : Number(row.delivered_at),
  createdAt: Number(row.created_at),
});

/** An endpoint's delivery log, newest first. */
export async function deliveries(db: Db, endpointId: string, limit = 50): Promise<WebhookDelivery[]> {
  const rows = await db.query<DeliveryRow>(
    `select d.*, e.type from webhook_deliveries d join webhook_events e on e.id = d.event_id
     where d.endpoint_id = $1 order by d.id desc limit $2`,
    [endpointId, limit],
  );
  return rows.map(deliveryOf);
}

/**
 * Sends an event again: a new delivery of the same event to the same endpoint (the log keeps the
 * old one). `since` replays every event the endpoint was sent from that time on, in order.
 */
export async function replay(
  db: Db,
  target: { deliveryId: string } | { endpointId: string; since: number },
  now: number,
): Promise<number> {
  const rows =
    'deliveryId' in target
      ? await db.query(
          `insert into webhook_deliveries (endpoint_id, event_id, conversation, created_at)
           select endpoint_id, event_id, conversation, $2 from webhook_deliveries where id = $1 returning id`,
          [target.deliveryId, now],
        )
      : await db.query(
          `insert into webhook_deliveries (endpoint_id, event_id, conversation, created_at)
           select distinct on (d.event_id) d.endpoint_id, d.event_id, d.conversation, $3::bigint
           from webhook_deliveries d join webhook_events e on e.id = d.event_id
           where d.endpoint_id = $1 and e.created_at >= $2 order by d.event_id returning id`,
          [target.endpointId, target.since, now],
        );
  return rows.length;
}
