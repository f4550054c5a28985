import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  chooseLanguage,
  LANGUAGE_NAMES,
  type Language,
  matchTag,
  SUPPORTED_LANGUAGES,
} from './i18n/languages.js';
import { createTranslate, flatten, type Pack } from './i18n/translate.js';

// The agent console's string packs (locales) and how the console picks its language.

const sourceDir = import.meta.dirname;
const localesDir = join(sourceDir, 'locales');
const pack = (language: string): Pack =>
  JSON.parse(readFileSync(join(localesDir, `${language}.json`), 'utf8'));
const english = flatten(pack('en'));
const placeholders = (text: string) => (text.match(/\{\{\w+\}\}/g) ?? []).sort();
/** Whether a string has words of its own: placeholders and punctuation alone leave nothing to translate. */
const hasWords = (text: string) => /\p{L}/u.test(text.replace(/\{\{\w+\}\}/g, ''));

/**
 * Strings a language writes exactly as English does, on purpose: words the language has taken
 * as they are. Anything else equal to English is a string left untranslated.
 */
const SAME_AS_ENGLISH: Record<string, Language[]> = {
  'workspace.statusOnline': ['de', 'nl'],
  'workspace.statusOffline': ['de', 'nl'],
  'login.password': ['it', 'tl'],
  'visitor.name': ['de'],
  'inbox.minutes': ['es', 'it', 'nl', 'pl', 'pt'],
  'inbox.hours': ['es', 'it', 'pt'],
  'inbox.label': ['de', 'nl'],
  'inbox.status': ['de', 'nl'],
  'home.seconds': ['es', 'it', 'pt'],
  'admin.roleAdmin': ['de', 'id', 'pl'],
  'admin.online': ['de', 'nl'],
  'admin.offline': ['de', 'nl'],
  'admin.password': ['it', 'tl'],
  'admin.channel': ['tl'],
  'palette.inbox': ['nl', 'tl'],
  'tokens.asBot': ['de', 'nl'],
};

/** Languages in a script other than Latin: the only Latin they hold is the brand and "ID". */
const NON_LATIN: Language[] = ['zh', 'tw', 'ja', 'ko', 'ru', 'hi', 'bn', 'my', 'km', 'lo', 'ar', 'fa'];

/** The console's source files, where each string of the pack is shown. */
function sources(dir: string): string {
  return readdirSync(dir, { withFileTypes: true })
    .map((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return sources(path);
      return /\.tsx?$/.test(entry.name) ? readFileSync(path, 'utf8') : '';
    })
    .join('\n');
}

describe('the console string packs', () => {
  it('should exist for each of the chat page languages and no other', () => {
    const files = readdirSync(localesDir).filter((name) => name.endsWith('.json'));
    expect(files.map((name) => name.slice(0, -5)).sort()).toEqual([...SUPPORTED_LANGUAGES].sort());
  });

  it('should hold no English string the console does not show', () => {
    const code = sources(sourceDir);
    const unused = Object.keys(english).filter((key) => !code.includes(`'${key}'`));
    expect(unused).toEqual([]);
  });

  it('should name every language in the picker in that language', () => {
    expect(Object.keys(LANGUAGE_NAMES).sort()).toEqual([...SUPPORTED_LANGUAGES].sort());
    expect(new Set(Object.values(LANGUAGE_NAMES)).size).toBe(SUPPORTED_LANGUAGES.length);
  });

  describe.each(SUPPORTED_LANGUAGES.filter((language) => language !== 'en'))('%s', (language) => {
    const strings = flatten(pack(language));

    it('should have every key of the English pack, and no key English lacks', () => {
      expect(Object.keys(strings).sort()).toEqual(Object.keys(english).sort());
    });

    it('should translate every string (no English left) and keep its placeholders', () => {
      for (const [key, text] of Object.entries(strings)) {
        const source = english[key] ?? '';
        expect(text.trim(), key).not.toBe('');
        expect(text, key).toBe(text.trim());
        expect(placeholders(text), key).toEqual(placeholders(source));
        if (hasWords(source) && !SAME_AS_ENGLISH[key]?.includes(language)) expect(text, key).not.toBe(source);
      }
    });
  });

  describe.each(NON_LATIN)('%s', (language) => {
    it('should write no Latin words but the brand and ID', () => {
      for (const [key, text] of Object.entries(flatten(pack(language)))) {
        const rest = text.replace(/\{\{\w+\}\}/g, '').replace(/\bParley\b|\bID\b/g, '');
        expect(rest, key).not.toMatch(/[A-Za-z]/);
      }
    });
  });

  it('should list the words kept as in English only where a language has them', () => {
    for (const [key, languages] of Object.entries(SAME_AS_ENGLISH)) {
      for (const language of languages) expect(flatten(pack(language))[key], key).toBe(english[key]);
    }
  });
});

describe("the console's language", () => {
  it('given a stored choice, should keep it whatever the browser prefers', () => {
    expect(chooseLanguage('de', ['ar-EG', 'en'])).toBe('de');
    expect(chooseLanguage('tw', ['en-US'])).toBe('tw');
  });

  it.each([
    [['ar'], 'ar'],
    [['de-AT', 'en'], 'de'],
    [['fr-FR', 'pt-BR', 'en'], 'pt'],
    [['zh-TW'], 'tw'],
    [['zh-HK'], 'tw'],
    [['zh-Hant'], 'tw'],
    [['zh-Hans-HK'], 'zh'],
    [['zh-CN'], 'zh'],
    [['zh'], 'zh'],
    [['fil-PH'], 'tl'],
    [['fa-IR'], 'fa'],
    [['en_GB'], 'en'],
  ])('given no stored choice and the browser languages %j, should choose %s', (browser, language) => {
    expect(chooseLanguage(null, browser)).toBe(language);
  });

  it('given a stored value that is not one of the 25, should follow the browser', () => {
    expect(chooseLanguage('klingon', ['ja-JP'])).toBe('ja');
    expect(chooseLanguage('zh-TW', ['ko'])).toBe('ko');
  });

  it('given only languages the console does not speak, should be English', () => {
    expect(chooseLanguage(null, ['fr-FR', 'sv'])).toBe('en');
    expect(chooseLanguage(null, [])).toBe('en');
  });

  it('given the browser tag tw (Twi), should not take it for Traditional Chinese', () => {
    expect(matchTag('tw')).toBeUndefined();
    expect(chooseLanguage(null, ['tw', 'ru'])).toBe('ru');
  });
});

describe('the console t', () => {
  const t = createTranslate(pack('de'), pack('en'));

  it('given placeholders, should fill them with the values given', () => {
    expect(t('queue.position', { position: 3 })).toBe('Nr. 3 in der Warteschlange');
    expect(t('workspace.statusOnline', { name: 'Dana' })).toBe('Dana: Online');
  });

  it('given a key the pack lacks, should fall back to English', () => {
    const partial = createTranslate({ queue: { title: 'Warteschlange' } }, pack('en'));
    expect(partial('queue.title')).toBe('Warteschlange');
    expect(partial('queue.join')).toBe('Join');
  });

  it('given no value for a placeholder, should leave it as written', () => {
    expect(t('chat.typing')).toBe('{{name}} schreibt');
    expect(t('chat.typing', { other: 'x' })).toBe('{{name}} schreibt');
  });
});
