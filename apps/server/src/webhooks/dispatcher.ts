import {
  WEBHOOK_EVENT_ID_HEADER,
  WEBHOOK_EVENT_TYPE_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  type WebhookPayload,
} from '@parley/chat-protocol';
import { withContactIds } from '../contacts.js';
import type { Db } from '../db/types.js';
import { postDelivery } from './post.js';
import { signPayload } from './signature.js';

export interface WebhookOptions {
  /** Whether endpoints may resolve to loopback or private addresses; default false outside demo mode. */
  allowPrivate: boolean;
  /** The most a receiver may take to answer, in ms; default 5 s. */
  timeoutMs: number;
  /** How often an instance looks for due deliveries, in ms; default 1 s. */
  intervalMs: number;
  /** The wait before the second attempt, doubled for each further one, in ms; default 10 s. */
  backoffMs: number;
  /** The longest wait between attempts, in ms; default 1 hour. */
  maxBackoffMs: number;
  /**
   * Attempts of one delivery before it is marked failed (replay sends it again); 0, the default:
   * no count, a delivery is retried for `disableAfterMs`.
   */
  maxAttempts: number;
  /**
   * How long an endpoint's deliveries may fail without a single success before it is disabled,
   * and how long one delivery is retried; default 3 days. A disabled endpoint's deliveries are
   * held, and sent once it is enabled.
   */
  disableAfterMs: number;
  /** Deliveries one instance sends at once. */
  batch: number;
  /** Sent and failed deliveries, and events none waits for, are deleted after this many days; 0 keeps them. */
  retentionDays: number;
}

export const DEFAULT_WEBHOOK_OPTIONS: WebhookOptions = {
  allowPrivate: false,
  timeoutMs: 5_000,
  intervalMs: 1_000,
  backoffMs: 10_000,
  maxBackoffMs: 60 * 60 * 1000,
  maxAttempts: 0,
  disableAfterMs: 3 * 24 * 60 * 60 * 1000,
  batch: 20,
  retentionDays: 30,
};

interface Claimed {
  id: string | number;
  endpoint_id: string;
  attempts: number;
  url: string;
  secret: string;
  /** The secret before a rotation, while it is still valid. */
  previous_secret: string | null;
  event_id: string | number;
  type: WebhookPayload['type'];
  channel_id: string;
  conversation: string;
  payload: Record<string, unknown>;
  event_created_at: string | number;
}

/** What the dispatcher tells the metrics: each delivery sent, each failed attempt, each retry, each given up. */
export type DeliveryOutcome = 'delivered' | 'attempt' | 'retry' | 'given_up';

/**
 * Sends the outbox's due deliveries: claimed in one statement (`FOR UPDATE SKIP LOCKED`, and a
 * claim that runs out if this instance dies), one conversation's deliveries to an endpoint strictly
 * in order (a delivery waits while an earlier one of its conversation is pending, and the next is
 * claimed as soon as the previous is acknowledged), retried with exponential backoff, and an
 * endpoint whose deliveries have failed without a success for `disableAfterMs` disabled with a log
 * line. A paused or disabled endpoint's deliveries are held: recorded, not attempted.
 */
export class WebhookDispatcher {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;
  private sweptAt = 0;

  constructor(
    private readonly db: Db,
    private readonly options: WebhookOptions,
    private readonly log: {
      warn(object: object, message: string): void;
      error(object: object, message: string): void;
    },
    private readonly clock: () => number = Date.now,
    /** Told of every delivery sent, failed attempt, retry and delivery given up: the metrics. */
    private readonly told: (outcome: DeliveryOutcome) => void = () => {},
  ) {}

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** Looks for due deliveries now rather than at the next interval (a test event, a resume). */
  nudge(): void {
    if (this.stopped || this.running) return;
    clearTimeout(this.timer);
    this.schedule(0);
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.runOnce()
        // Something was sent: the next of its conversation may be due now, so look again at once
        // (a conversation's events go one after another, not one an interval).
        .then((sent) => {
          this.running = undefined;
          this.schedule(sent > 0 ? 0 : this.options.intervalMs);
        })
        .catch((error) => {
          this.running = undefined;
          this.log.error({ err: error }, 'webhook dispatch failed');
          this.schedule(this.options.intervalMs);
        });
    }, ms);
    this.timer.unref();
  }

  /**
   * Deletes what the delivery log no longer needs: sent and failed deliveries past retention,
   * deliveries held that long for an endpoint nobody enabled again, and the events no delivery
   * refers to any more. Answers how many events went.
   */
  async sweep(): Promise<number> {
    if (this.options.retentionDays <= 0) return 0;
    const before = this.clock() - this.options.retentionDays * 24 * 60 * 60 * 1000;
    await this.db.query(
      `delete from webhook_deliveries d where d.created_at < $1 and (d.status <> 'pending' or exists (
         select 1 from webhook_endpoints p where p.id = d.endpoint_id
           and (p.disabled_at is not null or p.paused_at is not null)))`,
      [before],
    );
    const events = await this.db.query(
      `delete from webhook_events e where e.created_at < $1
         and not exists (select 1 from webhook_deliveries d where d.event_id = e.id) returning e.id`,
      [before],
    );
    return events.length;
  }

  /** Claims the due deliveries and sends them; answers how many it claimed (tests call it directly). */
  async runOnce(): Promise<number> {
    const now = this.clock();
    if (now - this.sweptAt > 60 * 60 * 1000) {
      this.sweptAt = now;
      await this.sweep();
    }
    // A claim outlives the longest attempt, so a live instance never sees its claim run out.
    const claimFor = this.options.timeoutMs * 2 + 30_000;
    const claimed = await this.db.query<Claimed>(
      `with due as (
         select d.id from webhook_deliveries d
         join webhook_endpoints p on p.id = d.endpoint_id and p.disabled_at is null and p.paused_at is null
         where d.status = 'pending' and d.next_attempt_at <= $1 and d.claimed_until <= $1
           and not exists (
             select 1 from webhook_deliveries earlier
             where earlier.endpoint_id = d.endpoint_id and earlier.conversation = d.conversation
               and earlier.status = 'pending' and earlier.id < d.id)
         order by d.id
         limit $3
         for update of d skip locked
       ), taken as (
         update webhook_deliveries d set claimed_until = $1::bigint + $2::bigint, attempts = d.attempts + 1
         from due where d.id = due.id
         returning d.id, d.endpoint_id, d.attempts, d.event_id
       )
       select taken.*, p.url, p.secret,
         case when p.previous_secret_until > $1 then p.previous_secret end as previous_secret,
         e.type, e.channel_id, e.conversation, e.payload, e.created_at as event_created_at
       from taken join webhook_endpoints p on p.id = taken.endpoint_id join webhook_events e on e.id = taken.event_id
       order by taken.id`,
      [now, claimFor, this.options.batch],
    );
    await Promise.all(claimed.map((delivery) => this.send(delivery)));
    return claimed.length;
  }

  private async send(delivery: Claimed): Promise<void> {
    // The event's record as the database's triggers built it (migrations/010_webhooks.sql and
    // after): its shape per type is the contract's `webhookDataSchemas`, and the tests hold every
    // delivery they receive to it (src/test/receiver.ts).
    const payload = {
      id: String(delivery.event_id),
      type: delivery.type,
      createdAt: Number(delivery.event_created_at),
      channelId: delivery.channel_id,
      // The visitor as a contact id: the visitor id is the visitor's credential.
      ...withContactIds(delivery.conversation, delivery.payload),
    } as WebhookPayload;
    const body = JSON.stringify(payload);
    if (delivery.attempts > 1) this.told('retry');
    let status: number | null = null;
    let excerpt: string | null = null;
    let error: string | null = null;
    try {
      const answer = await postDelivery(
        new URL(delivery.url),
        body,
        {
          [WEBHOOK_SIGNATURE_HEADER]: signPayload(
            [delivery.secret, ...(delivery.previous_secret ? [delivery.previous_secret] : [])],
            body,
            Math.floor(this.clock() / 1000),
          ),
          [WEBHOOK_EVENT_ID_HEADER]: payload.id,
          [WEBHOOK_EVENT_TYPE_HEADER]: payload.type,
          'user-agent': 'Parley-Webhooks/1',
        },
        { timeoutMs: this.options.timeoutMs, allowPrivate: this.options.allowPrivate },
      );
      status = answer.status;
      excerpt = answer.excerpt;
      if (status < 200 || status > 299) error = `HTTP ${status}`;
    } catch (failure) {
      error = (failure as Error).message.slice(0, 200);
    }
    const now = this.clock();
    if (!error) {
      await this.db.transaction(async (tx) => {
        await tx.query(
          `update webhook_deliveries set status = 'delivered', delivered_at = $2, last_status = $3,
             response_excerpt = $4, last_error = null, claimed_until = 0 where id = $1`,
          [delivery.id, now, status, excerpt],
        );
        await tx.query(
          `update webhook_endpoints set failures = 0, failing_since = null
           where id = $1 and (failures > 0 or failing_since is not null)`,
          [delivery.endpoint_id],
        );
      });
      this.told('delivered');
      return;
    }
    const window = this.options.disableAfterMs;
    const { disabledNow, givenUp } = await this.db.transaction(async (tx) => {
      const [endpoint] = await tx.query<{ failing_since: string | number; disabled_at: string | null }>(
        `update webhook_endpoints set failures = failures + 1, failing_since = coalesce(failing_since, $2)
         where id = $1 returning failing_since, disabled_at`,
        [delivery.endpoint_id, now],
      );
      const failingSince = Number(endpoint?.failing_since ?? now);
      // Failing without a success for the whole window: disabled, and its deliveries held.
      const disabledNow = endpoint?.disabled_at === null && now - failingSince >= window;
      if (disabledNow) {
        await tx.query(
          'update webhook_endpoints set disabled_at = $2, disabled_reason = $3 where id = $1 and disabled_at is null',
          [
            delivery.endpoint_id,
            now,
            `every delivery failed since ${new Date(failingSince).toISOString()} (${formatWindow(window)} without a success); last: ${error}`,
          ],
        );
      }
      const [row] = await tx.query<{ tried_since: string | number }>(
        'select coalesce(retry_since, created_at) as tried_since from webhook_deliveries where id = $1',
        [delivery.id],
      );
      const givenUp =
        !disabledNow &&
        ((this.options.maxAttempts > 0 && delivery.attempts >= this.options.maxAttempts) ||
          now - Number(row?.tried_since ?? now) >= window);
      const wait = Math.min(this.options.backoffMs * 2 ** (delivery.attempts - 1), this.options.maxBackoffMs);
      // Up to a fifth more, so receivers that come back are not hit by every instance at once.
      const jitter = Math.floor(Math.random() * wait * 0.2);
      await tx.query(
        `update webhook_deliveries set status = $2, next_attempt_at = $3, claimed_until = 0, last_status = $4,
           last_error = $5, response_excerpt = $6 where id = $1`,
        [delivery.id, givenUp ? 'failed' : 'pending', now + wait + jitter, status, error, excerpt],
      );
      return { disabledNow, givenUp };
    });
    this.log.warn(
      { endpoint: delivery.endpoint_id, delivery: delivery.id, attempt: delivery.attempts, err: error },
      givenUp
        ? `a webhook delivery was given up after ${delivery.attempts} attempts`
        : 'a webhook delivery failed: tried again later',
    );
    this.told(givenUp ? 'given_up' : 'attempt');
    if (disabledNow) {
      this.log.warn(
        { endpoint: delivery.endpoint_id, url: delivery.url, lastError: error },
        `webhook endpoint ${delivery.endpoint_id} disabled after failing for ${formatWindow(window)} without a success; its events are held until it is enabled (npm run admin -- webhook enable ${delivery.endpoint_id})`,
      );
    }
  }
}

/** A window as people read it: `3 days`, `2 hours`, `90 s`. */
export function formatWindow(ms: number): string {
  const day = 24 * 60 * 60 * 1000;
  if (ms >= day && ms % day === 0) return `${ms / day} day${ms === day ? '' : 's'}`;
  const hour = 60 * 60 * 1000;
  if (ms >= hour && ms % hour === 0) return `${ms / hour} hour${ms === hour ? '' : 's'}`;
  return `${Math.round(ms / 1000)} s`;
}
