import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from 'react';
import enUSFile from '../locales/en-US.json' with { type: 'json' };
import type { MessageKey, Messages, PluralKey } from '../locales/keys.js';

export type { MessageKey, Messages, PluralKey };

const enUS: Messages = enUSFile;

/** The locales the kit ships (spec section 9). en-US is the default and the fallback. */
export const kitLocales = ['en-US', 'zh-CN', 'fr-FR', 'ar-EG'] as const;
export type KitLocale = (typeof kitLocales)[number];
export type Direction = 'ltr' | 'rtl';

const RTL_LANGUAGES = new Set(['ar', 'fa', 'he', 'ur', 'ps', 'sd', 'ug', 'yi', 'dv', 'ku']);

/** The writing direction of a BCP 47 locale. */
export function directionOf(locale: string): Direction {
  const language = locale.split(/[-_]/)[0]?.toLowerCase() ?? '';
  return RTL_LANGUAGES.has(language) ? 'rtl' : 'ltr';
}

const loaders: Record<Exclude<KitLocale, 'en-US'>, () => Promise<{ default: Messages }>> = {
  'zh-CN': () => import('../locales/zh-CN.messages.js'),
  'fr-FR': () => import('../locales/fr-FR.messages.js'),
  'ar-EG': () => import('../locales/ar-EG.messages.js'),
};

export interface LocaleValue {
  locale: string;
  dir: Direction;
  /** Translates a key, replacing `{name}` placeholders with `values`. */
  t: (key: MessageKey, values?: Record<string, string | number>) => string;
  /** Picks the plural form for `count` with Intl.PluralRules, then translates it. */
  plural: (key: PluralKey, count: number, values?: Record<string, string | number>) => string;
}

function interpolate(template: string, values?: Record<string, string | number>): string {
  if (!values) return template;
  return template.replace(/\{(\w+)\}/g, (match, name: string) =>
    name in values ? String(values[name]) : match,
  );
}

function createLocaleValue(locale: string, messages: Partial<Messages>, dir: Direction): LocaleValue {
  const rules = new Intl.PluralRules(locale);
  const lookup = (key: string): string =>
    (messages as Record<string, string>)[key] ?? (enUS as Record<string, string>)[key] ?? key;
  return {
    locale,
    dir,
    t: (key, values) => interpolate(lookup(key), values),
    plural: (key, count, values) => {
      const form = `${key}.${rules.select(count)}`;
      const template = form in messages || form in enUS ? lookup(form) : lookup(`${key}.other`);
      return interpolate(template, { count, ...values });
    },
  };
}

const defaultValue = createLocaleValue('en-US', enUS, 'ltr');
const LocaleContext = createContext<LocaleValue>(defaultValue);

export interface LocaleProviderProps {
  /** A BCP 47 locale. The kit's own locales load lazily unless `messages` is given. Default en-US. */
  locale?: string;
  /** Messages to use instead of the kit's file: your own translation, or a preloaded kit locale. */
  messages?: Partial<Messages>;
  /** Writing direction; derived from the locale when absent. */
  dir?: Direction;
  children?: ReactNode;
}

/**
 * Gives every widget below it a locale, its strings and its direction. It renders no element:
 * set `dir` on your own container (widgets use logical properties and follow it).
 *
 * @example
 * import arEG from '@parley/chat-ui/locales/ar-EG.json';
 * <LocaleProvider locale="ar-EG" messages={arEG}>
 *   <div dir="rtl"><Bubble content="مرحبا" /></div>
 * </LocaleProvider>
 */
export function LocaleProvider({ locale = 'en-US', messages, dir, children }: LocaleProviderProps) {
  const [loaded, setLoaded] = useState<{ locale: string; messages: Messages } | null>(null);
  const kitLocale = locale in loaders ? (locale as keyof typeof loaders) : null;

  useEffect(() => {
    if (messages || !kitLocale) return;
    let current = true;
    loaders[kitLocale]().then(
      (module) => current && setLoaded({ locale: kitLocale, messages: module.default }),
      () => current && setLoaded(null),
    );
    return () => {
      current = false;
    };
  }, [kitLocale, messages]);

  const value = useMemo(() => {
    const resolved = messages ?? (loaded?.locale === locale ? loaded.messages : enUS);
    return createLocaleValue(locale, resolved, dir ?? directionOf(locale));
  }, [locale, messages, loaded, dir]);

  return <LocaleContext.Provider value={value}>{children}</LocaleContext.Provider>;
}

/** The nearest LocaleProvider's value; en-US and left-to-right without one. */
export function useLocale(): LocaleValue {
  return useContext(LocaleContext);
}
