import type { Core } from './context.js';
import type { EventPoll } from './types.js';

/** Default delay before each poll (spec section 9). */
export const POLL_DELAY = 5000;
/** Delay during and after a transfer, and with an agent or in the queue. */
export const FAST_POLL_DELAY = 2000;
/**
 * How long a poll asks the server to hold it until an event exists (long poll), in ms: under the
 * transport's 20 s request timeout. A server that ignores the hint answers at once.
 */
export const LONG_POLL_WAIT = 15_000;
/** After held polls failed this many times in a row (a proxy that cuts long requests)… */
const HELD_FAILURES_TO_FALL_BACK = 2;
/** …the spec's polling is used for this long before holding is tried again. */
export const LONG_POLL_RETRY_AFTER = 5 * 60_000;
/** An empty held answer faster than this was not held: asking again at once would be a busy loop. */
const SHORTEST_HOLD = 1000;

/**
 * Where the page keeps the last event cursor it received, with the visitor it belongs to: a
 * reloaded page sends it back and so is not given again what it already showed.
 *
 * @example
 * eventCursorKey('t1') // 'chat-t1-cursor'
 */
export const eventCursorKey = (tenantId: string) => `chat-${tenantId}-cursor`;

type Cursor = string | number;

function readCursor(engine: Pick<Core, 'get' | 'storage'>): Cursor | undefined {
  const { tenantId, userId } = engine.get();
  try {
    const saved: unknown = JSON.parse(engine.storage.getItem(eventCursorKey(tenantId)) ?? 'null');
    if (saved && typeof saved === 'object' && 'userId' in saved && 'cursor' in saved) {
      const { cursor } = saved as { userId: unknown; cursor: unknown };
      if (saved.userId === userId && (typeof cursor === 'string' || typeof cursor === 'number'))
        return cursor;
    }
  } catch {
    // A damaged value is the same as none: the server answers what was not confirmed.
  }
  return undefined;
}

/**
 * The event loop: waits `eventMsgDelay` BEFORE each getEventMsg, hands the answer on, and goes on
 * after errors. The contract's `cursor` of the last answer is sent back, so an answer lost on the
 * way is asked for again instead of skipped; it is also kept in storage with the visitor id, so a
 * reloaded page carries on from the last answer it handled.
 *
 * Live delivery: while the page is visible each poll asks the server to hold it (`wait`). A server
 * that does answers `wait`, and then the next poll goes out at once, so an event arrives as soon as
 * it is written. A server that ignores the hint gets the spec's polling with its delays; so does a
 * hidden page (no connection held in the background), and, for a while, a network whose proxy
 * cuts held requests.
 */
export function createPolling(
  engine: Pick<Core, 'get' | 'set' | 'after' | 'attempt' | 'storage' | 'now'>,
  onAnswer: (poll: EventPoll) => void,
) {
  let run = 0;
  let cursor: Cursor | undefined;
  let restored = false;
  let cancel = () => {};
  /** The server held a poll before: held polls work here. */
  let serverHolds = false;
  let heldFailures = 0;
  let holdAgainAt = 0;
  /** A tick is waiting on its timer (not in flight). */
  let waiting = false;
  const schedule = (current: number, delay: number) => {
    waiting = true;
    cancel = engine.after(delay, () => {
      waiting = false;
      void tick(current);
    });
  };
  const tick = async (current: number) => {
    if (!restored) {
      restored = true;
      cursor = readCursor(engine);
    }
    const { userId, pollId, tenantId, pageVisible } = engine.get();
    const hold = pageVisible && engine.now() >= holdAgainAt;
    const sentAt = engine.now();
    const poll = await engine.attempt('getEventMsg', {
      userId,
      pollId,
      ...(cursor !== undefined && { cursor }),
      ...(hold && { wait: LONG_POLL_WAIT }),
    });
    if (current !== run) return;
    let again = false;
    if (hold && poll && typeof poll.wait === 'number') {
      serverHolds = true;
      heldFailures = 0;
      again = poll.msgList.length > 0 || engine.now() - sentAt >= SHORTEST_HOLD;
    } else if (hold && !poll && serverHolds && ++heldFailures >= HELD_FAILURES_TO_FALL_BACK) {
      heldFailures = 0;
      holdAgainAt = engine.now() + LONG_POLL_RETRY_AFTER;
    }
    if (poll) {
      onAnswer(poll);
      // Kept only once the answer is handled: a page closed mid-way asks for it again.
      if (poll.cursor !== undefined && poll.cursor !== cursor) {
        cursor = poll.cursor;
        engine.storage.setItem(eventCursorKey(tenantId), JSON.stringify({ userId, cursor }));
      }
    }
    if (engine.get().eventMsgPollingSignal) schedule(current, again ? 0 : engine.get().eventMsgDelay);
  };
  return {
    start() {
      if (engine.get().eventMsgPollingSignal) return;
      engine.set({ eventMsgPollingSignal: true });
      schedule(++run, engine.get().eventMsgDelay);
    },
    /** The page became visible: where the server holds polls, poll now instead of after the delay. */
    wake() {
      if (!waiting || !serverHolds || !engine.get().eventMsgPollingSignal) return;
      cancel();
      waiting = false;
      void tick(run);
    },
    stop() {
      run++;
      cancel();
      engine.set({ eventMsgPollingSignal: false });
    },
  };
}
