import type { Language } from '@parley/languages';
import type { Translate } from './useT.js';

type Pack = Record<string, unknown>;
type PackLoader = () => Promise<{ default: Pack }>;

// One chunk per language: only the visitor's language is downloaded.
const packLoaders = import.meta.glob<{ default: Pack }>('../locales/*.json') as Record<string, PackLoader>;

export function packLoaderFor(language: Language): PackLoader | undefined {
  return packLoaders[`../locales/${language}.json`];
}

/**
 * The `t` before the runtime and a pack have arrived: it returns the key itself (spec section 8).
 * Screens that must not show a key to a visitor compare the answer with the key.
 */
export const keysOnly = ((key: string | string[]) => (Array.isArray(key) ? key[0] : key)) as Translate;

type TranslateOptions = Record<string, unknown> & { count?: number; defaultValue?: string };

function lookup(pack: Pack, key: string): unknown {
  let node: unknown = pack;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Pack)[part];
  }
  return node;
}

/**
 * The first screen's `t`, straight from a language pack, so the first screen shows before the
 * i18next runtime (15 KB) downloads: nested keys, `{{value}}` interpolation, and plural forms as
 * i18next picks them (`key_zero` for a count of 0 where the pack has it, else the form
 * `Intl.PluralRules` names, else the bare key). That is all of i18next's format the packs use;
 * `i18n.test.ts` checks every key of every pack against i18next, so a pack that starts using more
 * fails there. Once the runtime has arrived the page uses i18next's own `t`.
 *
 * @example
 * packTranslator({ queue: { position_one: 'You are {{count}}st' } }, 'en')('queue.position', { count: 1 })
 */
export function packTranslator(pack: Pack, tag: string): Translate {
  const rules = new Intl.PluralRules(tag);
  const resolve = (key: string, options: TranslateOptions): string | undefined => {
    const { count } = options;
    const candidates =
      typeof count === 'number'
        ? [...(count === 0 ? [`${key}_zero`] : []), `${key}_${rules.select(count)}`, key]
        : [key];
    for (const candidate of candidates) {
      const found = lookup(pack, candidate);
      if (typeof found === 'string') return found;
    }
    return undefined;
  };
  const translate = (key: string | string[], options: TranslateOptions = {}) => {
    for (const each of Array.isArray(key) ? key : [key]) {
      const found = resolve(each, options);
      if (found !== undefined)
        return found.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (placeholder, name: string) =>
          name in options ? String(options[name]) : placeholder,
        );
    }
    return options.defaultValue ?? (Array.isArray(key) ? key[0] : key);
  };
  return translate as unknown as Translate;
}
