import type { AgentPollAnswer, ApiError } from '@parley/chat-protocol';
import { ErrorCode } from '@parley/chat-protocol';
import type { AgentApi } from './transport.js';
import type { Logger, Timers } from './types.js';

// The held poll: the server answers when something changes for the agent (or after `holdMs`),
// and the next poll goes out at once. The first poll has no cursor and is answered at once (the
// current view, no events); each answer's cursor and view go back with the next, so an answer
// lost on the way loses nothing (the next poll asks from the same cursor) and a change made
// between two polls is answered at once. Against a server that does not hold, and after a
// failure, the next poll waits `pollMs` (doubling while failures last, up to ten times that).
// Each poll names the conversation on screen (`watch`), whose robot answer it brings as it grows;
// when that conversation changes, the held poll is given up and the next asks at once.

export interface PollerDeps {
  api: AgentApi;
  timers: Timers;
  logger: Logger;
  holdMs: number;
  pollMs: number;
  /** Applies an answer (the held poll's or a refresh's). */
  apply(answer: AgentPollAnswer): void;
  /** The session ended (401): polling stops. */
  signedOut(): void;
  /** Whether the last poll reached the server. */
  connected(value: boolean): void;
  /** The conversation on screen, if any: the poll watches it. */
  watching?(): string | undefined;
}

/** The larger of two cursors (decimal strings): answers may come back out of order. */
const later = (a: string | undefined, b: string) => (a !== undefined && Number(a) > Number(b) ? a : b);

export function createPoller(deps: PollerDeps) {
  let cursor: string | undefined;
  let view: string | undefined;
  let timer: unknown;
  let running = false;
  let failures = 0;
  /** Counts starts and stops: an answer to a poll of an earlier run is dropped. */
  let run = 0;
  /** The held poll on its way, and the conversation it watches. */
  let held: { abort: AbortController; watch: string | undefined } | undefined;

  const watchQuery = (watch: string | undefined) => (watch === undefined ? {} : { watch });

  const take = (answer: AgentPollAnswer) => {
    cursor = later(cursor, answer.cursor);
    if (answer.view !== undefined) view = answer.view;
    deps.apply(answer);
  };

  const failed = (error: ApiError) => {
    if (error.code === ErrorCode.unauthorized) {
      running = false;
      deps.signedOut();
      return true;
    }
    deps.logger.warn('poll failed', error);
    deps.connected(false);
    return false;
  };

  async function tick() {
    timer = undefined;
    if (!running) return;
    const mine = run;
    const starting = cursor === undefined;
    const watch = deps.watching?.();
    const abort = new AbortController();
    held = { abort, watch };
    let again = deps.pollMs;
    try {
      const answer = await deps.api('poll', {
        query: starting
          ? {}
          : {
              cursor,
              wait: String(deps.holdMs),
              ...(view !== undefined && { seen: view }),
              ...watchQuery(watch),
            },
        signal: abort.signal,
      });
      if (mine !== run) return;
      held = undefined;
      failures = 0;
      deps.connected(true);
      take(answer);
      if (answer.wait !== undefined || starting) again = 0;
    } catch (error) {
      if (mine !== run) return;
      held = undefined;
      if (failed(error as ApiError)) return;
      failures++;
      again = deps.pollMs * Math.min(2 ** (failures - 1), 10);
    }
    if (running && mine === run) timer = deps.timers.setTimeout(() => void tick(), again);
  }

  return {
    start(): void {
      if (running) return;
      running = true;
      run++;
      void tick();
    },
    stop(): void {
      running = false;
      run++;
      if (timer !== undefined) deps.timers.clearTimeout(timer);
      timer = undefined;
      held?.abort.abort();
      held = undefined;
    },
    /**
     * The conversation on screen changed: a held poll that watches another is given up (aborted,
     * its answer dropped: the next poll asks from the same cursor, so nothing is lost) and the
     * next one, watching the new one, goes out at once.
     */
    rewatch(): void {
      if (!running || cursor === undefined || !held || held.watch === deps.watching?.()) return;
      run++;
      if (timer !== undefined) deps.timers.clearTimeout(timer);
      timer = undefined;
      held.abort.abort();
      held = undefined;
      void tick();
    },
    /** An unheld poll from the current cursor, after the agent did something: its result shows now. */
    async refresh(): Promise<void> {
      if (!running || cursor === undefined) return;
      try {
        take(await deps.api('poll', { query: { cursor, ...watchQuery(deps.watching?.()) } }));
      } catch (error) {
        failed(error as ApiError);
      }
    },
    get cursor(): string | undefined {
      return cursor;
    },
  };
}

export type Poller = ReturnType<typeof createPoller>;
