import { Children, isValidElement, type ReactNode } from 'react';

/** What a toast says about itself: plain information, a success, an error or work in progress. */
export type ToastType = 'info' | 'success' | 'error' | 'loading';

/**
 * The shortest time a toast that leaves by itself stays on screen (the spec's 2000 ms is too short
 * to read for many: WCAG 2.2.1). Five seconds, as Radix's toasts and Adobe Spectrum's do.
 */
export const TOAST_MIN_DURATION = 5000;
/** Time to notice a toast before reading it. */
const NOTICE_MS = 1000;
/** Reading time per word: 150 words a minute, a slow reader's pace. */
const MS_PER_WORD = 400;

export interface ToastOptions {
  /** Default `info`. */
  type?: ToastType;
  /**
   * Milliseconds on screen once shown; `-1` stays until dismissed. Default: an error or loading
   * toast stays until dismissed (by the visitor or by its handle, once resolved); any other stays
   * as long as its text takes to read (`toastReadingTime`).
   */
  duration?: number;
}

/** The text of a toast's content, through its elements (`<b>Saved</b> copy` reads "Saved copy"). */
function textOf(node: ReactNode): string {
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (isValidElement<{ children?: ReactNode }>(node)) return textOf(node.props.children);
  if (Array.isArray(node)) return Children.toArray(node).map(textOf).join(' ');
  return '';
}

function countWords(text: string): number {
  // Segmenter finds words in scripts written without spaces (Chinese, Japanese, Thai...).
  if (typeof Intl !== 'undefined' && 'Segmenter' in Intl) {
    let words = 0;
    for (const segment of new Intl.Segmenter(undefined, { granularity: 'word' }).segment(text))
      if (segment.isWordLike) words += 1;
    return words;
  }
  return text.split(/\s+/).filter(Boolean).length;
}

/**
 * How long a toast that leaves by itself stays: a second to notice it and 400 ms a word to read it
 * (150 words a minute), never under `TOAST_MIN_DURATION`.
 *
 * @example
 * toastReadingTime('Copied') // 5000
 * toastReadingTime('The file could not be sent because the connection was lost. Please try again.') // 6600
 */
export function toastReadingTime(content: ReactNode): number {
  return Math.max(TOAST_MIN_DURATION, NOTICE_MS + countWords(textOf(content)) * MS_PER_WORD);
}

function defaultDuration(type: ToastType, content: ReactNode): number {
  return type === 'error' || type === 'loading' ? -1 : toastReadingTime(content);
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
  /**
   * Queues a toast; it shows once those before it are gone. The same text of the same type is
   * not queued twice: shown again while on screen, it is said again and its time starts over.
   */
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
 * Errors and work in progress stay until dismissed; the rest stay as long as they take to read.
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

  const handle = (id: number): ToastHandle => ({ id, dismiss: () => dismiss(id) });

  function show(content: ReactNode, options: ToastOptions = {}): ToastHandle {
    const type = options.type ?? 'info';
    const item: ToastItem = {
      id: nextId++,
      content,
      type,
      duration: options.duration ?? defaultDuration(type, content),
    };
    const sameAs = (other: ToastItem | null) =>
      typeof content === 'string' && other?.type === type && other.content === content;
    const waiting = snapshot.queue.find(sameAs);
    if (waiting) return handle(waiting.id);
    if (snapshot.current && !sameAs(snapshot.current)) {
      publish({ ...snapshot, queue: [...snapshot.queue, item] });
    } else {
      // A new id for the same words: the Toaster puts them in again, so they are said again.
      advance([item, ...snapshot.queue]);
    }
    return handle(item.id);
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
 * toast.error('Submit failed'); // stays until dismissed
 * toast.success('Saved'); // five seconds
 * const saving = toast.loading('Saving…', { duration: -1 });
 * saving.dismiss();
 */
export const toast: ToastStore = createToastStore();
