import { type Language, languageTag, SUPPORTED_LANGUAGES } from '@parley/languages';
import { describe, expect, it } from 'vitest';

type Pack = { [key: string]: string | Pack };
const packs = import.meta.glob<Pack>('./*.json', { eager: true, import: 'default' });
const pack = (language: Language): Pack => {
  const found = packs[`./${language}.json`];
  if (!found) throw new Error(`missing pack ${language}.json`);
  return found;
};

/** Flattens a pack to dotted keys. */
function flatten(value: Pack, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, child] of Object.entries(value)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof child === 'string') out[path] = child;
    else Object.assign(out, flatten(child, path));
  }
  return out;
}

const PLURAL = /_(zero|one|two|few|many|other)$/;
const english = flatten(pack('en'));
const singularKeys = Object.keys(english).filter((key) => !PLURAL.test(key));
const pluralFamilies = [
  ...new Set(
    Object.keys(english)
      .filter((key) => PLURAL.test(key))
      .map((key) => key.replace(PLURAL, '')),
  ),
];
const placeholders = (text: string) => (text.match(/\{\{\w+\}\}/g) ?? []).sort();

describe('string packs', () => {
  it('should exist for each of the 25 languages and no other', () => {
    expect(
      Object.keys(packs)
        .map((path) => path.slice(2, -5))
        .sort(),
    ).toEqual([...SUPPORTED_LANGUAGES].sort());
  });

  describe.each(SUPPORTED_LANGUAGES.filter((language) => language !== 'en'))('%s', (language) => {
    const strings = flatten(pack(language));

    it('should have every key of the English pack, and no key English lacks', () => {
      const expectedPlurals = pluralFamilies.flatMap((family) =>
        new Intl.PluralRules(languageTag(language))
          .resolvedOptions()
          .pluralCategories.map((form) => `${family}_${form}`),
      );
      expect(Object.keys(strings).sort()).toEqual([...singularKeys, ...expectedPlurals].sort());
    });

    it('should translate every string (no English left) and keep its placeholders', () => {
      for (const [key, text] of Object.entries(strings)) {
        const source = english[key] ?? english[key.replace(PLURAL, '_other')] ?? '';
        expect(text.trim(), key).not.toBe('');
        if (/[A-Za-z]{3,}/.test(source.replace(/\{\{\w+\}\}/g, ''))) expect(text, key).not.toBe(source);
        expect(placeholders(text), key).toEqual(placeholders(source));
      }
    });
  });
});
