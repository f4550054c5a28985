import type { TFunction } from 'i18next';
import { createContext, type ReactNode, useContext } from 'react';

/** Translates a key of the app's catalogue (locales/en.json) with its values. */
export type Translate = TFunction;

const TranslateContext = createContext<Translate | null>(null);

/**
 * Gives the screens below the active language's `t`. The value changes when the language does,
 * so everything that shows text re-renders then, and nothing else makes it.
 */
export function TranslateProvider({ t, children }: { t: Translate; children: ReactNode }) {
  return <TranslateContext.Provider value={t}>{children}</TranslateContext.Provider>;
}

/** The active language's `t`. */
export function useT(): Translate {
  const t = useContext(TranslateContext);
  if (!t) throw new Error('useT needs a TranslateProvider above it');
  return t;
}
