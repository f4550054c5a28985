import type { Timers } from './types.js';

/** Runs `callback` after `ms`; returns its cancel. */
export type After = (ms: number, callback: () => void) => () => void;

export interface Scheduler {
  after: After;
  /** Cancels everything pending; later calls to `after` do nothing. */
  dispose(): void;
}

/** Tracks every timer the session sets, so `dispose` leaves nothing behind. */
export function createScheduler(timers: Timers): Scheduler {
  const pending = new Set<unknown>();
  let disposed = false;
  return {
    after(ms, callback) {
      if (disposed) return () => {};
      const handle = timers.setTimeout(() => {
        pending.delete(handle);
        callback();
      }, ms);
      pending.add(handle);
      return () => {
        pending.delete(handle);
        timers.clearTimeout(handle);
      };
    },
    dispose() {
      disposed = true;
      for (const handle of pending) timers.clearTimeout(handle);
      pending.clear();
    },
  };
}

/** At most one run per `ms`: the first call runs at once, later ones once at the end of the window. */
export function throttle(after: After, now: () => number, ms: number, run: () => void): () => void {
  let last = Number.NEGATIVE_INFINITY;
  let waiting = false;
  const fire = () => {
    waiting = false;
    last = now();
    run();
  };
  return () => {
    // A run is already due: it covers this call, even when its timer fires late (a busy page).
    if (waiting) return;
    const wait = last + ms - now();
    if (wait <= 0) fire();
    else {
      waiting = true;
      after(wait, fire);
    }
  };
}
