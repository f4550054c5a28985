import arEG from '@parley/chat-ui/locales/ar-EG.json' with { type: 'json' };
import enUS from '@parley/chat-ui/locales/en-US.json' with { type: 'json' };
import zhCN from '@parley/chat-ui/locales/zh-CN.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';
import { kitLocaleOf, loadKitMessages } from './kit.js';
import { type Language, SUPPORTED_LANGUAGES } from './languages.js';

const packs = import.meta.glob<Record<string, string>>('./kit-locales/*.json', {
  eager: true,
  import: 'default',
});

/** The app languages the kit does not ship (it has en-US, zh-CN and ar-EG): each has a pack here. */
const PACKED: Language[] = SUPPORTED_LANGUAGES.filter((language) => !['en', 'zh', 'ar'].includes(language));

/**
 * Strings that rightly read the same as the English: the language's own word is spelled alike.
 * Spanish "Error" is the standard toast label, and no other word says it as plainly.
 */
const SAME_AS_ENGLISH = new Set(['es:toast.error']);

const english: Record<string, string> = enUS;
const placeholders = (text: string) => (text.match(/\{\w+\}/g) ?? []).sort();
const pack = (language: Language): Record<string, string> => {
  const found = packs[`./kit-locales/${language}.json`];
  if (!found) throw new Error(`missing pack ${language}.json`);
  return found;
};

describe('given the kit string packs', () => {
  it('should hold one pack for each of the 22 languages the kit does not ship, and no other', () => {
    expect(
      Object.keys(packs)
        .map((path) => path.slice('./kit-locales/'.length, -'.json'.length))
        .sort(),
    ).toEqual([...PACKED].sort());
  });

  describe.each(PACKED)('when the pack is %s', (language) => {
    const strings = pack(language);

    it("should have exactly the keys of the kit's en-US strings", () => {
      expect(Object.keys(strings).sort()).toEqual(Object.keys(english).sort());
    });

    it('should keep the placeholders of each English string', () => {
      for (const [key, text] of Object.entries(strings)) {
        expect(placeholders(text), key).toEqual(placeholders(english[key] ?? ''));
      }
    });

    it('should translate every string: none empty, none left in English', () => {
      for (const [key, text] of Object.entries(strings)) {
        const source = english[key] ?? '';
        expect(text.trim(), key).not.toBe('');
        const hasWord = /[A-Za-z]{3,}/.test(source.replace(/\{\w+\}/g, ''));
        if (hasWord && !SAME_AS_ENGLISH.has(`${language}:${key}`)) expect(text, key).not.toBe(source);
      }
    });
  });
});

describe('given an app language', () => {
  it('when it is Chinese or Arabic, should load the kit’s own zh-CN or ar-EG strings', async () => {
    expect(await loadKitMessages('zh')).toEqual(zhCN);
    expect(await loadKitMessages('ar')).toEqual(arEG);
  });

  it('when it is English, should load nothing: the kit bundles en-US', async () => {
    expect(await loadKitMessages('en')).toBeUndefined();
  });

  it('when it is Japanese, should load the Japanese pack', async () => {
    expect(await loadKitMessages('ja')).toEqual(pack('ja'));
  });

  it("should give the kit the kit's own locale tags, and the app's tag for the others", () => {
    expect(kitLocaleOf('zh')).toBe('zh-CN');
    expect(kitLocaleOf('ar')).toBe('ar-EG');
    expect(kitLocaleOf('en')).toBe('en-US');
    expect(kitLocaleOf('tw')).toBe('zh-TW');
    expect(kitLocaleOf('ja')).toBe('ja');
  });
});
