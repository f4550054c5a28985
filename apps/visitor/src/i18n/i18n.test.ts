import { languageTag, SUPPORTED_LANGUAGES } from '@parley/languages';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keysOnly, packTranslator } from './i18n.js';
import { createI18n, switchLanguage } from './i18next.js';
import { LANGUAGE_STORAGE_KEY } from './languages.js';
import { watchLanguage } from './watchLanguage.js';

describe('watchLanguage', () => {
  let stored: string | null;
  const storage = { getItem: (key: string) => (key === LANGUAGE_STORAGE_KEY ? stored : null) };

  beforeEach(() => {
    vi.useFakeTimers();
    stored = 'en';
  });
  afterEach(() => vi.useRealTimers());

  it('given chat-lan changes in this tab, should report it within 100 ms', () => {
    const onChange = vi.fn();
    const stop = watchLanguage('en', onChange, { storage });
    stored = 'ja';
    vi.advanceTimersByTime(99);
    expect(onChange).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onChange).toHaveBeenCalledExactlyOnceWith('ja');
    vi.advanceTimersByTime(1000);
    expect(onChange).toHaveBeenCalledTimes(1);
    stop();
  });

  it('given a storage event from another tab, should report at once', () => {
    const onChange = vi.fn();
    const stop = watchLanguage('en', onChange, { storage, events: window });
    stored = 'ar';
    window.dispatchEvent(new StorageEvent('storage', { key: LANGUAGE_STORAGE_KEY }));
    expect(onChange).toHaveBeenCalledExactlyOnceWith('ar');
    window.dispatchEvent(new StorageEvent('storage', { key: 'unrelated' }));
    expect(onChange).toHaveBeenCalledTimes(1);
    stop();
  });

  it('given an unsupported value, should switch to English', () => {
    const onChange = vi.fn();
    const stop = watchLanguage('ja', onChange, { storage });
    stored = 'klingon';
    vi.advanceTimersByTime(100);
    expect(onChange).toHaveBeenCalledExactlyOnceWith('en');
    stop();
  });

  it('given storage that throws, should keep the language', () => {
    const onChange = vi.fn();
    const stop = watchLanguage('de', onChange, {
      storage: {
        getItem: () => {
          throw new Error('denied');
        },
      },
    });
    vi.advanceTimersByTime(500);
    expect(onChange).not.toHaveBeenCalled();
    stop();
  });

  it('when stopped, should report nothing more', () => {
    const onChange = vi.fn();
    watchLanguage('en', onChange, { storage, events: window })();
    stored = 'ko';
    vi.advanceTimersByTime(500);
    window.dispatchEvent(new StorageEvent('storage', { key: LANGUAGE_STORAGE_KEY }));
    expect(onChange).not.toHaveBeenCalled();
  });
});

describe('i18n', () => {
  it('given no runtime or pack loaded yet, should return the key itself', async () => {
    expect(keysOnly('chat.newChat')).toBe('chat.newChat');
    expect(keysOnly('errors.unknownChannel', { message: 'gone' })).toBe('errors.unknownChannel');
    const i18n = createI18n();
    expect(i18n.t('chat.newChat')).toBe('chat.newChat');
  });

  it('given English loaded, should return the spec catalogue texts exactly', async () => {
    const i18n = createI18n();
    await switchLanguage(i18n, 'en');
    expect(i18n.t('page.newMessageTitle')).toBe('You received a new message');
    expect(i18n.t('notices.submitFailed')).toBe('Submit failed');
    expect(i18n.t('notices.transferFailed')).toBe('Transfer to human agent failed!');
    expect(i18n.t('notices.noAgentOnline')).toBe('No customer service online');
    expect(i18n.t('notices.agentRefused')).toBe('Sorry, the agent refused your chat request');
    expect(i18n.t('notices.openedElsewhere')).toBe('Your chat was opened in a new window!');
    expect(i18n.t('page.noscript')).toBe('Enable JavaScript to run this app.');
    expect(i18n.t('errors.unknownChannelId')).toBe('unknown channel id');
    expect(i18n.t('errors.unknownChannel', { message: 'gone' })).toBe('unknown channel, gone');
    expect(i18n.t('errors.sessionFailed', { message: 'busy' })).toBe('failed to create session,busy');
  });

  it('given a language switch, should load only that pack and use its plural rules', async () => {
    const i18n = createI18n();
    const load = vi.fn(async () => ({ default: { embed: { unread_other: '{{count}} 則未讀訊息' } } }));
    await switchLanguage(i18n, 'tw', load);
    await switchLanguage(i18n, 'tw', load);
    expect(load).toHaveBeenCalledTimes(1);
    expect(i18n.language).toBe('zh-TW');
    expect(i18n.t('embed.unread', { count: 1 })).toBe('1 則未讀訊息');
  });

  it('given a pack that fails to load, should keep the current language and reject', async () => {
    const i18n = createI18n();
    await switchLanguage(i18n, 'en');
    await expect(switchLanguage(i18n, 'de', () => Promise.reject(new Error('offline')))).rejects.toThrow(
      'offline',
    );
    expect(i18n.language).toBe('en');
  });
});

describe('packTranslator (the first screen, before the i18next runtime)', () => {
  const packs = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*.json', { eager: true });
  const PLURAL = /_(zero|one|two|few|many|other)$/;
  /** Every key a screen may ask for: leaves, with plural forms folded into their base key. */
  function keysOf(node: Record<string, unknown>, prefix = ''): string[] {
    return Object.entries(node).flatMap(([name, value]) =>
      typeof value === 'object' && value !== null
        ? keysOf(value as Record<string, unknown>, `${prefix}${name}.`)
        : [`${prefix}${name.replace(PLURAL, '')}`],
    );
  }

  it.each(SUPPORTED_LANGUAGES)(
    'given the %s pack, should say exactly what i18next says for every key',
    async (language) => {
      const pack = packs[`../locales/${language}.json`]?.default as Record<string, unknown>;
      const tag = languageTag(language);
      const instance = createI18n();
      await switchLanguage(instance, language, async () => ({ default: pack }));
      const i18next = instance.getFixedT(tag);
      const first = packTranslator(pack, tag);
      const keys = [...new Set(keysOf(pack))];
      expect(keys.length).toBeGreaterThan(50);
      const values = {
        name: 'Ann',
        text: 'Hi',
        star: 4,
        count: 1,
        position: 3,
        size: '2 MB',
        max: 5,
        min: 1,
      };
      for (const key of keys) {
        expect(first(key), key).toBe(i18next(key));
        expect(first(key, values), key).toBe(i18next(key, values));
        for (const count of [0, 1, 2, 3, 5, 11, 22, 101]) {
          expect(first(key, { ...values, count }), `${key} ${count}`).toBe(
            i18next(key, { ...values, count }),
          );
        }
      }
      expect(first('no.such.key')).toBe(i18next('no.such.key'));
    },
  );
});
