import type { Logger, Signal, StorageLike, Timers } from './types.js';

// Defaults wrap the globals lazily, at call time: fake timers installed after the desk is created
// still apply, and Node (no DOM) gets harmless stand-ins.

type Host = {
  localStorage?: StorageLike;
  document?: {
    visibilityState?: string;
    addEventListener?: (type: string, listener: () => void) => void;
    removeEventListener?: (type: string, listener: () => void) => void;
  };
  crypto?: { randomUUID?: () => string };
};
const host = () => globalThis as unknown as Host;

export const defaultTimers: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
};

export const defaultLogger: Logger = console;

/** A localStorage-shaped map in memory. */
export function createMemoryStorage(): StorageLike {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
  };
}

/** The page's localStorage when it can be used, else memory. */
export function defaultStorage(): StorageLike {
  try {
    const storage = host().localStorage;
    if (storage) return storage;
  } catch {
    // Storage blocked (privacy settings): memory.
  }
  return createMemoryStorage();
}

/** Whether the document is on screen, and its changes (`visibilitychange`, fired at the document). */
export const defaultVisibility = (): Signal => {
  const read = () => host().document?.visibilityState !== 'hidden';
  return {
    get: read,
    subscribe(listener) {
      const target = host().document;
      const notify = () => listener(read());
      target?.addEventListener?.('visibilitychange', notify);
      return () => target?.removeEventListener?.('visibilitychange', notify);
    },
  };
};

let counter = 0;
/** A random id (crypto.randomUUID), or a time-and-counter one where there is none. */
export const defaultCreateId = (): string =>
  host().crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${(counter++).toString(36)}`;

/** Storage whose failures (full, blocked) are logged and ignored: a draft is not worth a crash. */
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
  return {
    getItem: safely(storage.getItem, null),
    setItem: safely(storage.setItem, undefined),
    removeItem: safely(storage.removeItem, undefined),
  };
}
