import { describe, expect, it } from 'vitest';
import { defaultTimers } from './environment.js';
import { createScheduler, throttle } from './scheduler.js';

// The throttle on the real clock and the session's default timers: a timer that fires late (a page
// busy with other work) must not let a call after the window run at once beside the pending one.

/** Keeps the event loop busy for `ms`, as a page busy with rendering does. */
function busy(ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // nothing: timers cannot run meanwhile
  }
}

describe('throttle on real timers', () => {
  it('given a timer that fires late, should run once for the calls of a window, never twice within it', async () => {
    const { after } = createScheduler(defaultTimers);
    const runs: number[] = [];
    const call = throttle(after, Date.now, 100, () => runs.push(Date.now()));
    call();
    call(); // waits for the end of the window
    busy(150); // the window's timer is late
    call(); // after the window, while its timer is still pending
    await new Promise((resolve) => after(250, () => resolve(undefined)));
    expect(runs).toHaveLength(2);
    expect((runs[1] ?? 0) - (runs[0] ?? 0)).toBeGreaterThanOrEqual(100);
  });
});
