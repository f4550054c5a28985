import { createInstance, type i18n as I18n, type Resource } from 'i18next';
import { type Language, languageTag } from './languages.js';

type Pack = Record<string, unknown>;
type PackLoader = () => Promise<{ default: Pack }>;

// One chunk per language: only the visitor's language is downloaded.
const packLoaders = import.meta.glob<{ default: Pack }>('../locales/*.json') as Record<string, PackLoader>;

export function packLoaderFor(language: Language): PackLoader | undefined {
  return packLoaders[`../locales/${language}.json`];
}

/**
 * An i18next instance with no strings yet: until a pack loads, `t` returns the key itself (spec
 * section 8). Languages are registered under their BCP 47 tags, so plural rules are right for
 * `tw` (Traditional Chinese).
 */
export function createI18n(): I18n {
  const i18n = createInstance();
  const resources: Resource = {};
  void i18n.init({
    resources,
    lng: 'en',
    fallbackLng: false,
    initAsync: false,
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
  });
  return i18n;
}

/**
 * Loads a language's pack (once) and switches to it. A pack that fails to load leaves the current
 * language in place and rejects, so the caller can show a retry.
 */
export async function switchLanguage(
  i18n: I18n,
  language: Language,
  load = packLoaderFor(language),
): Promise<void> {
  const tag = languageTag(language);
  if (!i18n.hasResourceBundle(tag, 'translation')) {
    if (!load) throw new Error(`no string pack for ${language}`);
    const pack = await load();
    i18n.addResourceBundle(tag, 'translation', pack.default, true, true);
  }
  await i18n.changeLanguage(tag);
}
