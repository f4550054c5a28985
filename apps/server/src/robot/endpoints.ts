// What this server has learnt about each model endpoint it calls: when the endpoint asked to be
// left alone (Retry-After), whether it keeps failing (a circuit breaker: after `failures` failures
// in a row no call for `coolDownMs`, then one call tries again), and which name it takes for the
// answer's token limit. Kept in memory, per server: another instance learns the same on its own.

/** The longest pause a Retry-After can ask for: an endpoint cannot switch the model off for a day. */
export const RETRY_AFTER_MAX_MS = 10 * 60_000;

/** The two names of an answer's token limit: older endpoints take `max_tokens`, newer reasoning models `max_completion_tokens`. */
export type TokenLimitField = 'max_tokens' | 'max_completion_tokens';

/** Why the endpoint is not called now, and until when (the server's clock). */
export interface Pause {
  reason: 'retry-after' | 'circuit-open';
  until: number;
}

interface EndpointState {
  /** Failures in a row, reset by any call that works. */
  failures: number;
  /** No call before this (Retry-After, or the breaker's cool-down, which it keeps for the one try after). */
  pause?: Pause & { coolDownMs?: number };
  tokenLimitField?: TokenLimitField;
}

/**
 * Reads a Retry-After header: a number of seconds, or an HTTP date; `retry-after-ms` (which some
 * APIs send) wins. Answers the milliseconds to wait from `now`, at most RETRY_AFTER_MAX_MS, or
 * undefined when there is none or it cannot be read.
 *
 * @example
 * retryAfterMs({ 'retry-after': '20' }, Date.now()) // 20000
 */
export function retryAfterMs(
  headers: { get(name: string): string | null } | Record<string, string | undefined> | undefined,
  now: number,
): number | undefined {
  if (!headers) return undefined;
  const read = (name: string) =>
    typeof headers.get === 'function'
      ? (headers as { get(name: string): string | null }).get(name)
      : (headers as Record<string, string | undefined>)[name];
  const cap = (ms: number) => Math.min(Math.max(0, ms), RETRY_AFTER_MAX_MS);
  const milliseconds = read('retry-after-ms')?.trim();
  if (milliseconds && /^\d+(\.\d+)?$/.test(milliseconds)) return cap(Number(milliseconds));
  const value = read('retry-after')?.trim();
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return cap(Number(value) * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : cap(date - now);
}

/** The endpoints one server calls, by base URL. */
export class Endpoints {
  private readonly states = new Map<string, EndpointState>();

  constructor(private readonly now: () => number) {}

  private state(endpoint: string): EndpointState {
    let state = this.states.get(endpoint);
    if (!state) {
      state = { failures: 0 };
      if (this.states.size > 1000) this.states.clear();
      this.states.set(endpoint, state);
    }
    return state;
  }

  /** Why the endpoint must not be called now, or undefined: it may be. */
  paused(endpoint: string): Pause | undefined {
    const pause = this.states.get(endpoint)?.pause;
    return pause && pause.until > this.now() ? { reason: pause.reason, until: pause.until } : undefined;
  }

  /**
   * Asks to call the endpoint now: undefined when the call may go, else why not. The first call
   * after the breaker's cool-down is its one try: the calls after it wait for its outcome (at most
   * another cool-down), as they would for the endpoint to recover.
   */
  admit(endpoint: string): Pause | undefined {
    const state = this.states.get(endpoint);
    const pause = state?.pause;
    if (!state || !pause) return undefined;
    const now = this.now();
    if (pause.until > now) return { reason: pause.reason, until: pause.until };
    state.pause =
      pause.reason === 'circuit-open' && pause.coolDownMs
        ? { reason: 'circuit-open', until: now + pause.coolDownMs, coolDownMs: pause.coolDownMs }
        : undefined;
    return undefined;
  }

  /** A call that worked: the failures in a row start again from none. */
  succeeded(endpoint: string): void {
    const state = this.state(endpoint);
    state.failures = 0;
    state.pause = undefined;
  }

  /**
   * A call that failed. `retryAfter` (ms) pauses the endpoint that long whatever the count; the
   * `breaker.failures`-th failure in a row (and each after it, as the try after a cool-down fails)
   * pauses it for `breaker.coolDownMs`.
   */
  failed(
    endpoint: string,
    breaker: { failures: number; coolDownMs: number },
    retryAfter?: number,
  ): Pause | undefined {
    const state = this.state(endpoint);
    state.failures += 1;
    const now = this.now();
    const pauses: EndpointState['pause'][] = [];
    if (retryAfter !== undefined && retryAfter > 0)
      pauses.push({ reason: 'retry-after', until: now + retryAfter });
    if (breaker.failures > 0 && state.failures >= breaker.failures)
      pauses.push({
        reason: 'circuit-open',
        until: now + breaker.coolDownMs,
        coolDownMs: breaker.coolDownMs,
      });
    const longest = pauses.sort((a, b) => (b?.until ?? 0) - (a?.until ?? 0))[0];
    // A failure ends the try after a cool-down: the pause starts again from now.
    if (longest && (longest.until > (state.pause?.until ?? 0) || state.pause?.reason === 'circuit-open'))
      state.pause = longest;
    return this.paused(endpoint);
  }

  /** The token-limit name this endpoint and model took last (learnt from a refusal), if any. */
  tokenLimitField(endpoint: string, model: string): TokenLimitField | undefined {
    return this.states.get(`${endpoint}\u0000${model}`)?.tokenLimitField;
  }

  learnTokenLimitField(endpoint: string, model: string, field: TokenLimitField): void {
    this.state(`${endpoint}\u0000${model}`).tokenLimitField = field;
  }
}
