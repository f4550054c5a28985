import { describe, expect, it } from 'vitest';
import { kitLocales } from '../LocaleProvider/LocaleProvider.js';
import arEG from './ar-EG.json' with { type: 'json' };
import enUS from './en-US.json' with { type: 'json' };
import frFR from './fr-FR.json' with { type: 'json' };
import { messageKeys } from './keys.js';
import zhCN from './zh-CN.json' with { type: 'json' };

const files: Record<string, Record<string, string>> = {
  'en-US': enUS,
  'zh-CN': zhCN,
  'fr-FR': frFR,
  'ar-EG': arEG,
};

describe('kit locale files', () => {
  it('should cover exactly the kit locales', () => {
    expect(Object.keys(files).sort()).toEqual([...kitLocales].sort());
  });

  it.each(Object.keys(files))('given %s, should have every key and nothing else, none empty', (locale) => {
    const messages = files[locale] ?? {};
    expect(Object.keys(messages).sort()).toEqual([...messageKeys].sort());
    for (const key of messageKeys) expect(messages[key]?.trim(), `${locale} ${key}`).toBeTruthy();
  });

  it.each(['zh-CN', 'fr-FR', 'ar-EG'])(
    'given %s, should translate every string (none left in English)',
    (locale) => {
      const messages = files[locale] ?? {};
      const untranslated = messageKeys.filter(
        (key) => /[a-z]{3,}/i.test(enUS[key]) && messages[key] === enUS[key],
      );
      expect(untranslated).toEqual([]);
    },
  );
});
