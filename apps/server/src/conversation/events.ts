import { randomBytes } from 'node:crypto';
import type { Db, Queryable } from '../db/types.js';

export { AgentEvent, agentEventNames, VisitorEvent } from '@parley/chat-protocol';

/** Who an event is for: the visitor's poll or the agent console's. */
export const Audience = { visitor: 1, agent: 2 } as const;

const NOTIFY_CHANNEL = 'parley_visitor';
/** A notification that only the consoles' view changed (no visitor's poll answer); `*` and an
 * agent id: only that agent's console (a visitor of its chats typing). */
const DESK_ONLY = '*';
/** In a payload, the visitor ids after it changed no console's view (an agent's message, typing). */
const VISITORS_ONLY = '^';
/** Marks the sending instance (`~` and its id, first in the payload): it ignores its own batches. */
const SENDER = '~';
/** NOTIFY's payload limit is 8 000 bytes: a batch is cut into payloads below it. */
const PAYLOAD_BYTES = 7_000;
/**
 * How long wake-ups for the other instances are gathered before one NOTIFY carries them all, in
 * ms. One transaction with NOTIFY per window and instance instead of one per write: every NOTIFY
 * takes a database-wide lock at commit, so one per write stops scaling first (docs/capacity.md).
 * Polls on this instance are woken at once; 0 sends one NOTIFY per write, as before batching.
 */
export const DEFAULT_WAKE_WINDOW_MS = 20;

/** A visitor's poll state as last read from the database, so an empty poll needs no SQL. */
export interface PollState {
  pollId: string;
  status: number;
  waitIndex: number;
  /** The newest event id this visitor has. */
  latestEventId: number;
  /** The server-side cursor, for clients that send none. */
  serverCursor: number;
  expiresAt: number;
}

/**
 * Keeps the hot polling path out of SQL. Every write that concerns a visitor calls `touch`; the
 * database stays the only source of truth. With PostgreSQL, touches travel to every instance by
 * LISTEN/NOTIFY; a lost listening connection clears everything, and entries expire anyway.
 */
export class PollCache {
  /** Polls answered from memory (hits) and from the database (misses), for the metrics. */
  readonly stats = { hits: 0, misses: 0 };
  private readonly states = new Map<string, PollState>();
  private readonly generations = new Map<string, number>();
  /** Held polls (long poll) waiting for a visitor's next change: one callback each, no timer loop. */
  private readonly waiters = new Map<string, Set<() => void>>();
  /** Counts every change any agent's console may show (any visitor's, and typing). */
  private deskGeneration = 0;
  /** Counts, per agent, the changes only that agent's console shows. */
  private readonly agentGenerations = new Map<string, number>();
  /** Held consoles, by agent id. */
  private readonly deskWaiters = new Map<string, Set<() => void>>();
  private readonly ttl: number;
  private readonly wakeWindow: number;
  /** This instance's mark in its notifications, so it skips the ones it sent itself. */
  private readonly sender = `${SENDER}${randomBytes(6).toString('base64url')}`;
  /** Wake-ups for the other instances not sent yet (visitor ids, or DESK_ONLY), and whether each
   * concerns the consoles too. */
  private pending = new Map<string, boolean>();
  private flushTimer: ReturnType<typeof setTimeout> | undefined;
  /** NOTIFYs sent and the wake-ups they carried, for the metrics. */
  readonly notifyStats = { notifications: 0, wakeUps: 0 };

  constructor(
    private readonly db: Db,
    options: { ttlMs?: number; wakeWindowMs?: number } = {},
  ) {
    // One process owns an embedded database, so nothing else can change it behind our back. With
    // PostgreSQL an entry outlives several held polls (MAX_HOLD_MS): asking again after an empty
    // hold costs no SQL, which is most of what 10 000 held visitors cost the database; a wake-up
    // lost on the way is made good when the entry expires.
    this.ttl = options.ttlMs ?? (db.kind === 'pglite' ? 60_000 : 4 * MAX_HOLD_MS);
    this.wakeWindow = options.wakeWindowMs ?? DEFAULT_WAKE_WINDOW_MS;
  }

  async start(): Promise<void> {
    await this.db.listen?.(
      NOTIFY_CHANNEL,
      (payload) => {
        const ids = payload.split(',');
        if (ids[0] === this.sender) return; // woken here already, when it was written
        let consoles = false;
        let visitorsOnly = false;
        for (const id of ids) {
          if (id === VISITORS_ONLY) visitorsOnly = true;
          else if (id === DESK_ONLY) consoles = true;
          else if (id.startsWith(DESK_ONLY)) this.deskChanged(id.slice(DESK_ONLY.length));
          else if (!id.startsWith(SENDER)) {
            this.forget(id);
            if (!visitorsOnly) consoles = true;
          }
        }
        // One wake of the consoles per notification, however many visitors it names.
        if (consoles) this.deskChanged();
      },
      () => this.clear(),
    );
  }

  /** Sends what is pending now (before closing, and in tests); resolves when the NOTIFYs went out. */
  async flush(): Promise<void> {
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    if (this.pending.size === 0) return;
    // Those that concern the consoles first, then the visitors' alone after VISITORS_ONLY (an
    // instance that does not know the mark wakes its consoles for those too, as before).
    const ids = [...this.pending.entries()]
      .sort(([, a], [, b]) => Number(b) - Number(a))
      .flatMap(([id, consoles], n, all) =>
        !consoles && (n === 0 || all[n - 1]?.[1]) ? [VISITORS_ONLY, id] : [id],
      );
    this.pending = new Map();
    // Without a window the payload is as before batching (no mark): the sender hears itself too.
    const mark = this.wakeWindow > 0 ? [this.sender] : [];
    const payloads: string[] = [];
    let current = [...mark];
    let bytes = 0;
    for (const id of ids) {
      if (bytes + id.length + 1 > PAYLOAD_BYTES && current.length > mark.length) {
        payloads.push(current.join(','));
        current = [...mark];
        bytes = 0;
      }
      current.push(id);
      bytes += id.length + 1;
    }
    payloads.push(current.join(','));
    this.notifyStats.notifications += payloads.length;
    this.notifyStats.wakeUps += ids.length;
    // The writes are committed already: a lost notification only delays other instances until
    // their entries expire, so it must not turn an answer into an error.
    await this.db
      .query('select pg_notify($1, payload) from unnest($2::text[]) as batch(payload)', [
        NOTIFY_CHANNEL,
        payloads,
      ])
      .catch(() => {});
  }

  /** Queues wake-ups for the other instances: sent at once with no window, else once per window. */
  private announce(ids: Iterable<string>, consoles = true): Promise<void> {
    if (this.db.kind !== 'postgres') return Promise.resolve();
    for (const id of ids) this.pending.set(id, consoles || this.pending.get(id) === true);
    if (this.wakeWindow <= 0) return this.flush();
    this.flushTimer ??= setTimeout(() => void this.flush(), this.wakeWindow);
    return Promise.resolve();
  }

  get(visitorId: string, now: number): PollState | undefined {
    const state = this.states.get(visitorId);
    if (state && state.expiresAt > now) return state;
    return undefined;
  }

  generation(visitorId: string): number {
    return this.generations.get(visitorId) ?? 0;
  }

  /** Stores what a poll read, unless something changed for this visitor since it started reading. */
  set(visitorId: string, generation: number, state: Omit<PollState, 'expiresAt'>, now: number): void {
    if (this.generation(visitorId) !== generation) return;
    if (this.states.size > 200_000) this.states.clear();
    this.states.set(visitorId, { ...state, expiresAt: now + this.ttl });
  }

  invalidate(visitorId: string): void {
    this.forget(visitorId);
    this.deskChanged();
  }

  /** Drops what this instance remembers of a visitor and wakes its held polls. */
  private forget(visitorId: string): void {
    this.states.delete(visitorId);
    if (this.generations.size > 200_000) this.generations.clear();
    this.generations.set(visitorId, this.generation(visitorId) + 1);
    this.wake(visitorId);
  }

  clear(): void {
    this.states.clear();
    for (const visitorId of this.generations.keys())
      this.generations.set(visitorId, this.generation(visitorId) + 1);
    for (const visitorId of [...this.waiters.keys()]) this.wake(visitorId);
    this.deskChanged();
  }

  /** The generation of everything `agentId`'s console shows: compare it with `waitForDesk`. */
  desk(agentId = ''): number {
    // Both counts only grow, so their sum changes whenever either does.
    return this.deskGeneration + (this.agentGenerations.get(agentId) ?? 0);
  }

  /** Like `waitForChange`, for an agent's console: any change that console may have to show. */
  waitForDesk(generation: number, ms: number, signal?: AbortSignal, agentId = ''): Promise<boolean> {
    if (this.desk(agentId) !== generation) return Promise.resolve(true);
    if (signal?.aborted || ms <= 0) return Promise.resolve(false);
    return new Promise((resolve) => {
      const set = this.deskWaiters.get(agentId) ?? new Set();
      this.deskWaiters.set(agentId, set);
      const done = (changed: boolean) => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        set.delete(wake);
        if (set.size === 0 && this.deskWaiters.get(agentId) === set) this.deskWaiters.delete(agentId);
        resolve(changed);
      };
      const wake = () => done(true);
      const onAbort = () => done(false);
      const timer = setTimeout(() => done(false), ms);
      signal?.addEventListener('abort', onAbort, { once: true });
      set.add(wake);
    });
  }

  /**
   * A change only consoles show (a visitor typing): wakes them here and on the other instances;
   * with `agentId`, only that agent's.
   */
  async publishDesk(agentId?: string): Promise<void> {
    this.deskChanged(agentId);
    await this.announce([agentId ? `${DESK_ONLY}${agentId}` : DESK_ONLY]);
  }

  private deskChanged(agentId?: string): void {
    if (agentId !== undefined) {
      if (this.agentGenerations.size > 100_000) this.agentGenerations.clear();
      this.agentGenerations.set(agentId, (this.agentGenerations.get(agentId) ?? 0) + 1);
      for (const wake of [...(this.deskWaiters.get(agentId) ?? [])]) wake();
      return;
    }
    this.deskGeneration++;
    for (const set of [...this.deskWaiters.values()]) for (const wake of [...set]) wake();
  }

  /**
   * Resolves true when this visitor's poll answer may have changed since `generation` (at once if
   * it has), false after `ms` or when `signal` aborts (the client went away, the server closes).
   * With PostgreSQL, a write through another instance wakes it by LISTEN/NOTIFY.
   */
  waitForChange(visitorId: string, generation: number, ms: number, signal?: AbortSignal): Promise<boolean> {
    if (this.generation(visitorId) !== generation) return Promise.resolve(true);
    if (signal?.aborted || ms <= 0) return Promise.resolve(false);
    return new Promise((resolve) => {
      const set = this.waiters.get(visitorId) ?? new Set();
      this.waiters.set(visitorId, set);
      const done = (changed: boolean) => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        set.delete(wake);
        if (set.size === 0 && this.waiters.get(visitorId) === set) this.waiters.delete(visitorId);
        resolve(changed);
      };
      const wake = () => done(true);
      const onAbort = () => done(false);
      const timer = setTimeout(() => done(false), ms);
      signal?.addEventListener('abort', onAbort, { once: true });
      set.add(wake);
    });
  }

  /** How many polls are held now (for tests and metrics). */
  held(): number {
    let count = 0;
    for (const set of this.waiters.values()) count += set.size;
    return count;
  }

  private wake(visitorId: string): void {
    const set = this.waiters.get(visitorId);
    if (!set) return;
    for (const wake of [...set]) wake();
  }

  /**
   * After a commit: forget these visitors here and tell the other instances. `consoles` false: the
   * write changed no console's view (an agent's message or typing), so no held console re-reads.
   */
  async publish(visitorIds: Iterable<string>, consoles = true): Promise<void> {
    const ids = [...new Set(visitorIds)];
    if (ids.length === 0) return;
    for (const id of ids) this.forget(id);
    if (consoles) this.deskChanged();
    await this.announce(ids, consoles);
  }
}

/** The longest a poll is held for its `wait` hint, in ms: under the page's 20 s request timeout. */
export const MAX_HOLD_MS = 15_000;

/**
 * A held poll (long poll): reads the answer, and while it has nothing new and the hold lasts,
 * waits for the next change (no timer loop, no query meanwhile) and reads again. The answer says
 * how long the server holds (`wait`) so the client may ask again at once; `wait` 0 reads once.
 */
export async function holdUntilNew<T extends object>(
  wait: number,
  signal: AbortSignal | undefined,
  poll: {
    /** The change counter to wait on, read before each read. */
    generation(): number;
    read(): Promise<T>;
    /** Whether an answer has something to tell now. */
    isNew(answer: T): boolean;
    waitForChange(generation: number, ms: number, signal?: AbortSignal): Promise<boolean>;
  },
): Promise<T | (T & { wait: number })> {
  const hold = Math.min(Math.max(wait, 0), MAX_HOLD_MS);
  if (hold === 0) return poll.read();
  const deadline = Date.now() + hold;
  for (;;) {
    const generation = poll.generation();
    const answer = await poll.read();
    const left = deadline - Date.now();
    if (poll.isNew(answer) || left <= 0 || signal?.aborted) return { ...answer, wait: hold };
    if (!(await poll.waitForChange(generation, left, signal))) return { ...answer, wait: hold };
  }
}

/** A write transaction's record of the visitors whose poll answer it changes. */
export class Touched {
  readonly visitors = new Set<string>();
  /** Whether the write may change what a console shows (unless told otherwise: any write may). */
  consoles = true;
  touch(visitorId: string): void {
    this.visitors.add(visitorId);
  }
  /** The write changes only the visitors' polls (an agent's message or typing), no console's view. */
  visitorsOnly(): void {
    this.consoles = false;
  }
  /** Whether the write changed nothing anyone's poll shows (a sweep that found nothing to do). */
  silent = false;
  quiet(): void {
    this.silent = true;
  }
}

export async function emitVisitorEvent(
  tx: Queryable,
  touched: Touched,
  event: {
    visitorId: string;
    sessionId: string | null;
    type: number;
    payload?: Record<string, unknown>;
    now: number;
  },
): Promise<number> {
  touched.touch(event.visitorId);
  // Held until commit: one visitor's event ids then grow in commit order, so a poll that read up
  // to id N never misses a later commit with a smaller id.
  await tx.query('select pg_advisory_xact_lock(1, hashtext($1))', [event.visitorId]);
  const [row] = await tx.query<{ id: number }>(
    `insert into events (audience, visitor_id, session_id, event_type, payload, created_at)
     values ($6, $1, $2, $3, $4, $5) returning id`,
    [
      event.visitorId,
      event.sessionId,
      event.type,
      JSON.stringify(event.payload ?? {}),
      event.now,
      Audience.visitor,
    ],
  );
  return row?.id ?? 0;
}

/**
 * Several visitor events in one batch: their visitors' ordering locks in one statement (sorted, so
 * two batches never wait on each other in opposite orders) and the rows in one insert. For the
 * queue, where one close moves everyone behind it.
 */
export async function emitVisitorEvents(
  tx: Queryable,
  touched: Touched,
  events: {
    visitorId: string;
    sessionId: string | null;
    type: number;
    payload?: Record<string, unknown>;
    now: number;
  }[],
): Promise<void> {
  if (events.length === 0) return;
  for (const event of events) touched.touch(event.visitorId);
  await tx.query(
    `select pg_advisory_xact_lock(1, hashtext(visitor_id))
     from (select distinct visitor_id from unnest($1::text[]) as batch(visitor_id) order by visitor_id) as ordered`,
    [events.map((event) => event.visitorId)],
  );
  await tx.query(
    `insert into events (audience, visitor_id, session_id, event_type, payload, created_at)
     select $1, batch.visitor_id, batch.session_id, batch.event_type, batch.payload::jsonb, batch.created_at
     from unnest($2::text[], $3::text[], $4::int[], $5::text[], $6::bigint[])
       with ordinality as batch(visitor_id, session_id, event_type, payload, created_at, position)
     order by batch.position`,
    [
      Audience.visitor,
      events.map((event) => event.visitorId),
      events.map((event) => event.sessionId),
      events.map((event) => event.type),
      events.map((event) => JSON.stringify(event.payload ?? {})),
      events.map((event) => event.now),
    ],
  );
}

export async function emitAgentEvent(
  tx: Queryable,
  event: {
    agentId: string;
    visitorId: string;
    sessionId: string;
    type: number;
    payload?: Record<string, unknown>;
    now: number;
  },
): Promise<void> {
  // The same ordering guarantee per agent, for the console's cursor.
  await tx.query('select pg_advisory_xact_lock(2, hashtext($1))', [event.agentId]);
  await tx.query(
    `insert into events (audience, visitor_id, session_id, event_type, payload, created_at)
     values ($6, $1, $2, $3, $4, $5)`,
    [
      event.visitorId,
      event.sessionId,
      event.type,
      JSON.stringify(event.payload ?? {}),
      event.now,
      Audience.agent,
    ],
  );
}
