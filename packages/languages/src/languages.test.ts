import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LANGUAGE,
  directionOf,
  isLanguage,
  LANGUAGE_NAMES,
  languageTag,
  resolveLanguage,
  SUPPORTED_LANGUAGES,
} from './languages.js';

describe('the languages', () => {
  it('should be exactly the 25 languages of the spec, in its order, English by default', () => {
    expect(SUPPORTED_LANGUAGES).toEqual(
      'zh en tw vi id ms ja pt hi es ko ru my km tl lo nl de ar bn tr fa it pl zu'.split(' '),
    );
    expect(DEFAULT_LANGUAGE).toBe('en');
  });

  it.each(SUPPORTED_LANGUAGES)('given the stored value %s, should keep it', (language) => {
    expect(resolveLanguage(language)).toBe(language);
    expect(isLanguage(language)).toBe(true);
  });

  it.each([null, undefined, '', 'fr', 'EN', 'zh-CN', 'en ', 'toString', '__proto__'])(
    'given %j, should fall back to English',
    (value) => {
      expect(resolveLanguage(value)).toBe('en');
      expect(isLanguage(value)).toBe(false);
    },
  );

  it('given Arabic or Persian, should be right to left, and everything else left to right', () => {
    const rtl = SUPPORTED_LANGUAGES.filter((language) => directionOf(language) === 'rtl');
    expect(rtl).toEqual(['ar', 'fa']);
  });

  it('given zh and tw, should tag them as Simplified and Traditional Chinese, the others as themselves', () => {
    expect(languageTag('zh')).toBe('zh-CN');
    expect(languageTag('tw')).toBe('zh-TW');
    const others = SUPPORTED_LANGUAGES.filter((language) => language !== 'zh' && language !== 'tw');
    expect(others.map(languageTag)).toEqual(others);
  });

  it.each(SUPPORTED_LANGUAGES)('should give %s a well-formed BCP 47 tag', (language) => {
    // Intl throws on a malformed tag (`zh_CN`, `en-`); it may rename a valid one (`tl` is `fil`).
    expect(() => Intl.getCanonicalLocales(languageTag(language))).not.toThrow();
  });

  it('should name every language in itself, each name different', () => {
    expect(Object.keys(LANGUAGE_NAMES)).toEqual([...SUPPORTED_LANGUAGES]);
    expect(new Set(Object.values(LANGUAGE_NAMES)).size).toBe(SUPPORTED_LANGUAGES.length);
    expect(LANGUAGE_NAMES.de).toBe('Deutsch');
    expect(LANGUAGE_NAMES.tw).toBe('繁體中文');
  });
});
