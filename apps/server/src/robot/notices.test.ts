import { SUPPORTED_LANGUAGES } from '@parley/languages';
import { describe, expect, it } from 'vitest';
import { asksForPerson } from './askForPerson.js';
import { noticesFor, productLanguage, ROBOT_NOTICES } from './notices.js';

describe("the robot's notices", () => {
  it.each(SUPPORTED_LANGUAGES)(
    'given %s, should have every notice, and an offer whose words hand the visitor on when written back',
    (language) => {
      const notices = ROBOT_NOTICES[language];
      for (const text of Object.values(notices)) expect(text.trim().length).toBeGreaterThan(5);
      expect(asksForPerson(notices.offer)).toBe(true);
      // A notice is never the visitor asking for a person by itself.
      expect(asksForPerson(notices.cut)).toBe(false);
      expect(asksForPerson(notices.interrupted)).toBe(false);
    },
  );

  it('should translate every notice: no language but English says it in English', () => {
    for (const language of SUPPORTED_LANGUAGES) {
      if (language === 'en') continue;
      for (const key of ['cut', 'interrupted', 'refused', 'offer'] as const)
        expect(ROBOT_NOTICES[language][key]).not.toBe(ROBOT_NOTICES.en[key]);
    }
  });

  it.each([
    ['de-AT', 'de'],
    ['zh-TW', 'tw'],
    ['zh-Hant-HK', 'tw'],
    ['zh-CN', 'zh'],
    ['fil-PH', 'tl'],
    ['pt_BR', 'pt'],
    ['fr-FR', undefined],
    ['', undefined],
  ])('given the browser tag %j, should pick the product language %j', (tag, language) => {
    expect(productLanguage(tag)).toBe(language);
  });

  it("given a browser language outside the 25, should speak the knowledge's language, else English", () => {
    expect(noticesFor('fr-FR', 'de')).toBe(ROBOT_NOTICES.de);
    expect(noticesFor(null, undefined)).toBe(ROBOT_NOTICES.en);
    expect(noticesFor('ja-JP', 'de')).toBe(ROBOT_NOTICES.ja);
  });
});
