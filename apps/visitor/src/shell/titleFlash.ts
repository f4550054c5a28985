export interface TitleFlashOptions {
  document: Pick<Document, 'title'>;
  setInterval?: (callback: () => void, ms: number) => unknown;
  clearInterval?: (handle: unknown) => void;
  /** The spec's flash period. */
  intervalMs?: number;
}

export interface TitleFlash {
  /**
   * Sets what the title should be. While `flashing` (the page is hidden and a new message waits),
   * the title alternates between `title` and `alert` every second; otherwise it is `title`.
   */
  update(state: { title: string; alert: string; flashing: boolean }): void;
  /** Stops flashing and leaves the plain title. */
  dispose(): void;
}

/**
 * The page title, flashing 'You received a new message' each second while the page is hidden
 * and a message waits (spec section 2), and restored the moment the visitor comes back.
 */
export function createTitleFlash({
  document,
  setInterval: every = (callback, ms) => globalThis.setInterval(callback, ms),
  clearInterval: stop = (handle) =>
    globalThis.clearInterval(handle as ReturnType<typeof globalThis.setInterval>),
  intervalMs = 1000,
}: TitleFlashOptions): TitleFlash {
  let handle: unknown;
  let state = { title: document.title, alert: '', flashing: false };
  const halt = () => {
    if (handle !== undefined) stop(handle);
    handle = undefined;
  };
  return {
    update(next) {
      const restart = next.flashing !== state.flashing || next.alert !== state.alert;
      state = next;
      if (!next.flashing) {
        halt();
        document.title = next.title;
        return;
      }
      if (!restart && handle !== undefined) return;
      halt();
      document.title = next.alert;
      handle = every(() => {
        document.title = document.title === state.alert ? state.title : state.alert;
      }, intervalMs);
    },
    dispose() {
      halt();
      document.title = state.title;
    },
  };
}
