// The visitor page's first screen imports this module, within a size budget: what it does not use
// (the names, isLanguage) stays in separate declarations the bundler leaves out, not in one table.

/** The 25 languages of the product (spec section 9), by the product's own codes, in the spec's order. */
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

export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language by its own name, for a picker. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  zh: '简体中文',
  en: 'English',
  tw: '繁體中文',
  vi: 'Tiếng Việt',
  id: 'Bahasa Indonesia',
  ms: 'Bahasa Melayu',
  ja: '日本語',
  pt: 'Português',
  hi: 'हिन्दी',
  es: 'Español',
  ko: '한국어',
  ru: 'Русский',
  my: 'မြန်မာ',
  km: 'ខ្មែរ',
  tl: 'Tagalog',
  lo: 'ລາວ',
  nl: 'Nederlands',
  de: 'Deutsch',
  ar: 'العربية',
  bn: 'বাংলা',
  tr: 'Türkçe',
  fa: 'فارسی',
  it: 'Italiano',
  pl: 'Polski',
  zu: 'isiZulu',
};

const supported = new Set<string>(SUPPORTED_LANGUAGES);

/** Whether a value (stored, from a URL, from a picker) is one of the 25 codes, exactly. */
export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && supported.has(value);
}

/** A stored or requested language if it is one of the 25, otherwise English (spec section 5). */
export function resolveLanguage(value: string | null | undefined): Language {
  return value && supported.has(value) ? (value as Language) : DEFAULT_LANGUAGE;
}

/**
 * The BCP 47 tag of a language, for `lang`, Intl and plural rules. Two codes are not their tag:
 * `zh` is Simplified Chinese and `tw` is Traditional Chinese as used in Taiwan (not Twi).
 */
export function languageTag(language: Language): string {
  if (language === 'zh') return 'zh-CN';
  if (language === 'tw') return 'zh-TW';
  return language;
}

/** Arabic and Persian are written right to left, the others left to right. */
export function directionOf(language: Language): 'ltr' | 'rtl' {
  return language === 'ar' || language === 'fa' ? 'rtl' : 'ltr';
}
