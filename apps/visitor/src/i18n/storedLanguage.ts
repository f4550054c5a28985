import { type Language, resolveLanguage } from '@parley/languages';
import { LANGUAGE_STORAGE_KEY } from './languages.js';

/**
 * The page's local storage, or null where the browser refuses it (a third-party frame with storage
 * blocked, some privacy modes): even reading `localStorage` throws there.
 */
export function pageStorage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** The visitor's stored language (`chat-lan`), validated; English when absent or unreadable. */
export function storedLanguage(): Language {
  try {
    return resolveLanguage(pageStorage()?.getItem(LANGUAGE_STORAGE_KEY));
  } catch {
    return resolveLanguage(null);
  }
}
