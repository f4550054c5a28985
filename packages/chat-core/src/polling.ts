import type { Core } from './context.js';
import type { EventPoll } from './types.js';

/** Default delay before each poll (spec section 9). */
export const POLL_DELAY = 5000;
/** Delay during and after a transfer, and with an agent or in the queue. */
export const FAST_POLL_DELAY = 2000;

/**
 * The event loop: waits `eventMsgDelay` BEFORE each getEventMsg, hands the answer on, and goes on
 * after errors. The contract's `cursor` of the last answer is sent back, so an answer lost on the
 * way is asked for again instead of skipped.
 */
export function createPolling(
  engine: Pick<Core, 'get' | 'set' | 'after' | 'attempt'>,
  onAnswer: (poll: EventPoll) => void,
) {
  let run = 0;
  let cursor: string | number | undefined;
  let cancel = () => {};
  const schedule = (current: number) => {
    cancel = engine.after(engine.get().eventMsgDelay, () => void tick(current));
  };
  const tick = async (current: number) => {
    const { userId, pollId } = engine.get();
    const poll = await engine.attempt('getEventMsg', {
      userId,
      pollId,
      ...(cursor !== undefined && { cursor }),
    });
    if (current !== run) return;
    if (poll) {
      cursor = poll.cursor ?? cursor;
      onAnswer(poll);
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
