import type { ReactNode } from 'react';
import { createI18n } from '../i18n/i18next.js';
import { TranslateProvider } from '../i18n/useT.js';
import en from '../locales/en.json' with { type: 'json' };

/** The English catalogue's `t`, so tests read the texts a visitor sees. */
export function englishT() {
  const i18n = createI18n();
  i18n.addResourceBundle('en', 'translation', en, true, true);
  return i18n.t.bind(i18n);
}

/** Wraps a screen in the English strings. */
export function WithStrings({ children }: { children: ReactNode }) {
  return <TranslateProvider t={englishT()}>{children}</TranslateProvider>;
}
