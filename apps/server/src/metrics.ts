import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from './db/types.js';

/**
 * The server's Prometheus metrics: request rate and latency per route, open sessions, the queue's
 * length, the poll cache's hit rate, held polls, upload bytes and webhook deliveries, plus Node's
 * process metrics.
 * One registry per server, so tests (and two servers in one process) never share counters.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly requests = new Histogram({
    name: 'parley_http_request_duration_seconds',
    help: 'HTTP requests by route and status, and how long they took (held polls included).',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 15],
    registers: [this.registry],
  });
  readonly uploadBytes = new Counter({
    name: 'parley_upload_bytes_total',
    help: 'Bytes of files accepted, by who sent them.',
    labelNames: ['from'],
    registers: [this.registry],
  });

  /** The language-model robot, per channel (src/robot/). */
  readonly robotTokens = new Counter({
    name: 'parley_robot_tokens_total',
    help: 'Tokens the language-model robot sent (in) and received (out), by channel.',
    labelNames: ['channel', 'direction'],
    registers: [this.registry],
  });
  readonly robotAnswers = new Counter({
    name: 'parley_robot_answers_total',
    help: 'Robot answers by channel and source: model, cut (at a length limit), interrupted (the model stopped partway), refused (it repeated its instructions), keywords (the fallback), none (nothing relevant), limit (over the hourly tokens), paused (the endpoint asked to wait or keeps failing).',
    labelNames: ['channel', 'source'],
    registers: [this.registry],
  });
  readonly robotHandovers = new Counter({
    name: 'parley_robot_handovers_total',
    help: 'Chats the robot handed to a person, by channel and reason: tool (the model), asked (the visitor), unanswered.',
    labelNames: ['channel', 'reason'],
    registers: [this.registry],
  });
  readonly robotUpstreamErrors = new Counter({
    name: 'parley_robot_upstream_errors_total',
    help: 'Failed model calls, by channel and kind: timeout or upstream (an error answer, a cut stream).',
    labelNames: ['channel', 'kind'],
    registers: [this.registry],
  });

  /** Services outside the server (src/robot/, src/mail/, src/webhooks/). */
  readonly outsideFailures = new Counter({
    name: 'parley_outside_failures_total',
    help: 'Failed calls to services outside the server, by service (model, smtp, webhook) and kind: timeout or upstream (model), attempt or given_up (smtp, webhook).',
    labelNames: ['service', 'kind'],
    registers: [this.registry],
  });

  /** Webhook deliveries (src/webhooks/dispatcher.ts), on this instance. */
  readonly webhookDeliveries = new Counter({
    name: 'parley_webhook_deliveries_total',
    help: 'Webhook delivery attempts by result: delivered (a 2xx), failed (tried again later) or given_up (marked failed; replay sends it again).',
    labelNames: ['result'],
    registers: [this.registry],
  });
  readonly webhookRetries = new Counter({
    name: 'parley_webhook_retries_total',
    help: 'Webhook delivery attempts after the first of their delivery.',
    registers: [this.registry],
  });

  constructor(db: Db, cache: { held(): number; stats: { hits: number; misses: number } }) {
    collectDefaultMetrics({ register: this.registry, prefix: 'parley_' });
    new Counter({
      name: 'parley_poll_cache_total',
      help: 'Visitor polls answered from memory (hit) or from the database (miss).',
      labelNames: ['result'],
      registers: [this.registry],
      collect() {
        this.reset();
        this.inc({ result: 'hit' }, cache.stats.hits);
        this.inc({ result: 'miss' }, cache.stats.misses);
      },
    });
    new Gauge({
      name: 'parley_open_sessions',
      help: 'Chat sessions not closed.',
      registers: [this.registry],
      async collect() {
        const [row] = await db.query<{ count: number }>(
          'select count(*)::int as count from sessions where closed_at is null',
        );
        this.set(row?.count ?? 0);
      },
    });
    new Gauge({
      name: 'parley_queue_length',
      help: 'Visitors waiting in a queue for an agent.',
      registers: [this.registry],
      async collect() {
        const [row] = await db.query<{ count: number }>('select count(*)::int as count from queue');
        this.set(row?.count ?? 0);
      },
    });
    new Gauge({
      name: 'parley_webhook_pending_deliveries',
      help: 'Webhook deliveries not yet sent, on every instance: queued (to be sent, or retried later) and held (their endpoint is paused or disabled).',
      labelNames: ['state'],
      registers: [this.registry],
      async collect() {
        const rows = await db.query<{ held: boolean; count: number }>(
          `select (p.paused_at is not null or p.disabled_at is not null) as held, count(*)::int as count
           from webhook_deliveries d join webhook_endpoints p on p.id = d.endpoint_id
           where d.status = 'pending' group by 1`,
        );
        this.set({ state: 'queued' }, rows.find((row) => !row.held)?.count ?? 0);
        this.set({ state: 'held' }, rows.find((row) => row.held)?.count ?? 0);
      },
    });
    new Gauge({
      name: 'parley_mail_outbox',
      help: 'Mails in the outbox, on every instance: pending (to be sent, or retried later) and failed (given up after their retries).',
      labelNames: ['status'],
      registers: [this.registry],
      async collect() {
        const rows = await db.query<{ status: string; count: number }>(
          `select status, count(*)::int as count from mail_outbox where status in ('pending', 'failed') group by 1`,
        );
        for (const status of ['pending', 'failed'])
          this.set({ status }, rows.find((row) => row.status === status)?.count ?? 0);
      },
    });
    new Gauge({
      name: 'parley_held_polls',
      help: 'Visitor polls held open on this instance (live delivery).',
      registers: [this.registry],
      collect() {
        this.set(cache.held());
      },
    });
  }

  /** Times every request by its route pattern (never the raw URL: ids would explode the labels). */
  observe(app: FastifyInstance): void {
    app.addHook('onResponse', async (request, reply) => {
      this.requests.observe(
        {
          method: request.method,
          route: request.routeOptions.url ?? 'unmatched',
          status: String(reply.statusCode),
        },
        reply.elapsedTime / 1000,
      );
    });
  }
}
