import type { Language } from './i18n/languages.js';

/** The widget kit's locales (spec section 9): en-US (default), zh-CN, fr-FR, ar-EG. */
export type KitLocale = 'en-US' | 'zh-CN' | 'fr-FR' | 'ar-EG';

const KIT_LOCALES: Partial<Record<Language, KitLocale>> = { zh: 'zh-CN', tw: 'zh-CN', ar: 'ar-EG' };

/**
 * The kit locale that follows the app's language: Chinese (both scripts) and Arabic have their own;
 * every other language uses the kit's default English for the few widget labels the kit owns. The
 * direction is the app's own (Persian is right to left too).
 */
export function kitLocaleOf(language: Language): KitLocale {
  return KIT_LOCALES[language] ?? 'en-US';
}
