import { useEffect, useState } from 'react';
import { type Language, languageTag } from './i18n/languages.js';

/** The widget kit's own locales (spec section 9): en-US (default), zh-CN, fr-FR, ar-EG. */
export type KitLocale = 'en-US' | 'zh-CN' | 'fr-FR' | 'ar-EG';

/** A string pack for the kit: every key of its en-US.json, `{name}` placeholders. */
export type KitMessages = Record<string, string>;

/** The app languages whose strings the kit ships itself, with the kit's locale for each. */
const KIT_OWN: Partial<Record<Language, KitLocale>> = { zh: 'zh-CN', ar: 'ar-EG', en: 'en-US' };

/** The app's packs for the 22 languages the kit does not ship, loaded on demand. */
const packs = import.meta.glob<KitMessages>('./kit-locales/*.json', { import: 'default' });

/** The BCP 47 tag the kit uses for a language (Intl, plural rules): the kit's own locale or the app's tag. */
export function kitLocaleOf(language: Language): string {
  return KIT_OWN[language] ?? languageTag(language);
}

/** The kit's strings in a language; undefined for English, which the kit bundles. */
export async function loadKitMessages(language: Language): Promise<KitMessages | undefined> {
  if (language === 'en') return undefined;
  // No `with { type: 'json' }` here: Vite's dev server serves JSON as a JS module, which the
  // browser refuses under a JSON import attribute ("Failed to fetch dynamically imported module").
  if (language === 'zh') return (await import('@parley/chat-ui/locales/zh-CN.json')).default;
  if (language === 'ar') return (await import('@parley/chat-ui/locales/ar-EG.json')).default;
  const load = packs[`./kit-locales/${language}.json`];
  return load ? load() : undefined;
}

/** The kit's strings in a language, or undefined while they load (and for English). */
export function useKitMessages(language: Language): KitMessages | undefined {
  const [loaded, setLoaded] = useState<{ language: Language; messages: KitMessages | undefined }>();
  useEffect(() => {
    let current = true;
    loadKitMessages(language).then(
      (messages) => current && setLoaded({ language, messages }),
      () => current && setLoaded({ language, messages: undefined }),
    );
    return () => {
      current = false;
    };
  }, [language]);
  return loaded?.language === language ? loaded.messages : undefined;
}
