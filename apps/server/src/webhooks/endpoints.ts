import { randomBytes } from 'node:crypto';
import {
  type WebhookDeliveryView,
  type WebhookEndpointView,
  type WebhookEventType,
  webhookEventTypes,
} from '@parley/chat-protocol';
import { fieldChanges, recordChange } from '../admin/changes.js';
import type { Db, Queryable } from '../db/types.js';
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
  paused_at: number | string | null;
  failing_since: number | string | null;
  previous_secret_until: number | string | null;
}

const timeOrNull = (value: number | string | null) => (value === null ? null : Number(value));

const endpointOf = (row: EndpointRow): WebhookEndpoint => ({
  id: row.id,
  url: row.url,
  channelId: row.channel_id,
  events: row.events,
  description: row.description,
  createdAt: Number(row.created_at),
  failures: row.failures,
  disabledAt: timeOrNull(row.disabled_at),
  disabledReason: row.disabled_reason,
  pausedAt: timeOrNull(row.paused_at),
  failingSince: timeOrNull(row.failing_since),
  previousSecretUntil: timeOrNull(row.previous_secret_until),
});

/** Who makes a change (an administrator's agent id; null: the command line) and when. */
export interface ChangeContext {
  by: string | null;
  now: number;
}

const newSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

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
  by: string | null = null,
): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
  const url = parseWebhookUrl(input.url);
  const events = parseEventTypes(input.events);
  if (input.channelId) {
    const [channel] = await db.query('select 1 from channels where id = $1', [input.channelId]);
    if (!channel) throw new WebhookUrlError(`no channel ${input.channelId}`);
  }
  const id = `wh_${randomBytes(9).toString('base64url')}`;
  const secret = newSecret();
  const row = await db.transaction(async (tx) => {
    const [row] = await tx.query<EndpointRow>(
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
    await recordChange(tx, {
      by,
      kind: 'webhookAdded',
      target: id,
      changes: fieldChanges({}, editable(endpointOf(row))),
      at: now,
    });
    return row;
  });
  return { endpoint: endpointOf(row), secret };
}

export async function listEndpoints(db: Db): Promise<WebhookEndpoint[]> {
  const rows = await db.query<EndpointRow>('select * from webhook_endpoints order by created_at, id');
  return rows.map(endpointOf);
}

/** Removes an endpoint with its delivery log; answers whether it existed. */
export async function removeEndpoint(
  db: Db,
  id: string,
  change: ChangeContext = { by: null, now: Date.now() },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx.query('delete from webhook_endpoints where id = $1 returning id', [id]);
    if (rows.length > 0)
      await recordChange(tx, { by: change.by, kind: 'webhookRemoved', target: id, at: change.now });
    return rows.length > 0;
  });
}

/** The fields of an endpoint an administrator sets, as its change record compares them. */
const editable = (endpoint: WebhookEndpoint) => ({
  url: endpoint.url,
  channelId: endpoint.channelId,
  events: endpoint.events,
  description: endpoint.description,
});

/**
 * The deliveries held for an endpoint while it was paused or disabled are due now, each with its
 * retry window starting again.
 */
async function releaseHeld(tx: Queryable, id: string, now: number): Promise<void> {
  await tx.query(
    `update webhook_deliveries set next_attempt_at = $2, retry_since = $2
     where endpoint_id = $1 and status = 'pending'`,
    [id, now],
  );
}

/**
 * Enables an endpoint again (after it was disabled for failing): the events held for it meanwhile
 * are sent, in order, then the new ones.
 */
export async function enableEndpoint(
  db: Db,
  id: string,
  change: ChangeContext = { by: null, now: Date.now() },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [before] = await tx.query<{ disabled_at: string | null }>(
      `update webhook_endpoints p set disabled_at = null, disabled_reason = null, failures = 0, failing_since = null
       from (select id, disabled_at from webhook_endpoints where id = $1 for update) old
       where p.id = old.id returning old.disabled_at`,
      [id],
    );
    if (!before) return false;
    if (before.disabled_at !== null) {
      await releaseHeld(tx, id, change.now);
      await recordChange(tx, { by: change.by, kind: 'webhookEnabled', target: id, at: change.now });
    }
    return true;
  });
}

/** An endpoint as it is stored, for a change (null: no such endpoint). */
async function endpointRow(tx: Queryable, id: string): Promise<EndpointRow | undefined> {
  const [row] = await tx.query<EndpointRow>('select * from webhook_endpoints where id = $1 for update', [id]);
  return row;
}

/** What an administrator changes of an endpoint, answered with what it was and what it is. */
export interface EndpointChange {
  before: WebhookEndpoint;
  after: WebhookEndpoint;
}

/**
 * Pauses an endpoint (`paused`) or resumes it: while paused, the events it subscribes to are held
 * for it; resumed, they are sent in order, then the new ones. Answers undefined for no endpoint.
 */
export async function setPaused(
  db: Db,
  id: string,
  paused: boolean,
  change: ChangeContext,
): Promise<EndpointChange | undefined> {
  const { now } = change;
  return db.transaction(async (tx) => {
    const before = await endpointRow(tx, id);
    if (!before) return undefined;
    const [after] = await tx.query<EndpointRow>(
      `update webhook_endpoints set paused_at = case when $2 then coalesce(paused_at, $3::bigint) end
       where id = $1 returning *`,
      [id, paused, now],
    );
    if (!paused && before.paused_at !== null) await releaseHeld(tx, id, now);
    if (paused === (before.paused_at === null))
      await recordChange(tx, {
        by: change.by,
        kind: paused ? 'webhookPaused' : 'webhookResumed',
        target: id,
        at: now,
      });
    return { before: endpointOf(before), after: endpointOf(after ?? before) };
  });
}

/** Changes an endpoint's URL, description or events (absent: as they are). */
export async function updateEndpoint(
  db: Db,
  id: string,
  input: { url?: string; description?: string | null; events?: string[] },
  change: ChangeContext,
): Promise<EndpointChange | undefined> {
  const url = input.url === undefined ? undefined : parseWebhookUrl(input.url).toString();
  const events = input.events === undefined ? undefined : parseEventTypes(input.events);
  return db.transaction(async (tx) => {
    const before = await endpointRow(tx, id);
    if (!before) return undefined;
    const [after] = await tx.query<EndpointRow>(
      `update webhook_endpoints set url = coalesce($2, url), events = coalesce($3::jsonb, events),
         description = case when $4 then $5 else description end
       where id = $1 returning *`,
      [
        id,
        url ?? null,
        events ? JSON.stringify(events) : null,
        input.description !== undefined,
        input.description || null,
      ],
    );
    const changes = fieldChanges(editable(endpointOf(before)), editable(endpointOf(after ?? before)));
    if (Object.keys(changes).length > 0)
      await recordChange(tx, { by: change.by, kind: 'webhookChanged', target: id, changes, at: change.now });
    return { before: endpointOf(before), after: endpointOf(after ?? before) };
  });
}

/** How long a rotated-out secret stays valid unless told: a day, as Stripe's default. */
export const DEFAULT_ROTATION_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * Gives an endpoint a new signing secret, answered this once. Until `previousSecretUntil` the old
 * one stays valid: deliveries carry a signature with each, so a receiver can switch at its pace.
 */
export async function rotateSecret(
  db: Db,
  id: string,
  keepPreviousForMs: number,
  change: ChangeContext,
): Promise<{ secret: string; previousSecretUntil: number } | undefined> {
  const secret = newSecret();
  const previousSecretUntil = change.now + keepPreviousForMs;
  return db.transaction(async (tx) => {
    const rows = await tx.query(
      `update webhook_endpoints set previous_secret = secret, secret = $2, previous_secret_until = $3
       where id = $1 returning id`,
      [id, secret, previousSecretUntil],
    );
    if (rows.length === 0) return undefined;
    // The secrets themselves are never recorded: only until when the old one is valid.
    await recordChange(tx, {
      by: change.by,
      kind: 'webhookSecretRotated',
      target: id,
      changes: { previousSecretUntil: { from: null, to: previousSecretUntil } },
      at: change.now,
    });
    return { secret, previousSecretUntil };
  });
}

/**
 * Records a `webhook.ping` event for one endpoint only, whatever it subscribes to, and answers its
 * event id (undefined: no such endpoint). It goes like any delivery: signed, logged, retried, held
 * while the endpoint is paused or disabled.
 */
export async function pingEndpoint(db: Db, id: string, change: ChangeContext): Promise<string | undefined> {
  const { now } = change;
  return db.transaction(async (tx) => {
    const endpoint = await endpointRow(tx, id);
    if (!endpoint) return undefined;
    const conversation = `endpoint:${id}`;
    const [event] = await tx.query<{ id: string | number }>(
      `insert into webhook_events (type, channel_id, conversation, payload, created_at)
       values ('webhook.ping', $1, $2, $3, $4) returning id`,
      [
        endpoint.channel_id ?? '',
        conversation,
        JSON.stringify({ endpointId: id, url: endpoint.url, sentAt: now }),
        now,
      ],
    );
    await tx.query(
      `insert into webhook_deliveries (endpoint_id, event_id, conversation, created_at) values ($1, $2, $3, $4)`,
      [id, event?.id, conversation, now],
    );
    await recordChange(tx, { by: change.by, kind: 'webhookTested', target: id, at: now });
    return String(event?.id);
  });
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
