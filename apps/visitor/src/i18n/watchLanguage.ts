import { type Language, resolveLanguage } from '@parley/languages';
import { LANGUAGE_STORAGE_KEY } from './languages.js';

export interface LanguageWatchOptions {
  storage: Pick<Storage, 'getItem'>;
  /** Where `storage` events arrive (another tab changed the language). */
  events?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  setInterval?: (callback: () => void, ms: number) => unknown;
  clearInterval?: (handle: unknown) => void;
  /** The spec checks every 100 ms, which also catches changes made in this tab by a parent page. */
  intervalMs?: number;
}

/**
 * Calls `onChange` with the validated language whenever `chat-lan` changes: on the `storage`
 * event, and by reading it every 100 ms (spec section 9), since a change in the same tab fires
 * no event. Returns a function that stops watching.
 */
export function watchLanguage(
  initial: Language,
  onChange: (language: Language) => void,
  {
    storage,
    events,
    setInterval: every = (callback, ms) => globalThis.setInterval(callback, ms),
    clearInterval: stop = (handle) =>
      globalThis.clearInterval(handle as ReturnType<typeof globalThis.setInterval>),
    intervalMs = 100,
  }: LanguageWatchOptions,
): () => void {
  let current = initial;
  const check = () => {
    let stored: string | null = null;
    try {
      stored = storage.getItem(LANGUAGE_STORAGE_KEY);
    } catch {
      return; // storage can throw (privacy modes): keep the language we have
    }
    const next = resolveLanguage(stored);
    if (next === current) return;
    current = next;
    onChange(next);
  };
  const onStorage = (event: Event) => {
    const key = (event as StorageEvent).key;
    if (key === null || key === LANGUAGE_STORAGE_KEY) check();
  };
  events?.addEventListener('storage', onStorage);
  const handle = every(check, intervalMs);
  return () => {
    events?.removeEventListener('storage', onStorage);
    stop(handle);
  };
}
