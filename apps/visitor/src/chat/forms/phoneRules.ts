import { loadChunk } from '../../shell/chunks.js';

/** `@parley/chat-core/phone`: libphonenumber's small metadata and the checks on it. */
export type PhoneRules = typeof import('@parley/chat-core/phone');

let loading: Promise<PhoneRules> | undefined;

/**
 * The phone checks, downloaded once, with the first form that asks for a number (about 30 kB of
 * gzip: never on the first screen). A failed download may be tried again by the next form.
 */
export function loadPhoneRules(): Promise<PhoneRules> {
  loading ??= loadChunk(() => import('@parley/chat-core/phone')).catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/**
 * The country a visitor most likely dials from, guessed from their language: the region of a
 * browser language in the same language (`en-GB` for an English page), else the region the page's
 * language is most spoken in (CLDR's likely subtags: `de` is Germany, `pt` Brazil, `ar` Egypt).
 * Only a guess: the visitor can pick another country, or type + and its calling code.
 *
 * @example
 * guessPhoneCountry('en-US', ['en-GB', 'en']) // 'GB'
 * guessPhoneCountry('de', []) // 'DE'
 */
export function guessPhoneCountry(locale: string, browserLanguages: readonly string[]): string | undefined {
  try {
    const page = new Intl.Locale(locale).maximize();
    for (const tag of browserLanguages) {
      const browser = new Intl.Locale(tag);
      if (browser.language === page.language && browser.region) return browser.region;
    }
    return page.region;
  } catch {
    return undefined;
  }
}
