import { LocaleProvider } from '@parley/chat-ui/LocaleProvider';
import { toast } from '@parley/chat-ui/Toast';
import { kitLocaleOf, useKitLocale } from '@parley/languages/kit';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { readStored, storage } from '../storage.js';
import { setTitleName } from '../title.js';
import {
  CONSOLE_LANGUAGE_KEY,
  chooseLanguage,
  DEFAULT_LANGUAGE,
  directionOf,
  type Language,
  languageTag,
} from './languages.js';
import { english, loadPack } from './packs.js';
import { createTranslate, type Translate } from './translate.js';

export interface I18n {
  language: Language;
  t: Translate;
  /** The BCP 47 locale dates and numbers are written in (the kit's, so they match the chat's). */
  locale: string;
  /** A date and time (ms since the epoch) written the language's way. */
  formatDateTime: (time: number) => string;
  /** Switches to a language the agent picked, and remembers it in this browser. */
  choose: (language: Language) => void;
}

const englishT = createTranslate(english, english);

/** The language on screen and its `t`. */
type Shown = { language: Language; t: Translate };

function i18nOf(language: Language, t: Translate, choose: (language: Language) => void): I18n {
  // The kit's locale, so these dates use the same digits as the times the kit writes in the chat.
  const locale = kitLocaleOf(language);
  // Built on first use: a formatter loads its locale's data (about 60 ms here, several times that
  // on a phone), which the login, the first thing drawn, never needs.
  let format: Intl.DateTimeFormat | undefined;
  const formatDateTime = (time: number) => {
    format ??= new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    return format.format(time);
  };
  return { language, t, locale, formatDateTime, choose };
}

const I18nContext = createContext<I18n>(i18nOf(DEFAULT_LANGUAGE, englishT, () => {}));

function storedChoice(): string | null {
  return readStored(CONSOLE_LANGUAGE_KEY);
}

/**
 * The console's language: the agent's stored choice, else the browser's languages, else English.
 * Its pack downloads before anything is drawn (no flash of English); a pack that cannot download
 * leaves English on a first load, and the language on screen after a pick. `<html lang dir>`, the
 * title and the kit's widgets follow the language on screen.
 */
export function I18nProvider({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState<Shown | null>(null);
  const onScreen = useRef<Shown | null>(null);
  const latest = useRef(0);

  const show = useCallback(async (language: Language, remember: boolean) => {
    const ask = ++latest.current;
    try {
      const pack = await loadPack(language);
      if (ask !== latest.current) return;
      onScreen.current = { language, t: createTranslate(pack, english) };
      setShown(onScreen.current);
      if (remember) {
        try {
          storage()?.setItem(CONSOLE_LANGUAGE_KEY, language);
        } catch {
          // storage refused: the choice lasts until the page is closed
        }
      }
    } catch (error) {
      if (ask !== latest.current) return;
      console.warn('[parley] language pack not loaded', error);
      if (onScreen.current) {
        toast.error(onScreen.current.t('language.failed'));
      } else {
        onScreen.current = { language: DEFAULT_LANGUAGE, t: englishT };
        setShown(onScreen.current);
      }
    }
  }, []);

  useEffect(() => {
    void show(chooseLanguage(storedChoice(), navigator.languages ?? []), false);
  }, [show]);

  const language = shown?.language ?? DEFAULT_LANGUAGE;
  const t = shown?.t ?? englishT;
  useEffect(() => {
    if (!shown) return;
    document.documentElement.lang = languageTag(language);
    document.documentElement.dir = directionOf(language);
    setTitleName(t('app.title'));
  }, [shown, language, t]);

  const choose = useCallback((next: Language) => void show(next, true), [show]);
  const value = useMemo(() => i18nOf(language, t, choose), [language, t, choose]);
  // The kit's own strings follow the language; until its pack arrives the kit speaks English.
  const kit = useKitLocale(language);

  if (!shown) return null;
  return (
    <I18nContext.Provider value={value}>
      <LocaleProvider locale={kit.locale} messages={kit.messages} dir={directionOf(language)}>
        {children}
      </LocaleProvider>
    </I18nContext.Provider>
  );
}

/** The console's language, its `t`, its date format and the way to change it. */
export function useI18n(): I18n {
  return useContext(I18nContext);
}

/** The `t` of the language on screen. */
export function useT(): Translate {
  return useI18n().t;
}
