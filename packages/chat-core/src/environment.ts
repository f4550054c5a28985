import type { Logger, Signal, StorageLike, Timers } from './types.js';

// Defaults wrap the globals lazily, at call time: fake timers installed after the session is
// created still apply, and Node (no DOM) gets harmless stand-ins.

type Host = {
  localStorage?: StorageLike;
  sessionStorage?: StorageLike;
  document?: { visibilityState?: string; referrer?: string };
  navigator?: { onLine?: boolean; language?: string };
  location?: { search?: string; origin?: string; pathname?: string };
  addEventListener?: (type: string, listener: () => void) => void;
  removeEventListener?: (type: string, listener: () => void) => void;
  URL?: { createObjectURL?: (blob: Blob) => string };
};
const host = () => globalThis as unknown as Host;

export const defaultTimers: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
};

export const defaultLogger: Logger = console;

/**
 * A localStorage-shaped map in memory.
 *
 * @example
 * const storage = createMemoryStorage(); storage.setItem('k', 'v');
 */
export function createMemoryStorage(): StorageLike {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
    keys: () => [...items.keys()],
  };
}

/** The keys of a Web Storage (localStorage, sessionStorage). */
function webStorageKeys(storage: StorageLike): (() => string[]) | undefined {
  const web = storage as StorageLike & { length?: unknown; key?: (index: number) => string | null };
  if (typeof web.length !== 'number' || typeof web.key !== 'function') return undefined;
  return () => {
    const keys: string[] = [];
    for (let index = 0; index < (web.length as number); index++) {
      const key = web.key?.(index);
      if (key !== null && key !== undefined) keys.push(key);
    }
    return keys;
  };
}

/** The page's localStorage when there is one (and it can be read), else memory. */
export function defaultStorage(): StorageLike {
  return visitorStorage('local');
}

/** Where a site lets the chat keep the visitor id: see `UrlParams.storage`. */
export type StorageChoice = 'local' | 'session' | 'none';

/**
 * The storage choice of a page parameter; anything but `session` or `none` is the default, `local`.
 *
 * @example
 * storageChoice('session') // 'session'
 * storageChoice('cookies') // 'local'
 */
export function storageChoice(value: string | undefined): StorageChoice {
  const lower = value?.toLowerCase();
  return lower === 'session' || lower === 'none' ? lower : 'local';
}

/**
 * The storage for a choice: the page's localStorage (`local`), sessionStorage (`session`, this tab
 * only), or memory (`none`: nothing outlives the page). Storage the browser refuses (privacy
 * settings, a sandboxed frame) is memory too.
 */
export function visitorStorage(choice: StorageChoice): StorageLike {
  if (choice === 'none') return createMemoryStorage();
  try {
    const storage = choice === 'session' ? host().sessionStorage : host().localStorage;
    if (storage) return storage;
  } catch {
    // Storage blocked (privacy settings, sandboxed iframe): fall through to memory.
  }
  return createMemoryStorage();
}

/** A signal fed by window events: `visibilitychange` or `online`/`offline`. */
function windowSignal(read: () => boolean, events: string[]): Signal {
  return {
    get: read,
    subscribe(listener) {
      const { addEventListener, removeEventListener } = host();
      const notify = () => listener(read());
      for (const type of events) addEventListener?.call(globalThis, type, notify);
      return () => {
        for (const type of events) removeEventListener?.call(globalThis, type, notify);
      };
    },
  };
}

export const defaultVisibility = (): Signal =>
  windowSignal(() => host().document?.visibilityState !== 'hidden', ['visibilitychange']);
export const defaultConnectivity = (): Signal =>
  windowSignal(() => host().navigator?.onLine !== false, ['online', 'offline']);
export const defaultSearch = (): string => host().location?.search ?? '';
export const defaultReferrer = (): string => host().document?.referrer ?? '';
/**
 * This page's address without its query and fragment: the chat page's query carries the
 * visitor's identity (pid and its signature, name, email, phone), which the page URL must not
 * repeat.
 */
export const defaultPageUrl = (): string => {
  const { origin, pathname } = host().location ?? {};
  return origin && origin !== 'null' ? `${origin}${pathname ?? ''}` : '';
};
export const defaultLanguage = (): string => host().navigator?.language ?? '';
export const defaultTimeZone = (): string => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone ?? '';
  } catch {
    return '';
  }
};
export const defaultCreateObjectUrl = (file: Blob): string | undefined => host().URL?.createObjectURL?.(file);

/**
 * Storage whose failures (full, blocked, sandboxed) are logged and ignored: nothing the engine
 * keeps there is worth breaking the chat for.
 */
export function guardStorage(storage: StorageLike, logger: Logger): StorageLike {
  const safely =
    <A extends unknown[], R>(run: (...args: A) => R, fallback: R) =>
    (...args: A): R => {
      try {
        return run.apply(storage, args);
      } catch (error) {
        logger.warn('storage unavailable', error);
        return fallback;
      }
    };
  const keys = storage.keys ? () => storage.keys?.() ?? [] : webStorageKeys(storage);
  return {
    getItem: safely(storage.getItem, null),
    setItem: safely(storage.setItem, undefined),
    removeItem: safely(storage.removeItem, undefined),
    ...(keys && { keys: safely(keys, undefined as unknown as string[]) }),
  };
}
