import type { ReactNode } from 'react';

/** What a toast says about itself: plain information, a success, an error or work in progress. */
export type ToastType = 'info' | 'success' | 'error' | 'loading';

/** How long a toast stays when no duration is given (spec: generic widget constants). */
export const TOAST_DEFAULT_DURATION = 2000;

export interface ToastOptions {
  /** Default `info`. */
  type?: ToastType;
  /** Milliseconds on screen once shown. Default 2000; `-1` stays until dismissed. */
  duration?: number;
}

/** One toast as the store holds it. */
export interface ToastItem {
  id: number;
  content: ReactNode;
  type: ToastType;
  duration: number;
}

/** Returned by `show`: dismisses that toast, whether it is on screen or still queued. */
export interface ToastHandle {
  id: number;
  dismiss: () => void;
}

/** The store's immutable snapshot: the toast on screen and those waiting their turn. */
export interface ToastSnapshot {
  current: ToastItem | null;
  queue: readonly ToastItem[];
}

export interface ToastTimers {
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
  now: () => number;
}

// Wrapped lazily so fake timers installed after this module loads still apply.
const defaultTimers: ToastTimers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  now: () => Date.now(),
};

export interface ToastStore {
  /** Queues a toast; it shows once those before it are gone. */
  show: (content: ReactNode, options?: ToastOptions) => ToastHandle;
  success: (content: ReactNode, options?: Omit<ToastOptions, 'type'>) => ToastHandle;
  error: (content: ReactNode, options?: Omit<ToastOptions, 'type'>) => ToastHandle;
  loading: (content: ReactNode, options?: Omit<ToastOptions, 'type'>) => ToastHandle;
  /** Removes one toast (by id) or, without an id, every toast. */
  dismiss: (id?: number) => void;
  /**
   * Holds the current toast's countdown (while the visitor points at or focuses it, so it can be
   * read: WCAG 2.2.1); `resume` continues with the time that was left.
   */
  pause: () => void;
  resume: () => void;
  subscribe: (listener: () => void) => () => void;
  getSnapshot: () => ToastSnapshot;
}

const EMPTY: ToastSnapshot = { current: null, queue: [] };

/**
 * A tiny external store of toasts, shown one at a time in the order they were queued. Bind it to
 * React with `useSyncExternalStore` (the `Toaster` does) or to anything else with `subscribe`.
 * Timers start only when a toast reaches the screen, so a queued toast gets its full duration.
 *
 * @example
 * const toasts = createToastStore();
 * const handle = toasts.loading('Uploading…', { duration: -1 });
 * // later
 * handle.dismiss();
 */
export function createToastStore(timers: ToastTimers = defaultTimers): ToastStore {
  let snapshot: ToastSnapshot = EMPTY;
  let nextId = 1;
  let timer: unknown = null;
  let startedAt = 0;
  let remaining = 0;
  let paused = false;
  const listeners = new Set<() => void>();

  function publish(next: ToastSnapshot) {
    snapshot = next;
    for (const listener of listeners) listener();
  }

  function stopTimer() {
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
  }

  function startTimer(item: ToastItem | null, ms: number) {
    stopTimer();
    if (!item || item.duration < 0) return;
    startedAt = timers.now();
    remaining = ms;
    timer = timers.setTimeout(() => dismiss(item.id), ms);
  }

  function advance(queue: readonly ToastItem[]) {
    const [current = null, ...rest] = queue;
    paused = false;
    publish(current || rest.length ? { current, queue: rest } : EMPTY);
    startTimer(current, current?.duration ?? 0);
  }

  function dismiss(id?: number) {
    if (id === undefined) {
      stopTimer();
      publish(EMPTY);
      return;
    }
    if (snapshot.current?.id === id) {
      advance(snapshot.queue);
    } else if (snapshot.queue.some((item) => item.id === id)) {
      publish({ ...snapshot, queue: snapshot.queue.filter((item) => item.id !== id) });
    }
  }

  function show(content: ReactNode, options: ToastOptions = {}): ToastHandle {
    const item: ToastItem = {
      id: nextId++,
      content,
      type: options.type ?? 'info',
      duration: options.duration ?? TOAST_DEFAULT_DURATION,
    };
    if (snapshot.current) {
      publish({ ...snapshot, queue: [...snapshot.queue, item] });
    } else {
      advance([item]);
    }
    return { id: item.id, dismiss: () => dismiss(item.id) };
  }

  function pause() {
    if (paused || timer === null) return;
    paused = true;
    remaining = Math.max(0, remaining - (timers.now() - startedAt));
    stopTimer();
  }

  function resume() {
    if (!paused) return;
    paused = false;
    startTimer(snapshot.current, remaining);
  }

  return {
    show,
    pause,
    resume,
    success: (content, options) => show(content, { ...options, type: 'success' }),
    error: (content, options) => show(content, { ...options, type: 'error' }),
    loading: (content, options) => show(content, { ...options, type: 'loading' }),
    dismiss,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    getSnapshot: () => snapshot,
  };
}

/**
 * The kit's shared toast store: call it from anywhere, and mount one `<Toaster />` to show it.
 *
 * @example
 * toast.error('Submit failed');
 * const saving = toast.loading('Saving…', { duration: -1 });
 * saving.dismiss();
 */
export const toast: ToastStore = createToastStore();
