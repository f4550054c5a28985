import type { Core } from './context.js';

/** Wait after the last keystroke before asking for suggestions. */
export const ROBOT_TIPS_DEBOUNCE = 300;

/**
 * Suggested questions while the visitor types: asked once typing pauses, only the latest answer
 * kept; blank text clears them. A call superseded by a newer one resolves without asking.
 */
export function createRobotTips(engine: Pick<Core, 'get' | 'set' | 'after' | 'attempt'>) {
  let cancel = () => {};
  let latest = 0;
  return (text: string): Promise<void> => {
    cancel();
    const ask = ++latest;
    if (!text.trim()) {
      engine.set({ robotTips: [] });
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => {
      const stop = engine.after(ROBOT_TIPS_DEBOUNCE, async () => {
        const tips = await engine.attempt('robotTips', { userId: engine.get().userId, msgContent: text });
        if (tips && ask === latest) engine.set({ robotTips: tips });
        resolve();
      });
      cancel = () => {
        stop();
        resolve();
      };
    });
  };
}
