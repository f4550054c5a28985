import { SUPPORTED_LANGUAGES } from '@parley/languages';
import { describe, expect, it } from 'vitest';
import { ASK_FOR_PERSON, asksForPerson } from './askForPerson.js';

describe('asking for a person', () => {
  it.each(SUPPORTED_LANGUAGES)(
    'given a request in %s, should recognise every phrase of the table in a sentence',
    (language) => {
      const phrases = ASK_FOR_PERSON[language];
      expect(phrases.length).toBeGreaterThan(0);
      for (const phrase of phrases) {
        expect(asksForPerson(`${phrase.toLocaleUpperCase()} please`)).toBe(true);
        expect(asksForPerson(`… ${phrase}?`)).toBe(true);
      }
    },
  );

  it.each([
    'How much does shipping cost?',
    'What are your customer service hours?',
    'Is your agency open on Sunday?',
    '人工智能是什么？',
    'Wo ist meine Bestellung?',
    'Je voudrais retourner un article',
  ])('given an ordinary question (%s), should not hand over', (question) => {
    expect(asksForPerson(question)).toBe(false);
  });

  it('should match whole words where words are spaced', () => {
    expect(asksForPerson('I am an agent of change')).toBe(true);
    expect(asksForPerson('agents')).toBe(false);
    expect(asksForPerson('agentur')).toBe(false);
  });
});
