import { type Language, languageTag } from '@parley/languages';
import { createInstance, type i18n as I18n, type Resource } from 'i18next';
import { packLoaderFor } from './i18n.js';

// The i18next runtime and the page's use of it: a chunk of its own (`i18next-*.js`), imported only
// with `import()` once the first screen is up, which speaks from the pack alone (packTranslator).

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
