/** The 25 languages of the chat page (spec section 9), by the product's own codes. */
export const SUPPORTED_LANGUAGES = [
  'zh',
  'en',
  'tw',
  'vi',
  'id',
  'ms',
  'ja',
  'pt',
  'hi',
  'es',
  'ko',
  'ru',
  'my',
  'km',
  'tl',
  'lo',
  'nl',
  'de',
  'ar',
  'bn',
  'tr',
  'fa',
  'it',
  'pl',
  'zu',
] as const;

export type Language = (typeof SUPPORTED_LANGUAGES)[number];

/** Where the visitor's language is stored (spec section 3). */
export const LANGUAGE_STORAGE_KEY = 'chat-lan';
export const DEFAULT_LANGUAGE: Language = 'en';

const supported = new Set<string>(SUPPORTED_LANGUAGES);

/** A stored or requested language if it is one of the 25, otherwise English (spec section 5). */
export function resolveLanguage(value: string | null | undefined): Language {
  return value && supported.has(value) ? (value as Language) : DEFAULT_LANGUAGE;
}

/**
 * The BCP 47 tag of a product code, for `lang`, Intl and plural rules. Two codes differ: `zh` is
 * Simplified Chinese and `tw` is Traditional Chinese as used in Taiwan (not Twi).
 */
export function languageTag(language: Language): string {
  if (language === 'zh') return 'zh-CN';
  if (language === 'tw') return 'zh-TW';
  return language;
}

/** Arabic and Persian are written right to left. */
export function directionOf(language: Language): 'ltr' | 'rtl' {
  return language === 'ar' || language === 'fa' ? 'rtl' : 'ltr';
}
