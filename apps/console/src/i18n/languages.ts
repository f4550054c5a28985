/**
 * The console speaks the chat page's 25 languages, by the same codes: the list, the BCP 47 tags,
 * the writing direction and each language's own name come from `@parley/languages`, which the
 * page imports too, so the two never drift apart. What is the console's own: where the agent's
 * choice is kept, and how a browser's languages map onto the 25.
 */
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@parley/languages';

export {
  DEFAULT_LANGUAGE,
  directionOf,
  isLanguage,
  LANGUAGE_NAMES,
  type Language,
  languageTag,
  SUPPORTED_LANGUAGES,
} from '@parley/languages';

/** Where the agent's choice of language is kept (the page's own key is `chat-lan`). */
export const CONSOLE_LANGUAGE_KEY = 'parley-console-lan';

/** Regions whose Chinese is written in Traditional characters. */
const TRADITIONAL = new Set(['tw', 'hk', 'mo']);
/** Tags browsers send for a language under another code: Filipino is Tagalog, `in` is old Indonesian, Cantonese reads Traditional Chinese. */
const ALIASES: Record<string, string> = { fil: 'tl', in: 'id', zsm: 'ms', yue: 'tw' };

/**
 * One browser language tag (`de-AT`, `zh-Hant-HK`, `fil`) as one of the 25, or undefined. Chinese
 * in Traditional script, or as written in Taiwan, Hong Kong and Macau, is `tw`; other Chinese is
 * `zh`. A bare `tw` from a browser is Twi, not Chinese, and matches nothing.
 */
export function matchTag(tag: string): Language | undefined {
  const [primary = '', ...rest] = tag.trim().toLowerCase().split(/[-_]/);
  if (primary === 'zh') {
    const traditional =
      rest.includes('hant') || (!rest.includes('hans') && rest.some((s) => TRADITIONAL.has(s)));
    return traditional ? 'tw' : 'zh';
  }
  if (primary === 'tw') return undefined;
  const code = ALIASES[primary] ?? primary;
  return isLanguage(code) ? code : undefined;
}

/** The first of the browser's languages (`navigator.languages`, most wanted first) that the console speaks. */
export function matchBrowserLanguages(tags: readonly string[]): Language | undefined {
  for (const tag of tags) {
    const language = matchTag(tag);
    if (language) return language;
  }
  return undefined;
}

/**
 * The console's language: the agent's own choice if one was stored, else the first browser
 * language the console speaks, else English.
 */
export function chooseLanguage(stored: string | null | undefined, browser: readonly string[]): Language {
  if (isLanguage(stored)) return stored;
  return matchBrowserLanguages(browser) ?? DEFAULT_LANGUAGE;
}
