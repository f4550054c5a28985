import { parseArgs } from 'node:util';
import { WebhookUrlError } from '../webhooks/address.js';
import {
  addEndpoint,
  deliveries,
  enableEndpoint,
  listEndpoints,
  pingEndpoint,
  removeEndpoint,
  replay,
  rotateSecret,
  setPaused,
} from '../webhooks/endpoints.js';
import { type AdminContext, AdminError } from './commands.js';

export const WEBHOOK_USAGE = `  webhook add <url> [--channel <id>] [--events <name,name>] [--description <text>]
                                                    register an endpoint (every channel and event when not
                                                    named); its signing secret is shown once
  webhook list                                      endpoints, their events and state
  webhook log <endpoint-id> [--limit <n>]           the latest deliveries: status, attempts, answer
  webhook replay <delivery-id> | <endpoint-id> --since <ISO time>
                                                    send one delivery's event again, or every event since
  webhook enable <endpoint-id>                      after it was disabled for failing: what was held is sent
  webhook pause <endpoint-id>                       hold its events (recorded, not sent) until resumed
  webhook resume <endpoint-id>                      send what was held, in order, then the new events
  webhook rotate <endpoint-id> [--keep-hours <n>]   a new signing secret (shown once); the old one also
                                                    signs deliveries for n hours (default 24, 0: not at all)
  webhook test <endpoint-id>                        send it a webhook.ping event now
  webhook remove <endpoint-id>`;

const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

const when = (ms: number | null) => (ms === null ? '-' : new Date(ms).toISOString());

/** `npm run admin -- webhook ...`: endpoints, their delivery log and replay. */
export async function runWebhookAdmin(verb: string | undefined, args: string[], context: AdminContext) {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    strict: true,
    options: {
      channel: { type: 'string' },
      events: { type: 'string' },
      description: { type: 'string' },
      limit: { type: 'string' },
      since: { type: 'string' },
      'keep-hours': { type: 'string' },
    },
  });
  const target = positionals[0];
  const now = (context.now ?? Date.now)();
  const { db, out } = context;

  if (verb === 'add') {
    if (!target) throw new AdminError('webhook add needs <url>');
    try {
      const { endpoint, secret } = await addEndpoint(
        db,
        {
          url: target,
          channelId: values.channel,
          events: list(values.events),
          description: values.description,
        },
        now,
      );
      out(
        `webhook ${endpoint.id} added: ${endpoint.url} (${endpoint.channelId ?? 'every channel'}; ${endpoint.events.join(', ')})`,
      );
      out(`signing secret (shown once): ${secret}`);
    } catch (error) {
      if (error instanceof WebhookUrlError) throw new AdminError(error.message);
      throw error;
    }
    return;
  }
  if (verb === 'list') {
    for (const endpoint of await listEndpoints(db)) {
      const state = endpoint.disabledAt
        ? `disabled ${when(endpoint.disabledAt)}: ${endpoint.disabledReason}`
        : endpoint.pausedAt
          ? `paused ${when(endpoint.pausedAt)}`
          : `enabled (${endpoint.failures} failed in a row)`;
      out(
        `${endpoint.id}\t${endpoint.url}\t${endpoint.channelId ?? '*'}\t${endpoint.events.join(',')}\t${state}`,
      );
    }
    return;
  }
  if (verb === 'log') {
    if (!target) throw new AdminError('webhook log needs <endpoint-id>');
    const limit = values.limit === undefined ? 50 : Number(values.limit);
    if (!Number.isInteger(limit) || limit < 1) throw new AdminError('--limit is a whole number, 1 or more');
    for (const delivery of await deliveries(db, target, limit)) {
      out(
        [
          delivery.id,
          delivery.eventType,
          delivery.conversationId,
          delivery.status,
          `${delivery.attempts} attempt(s)`,
          delivery.lastStatus ?? '-',
          delivery.lastError ?? '',
          when(delivery.deliveredAt),
        ].join('\t'),
      );
    }
    return;
  }
  if (verb === 'replay') {
    if (!target) throw new AdminError('webhook replay needs <delivery-id>, or <endpoint-id> --since <time>');
    let count: number;
    if (values.since !== undefined) {
      const since = Date.parse(values.since);
      if (Number.isNaN(since)) throw new AdminError('--since is a time such as 2026-01-31T09:00:00Z');
      count = await replay(db, { endpointId: target, since }, now);
    } else {
      if (!/^\d+$/.test(target)) throw new AdminError('a delivery id is a number (see webhook log)');
      count = await replay(db, { deliveryId: target }, now);
      if (count === 0) throw new AdminError(`no delivery ${target}`);
    }
    out(`${count} event(s) queued to be sent again`);
    return;
  }
  if (verb === 'enable') {
    if (!target || !(await enableEndpoint(db, target, { by: null, now })))
      throw new AdminError(`no webhook ${target ?? ''}`);
    out(`webhook ${target} enabled: the events held while it was disabled are sent, then the new ones`);
    return;
  }
  if (verb === 'pause' || verb === 'resume') {
    if (!target || !(await setPaused(db, target, verb === 'pause', { by: null, now })))
      throw new AdminError(`no webhook ${target ?? ''}`);
    out(
      verb === 'pause'
        ? `webhook ${target} paused: its events are held until it is resumed`
        : `webhook ${target} resumed: what was held is sent, then the new events`,
    );
    return;
  }
  if (verb === 'rotate') {
    const hours = values['keep-hours'] === undefined ? 24 : Number(values['keep-hours']);
    if (!Number.isFinite(hours) || hours < 0 || hours > 7 * 24)
      throw new AdminError('--keep-hours is a number of hours from 0 to 168');
    const rotated =
      target && (await rotateSecret(db, target, Math.round(hours * 60 * 60 * 1000), { by: null, now }));
    if (!rotated) throw new AdminError(`no webhook ${target ?? ''}`);
    out(`signing secret (shown once): ${rotated.secret}`);
    out(`the previous secret also signs deliveries until ${when(rotated.previousSecretUntil)}`);
    return;
  }
  if (verb === 'test') {
    const eventId = target && (await pingEndpoint(db, target, { by: null, now }));
    if (!eventId) throw new AdminError(`no webhook ${target ?? ''}`);
    out(`webhook.ping event ${eventId} queued for ${target} (see webhook log)`);
    return;
  }
  if (verb === 'remove') {
    if (!target || !(await removeEndpoint(db, target, { by: null, now })))
      throw new AdminError(`no webhook ${target ?? ''}`);
    out(`webhook ${target} removed with its delivery log`);
    return;
  }
  throw new AdminError(`webhook commands:\n${WEBHOOK_USAGE}`);
}
