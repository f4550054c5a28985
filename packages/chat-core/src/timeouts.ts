import { ChatStatus, Setting } from '@parley/chat-protocol';
import type { Core } from './context.js';
import { readyState, TIMEOUT_OFF } from './states.js';
import type { EnqueueSystemMessage } from './systemQueue.js';

/** The countdowns start this long after the agent joins. */
export const TIMEOUT_START_DELAY = 300;
export const TIMEOUT_TICK = 1000;

/**
 * The two no-reply countdowns, in seconds (-1 = off): the agent's starts when the visitor speaks,
 * the visitor's when the agent speaks. At 0 the matching channel message shows and both stop.
 */
export function createTimeouts(
  engine: Pick<Core, 'get' | 'set' | 'after'> & { enqueueSystemMessage: EnqueueSystemMessage },
) {
  let run = 0;
  const channel = () => readyState(engine.get()).channelInfo;
  const expire = (message: string) => {
    engine.set({ adminTimeoutTime: TIMEOUT_OFF, userTimeoutTime: TIMEOUT_OFF });
    engine.enqueueSystemMessage(message);
  };
  const tick = (current: number) => {
    if (current !== run) return;
    const { adminTimeoutTime, userTimeoutTime } = engine.get();
    const admin = adminTimeoutTime > 0 ? adminTimeoutTime - 1 : adminTimeoutTime;
    const user = userTimeoutTime > 0 ? userTimeoutTime - 1 : userTimeoutTime;
    engine.set({ adminTimeoutTime: admin, userTimeoutTime: user });
    if (admin === 0) expire(channel().adminTimeoutMsg);
    else if (user === 0) expire(channel().userTimeoutMsg);
    engine.after(TIMEOUT_TICK, () => tick(current));
  };
  return {
    start() {
      const current = ++run;
      engine.after(TIMEOUT_START_DELAY, () => {
        if (current !== run) return;
        engine.set({ timeoutTimerSignal: true });
        engine.after(TIMEOUT_TICK, () => tick(current));
      });
    },
    stop() {
      run++;
      engine.set({ timeoutTimerSignal: false, adminTimeoutTime: TIMEOUT_OFF, userTimeoutTime: TIMEOUT_OFF });
    },
    visitorSpoke() {
      const { adminTimeoutMode, adminTimeoutTime } = channel();
      if (engine.get().chatStatus !== ChatStatus.withAgent) return;
      engine.set({
        adminTimeoutTime: adminTimeoutMode === Setting.on ? adminTimeoutTime * 60 : TIMEOUT_OFF,
        userTimeoutTime: TIMEOUT_OFF,
      });
    },
    agentSpoke() {
      const { userTimeoutMode, userTimeoutTime } = channel();
      if (engine.get().chatStatus !== ChatStatus.withAgent) return;
      engine.set({
        adminTimeoutTime: TIMEOUT_OFF,
        userTimeoutTime: userTimeoutMode === Setting.on ? userTimeoutTime * 60 : TIMEOUT_OFF,
      });
    },
  };
}
