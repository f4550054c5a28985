import { useEffect, useState } from 'react';
import { type Language, languageTag } from './languages.js';

/** A string pack for the widget kit: every key of the kit's en-US.json, `{name}` placeholders. */
export type KitMessages = Record<string, string>;

/** The languages whose strings the kit ships itself (en-US, zh-CN, ar-EG), with the kit's locale for each. */
const KIT_OWN: Partial<Record<Language, string>> = { en: 'en-US', zh: 'zh-CN', ar: 'ar-EG' };

/** The packs for the 22 languages the kit does not ship, one chunk each, loaded on demand. */
const packs = import.meta.glob<KitMessages>('./kit-locales/*.json', { import: 'default' });

/** The BCP 47 tag the kit uses for a language (Intl, plural rules): the kit's own locale or the language's tag. */
export function kitLocaleOf(language: Language): string {
  return KIT_OWN[language] ?? languageTag(language);
}

/** The kit's strings in a language; undefined for English, which the kit bundles. */
export async function loadKitMessages(language: Language): Promise<KitMessages | undefined> {
  if (language === 'en') return undefined;
  // No `with { type: 'json' }` here: Vite's dev server serves JSON as a JS module, which the
  // browser refuses under a JSON import attribute ("Failed to fetch dynamically imported module").
  if (language === 'zh') return import('@parley/chat-ui/locales/zh-CN.json').then((pack) => pack.default);
  if (language === 'ar') return import('@parley/chat-ui/locales/ar-EG.json').then((pack) => pack.default);
  const load = packs[`./kit-locales/${language}.json`];
  return load ? load() : undefined;
}

/** What to give the kit's `LocaleProvider` for a language. */
export interface KitLocale {
  locale: string;
  messages: KitMessages | undefined;
}

/**
 * The kit's locale and strings for a language. Until the language's pack arrives the kit speaks
 * English under `en-US`, so dates and plurals never follow a language whose words are not there yet.
 *
 * @example
 * const kit = useKitLocale(language);
 * <LocaleProvider locale={kit.locale} messages={kit.messages} dir={directionOf(language)}>...</LocaleProvider>
 */
export function useKitLocale(language: Language): KitLocale {
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
  const messages = loaded?.language === language ? loaded.messages : undefined;
  return { locale: messages || language === 'en' ? kitLocaleOf(language) : 'en-US', messages };
}
