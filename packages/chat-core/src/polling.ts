import type { Core } from './context.js';
import type { EventPoll } from './types.js';

/** Default delay before each poll (spec section 9). */
export const POLL_DELAY = 5000;
/** Delay during and after a transfer, and with an agent or in the queue. */
export const FAST_POLL_DELAY = 2000;

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
 */
export function createPolling(
  engine: Pick<Core, 'get' | 'set' | 'after' | 'attempt' | 'storage'>,
  onAnswer: (poll: EventPoll) => void,
) {
  let run = 0;
  let cursor: Cursor | undefined;
  let restored = false;
  let cancel = () => {};
  const schedule = (current: number) => {
    cancel = engine.after(engine.get().eventMsgDelay, () => void tick(current));
  };
  const tick = async (current: number) => {
    if (!restored) {
      restored = true;
      cursor = readCursor(engine);
    }
    const { userId, pollId, tenantId } = engine.get();
    const poll = await engine.attempt('getEventMsg', {
      userId,
      pollId,
      ...(cursor !== undefined && { cursor }),
    });
    if (current !== run) return;
    if (poll) {
      onAnswer(poll);
      // Kept only once the answer is handled: a page closed mid-way asks for it again.
      if (poll.cursor !== undefined && poll.cursor !== cursor) {
        cursor = poll.cursor;
        engine.storage.setItem(eventCursorKey(tenantId), JSON.stringify({ userId, cursor }));
      }
    }
    if (engine.get().eventMsgPollingSignal) schedule(current);
  };
  return {
    start() {
      if (engine.get().eventMsgPollingSignal) return;
      engine.set({ eventMsgPollingSignal: true });
      schedule(++run);
    },
    stop() {
      run++;
      cancel();
      engine.set({ eventMsgPollingSignal: false });
    },
  };
}
