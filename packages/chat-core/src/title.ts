import type { Core } from './context.js';

/** The title flashes on and off each second (spec section 2). */
export const TITLE_FLASH_INTERVAL = 1000;

/**
 * Keeps `titleFlash` beating while the page is hidden and a new agent message waits; stops and
 * resets when the page shows. Returns the unsubscribe.
 */
export function watchTitle(
  engine: Pick<Core, 'get' | 'set' | 'after'>,
  subscribe: (listener: () => void) => () => void,
): () => void {
  let stop: (() => void) | undefined;
  const beat = () => {
    stop = engine.after(TITLE_FLASH_INTERVAL, beat);
    engine.set((state) => ({ titleFlash: !state.titleFlash }));
  };
  return subscribe(() => {
    const { pageVisible, hasNewMsg } = engine.get();
    const flashing = !pageVisible && hasNewMsg;
    if (flashing && !stop) beat();
    else if (!flashing && stop) {
      stop();
      stop = undefined;
      engine.set({ titleFlash: false });
    }
  });
}
