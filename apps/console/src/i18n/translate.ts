import type english from '../locales/en.json';

/** A string pack as stored: groups of strings (`{ "login": { "submit": "Log in" } }`). */
export type Pack = { [key: string]: string | Pack };

/** The dotted keys of a pack's strings (`login.submit`). */
type Keys<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Keys<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** Every key of the English pack: a `t` call with any other key does not compile. */
export type MessageKey = Keys<typeof english>;

/** Values for a string's `{{name}}` placeholders. */
export type Params = Record<string, string | number>;

export type Translate = (key: MessageKey, params?: Params) => string;

/** A pack as dotted keys and their strings. */
export function flatten(pack: Pack, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(pack)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out[path] = value;
    else Object.assign(out, flatten(value, path));
  }
  return out;
}

/** Placeholders in a string, as written (`{{name}}`). */
export const PLACEHOLDER = /\{\{(\w+)\}\}/g;

/**
 * A `t` over a pack: each key's string with its `{{name}}` placeholders filled. A key the pack
 * lacks falls back to English; a placeholder without a value stays as written.
 */
export function createTranslate(pack: Pack, fallback: Pack): Translate {
  const strings = { ...flatten(fallback), ...flatten(pack) };
  return (key, params) => {
    const text = strings[key] ?? key;
    if (!params) return text;
    return text.replace(PLACEHOLDER, (match, name: string) =>
      Object.hasOwn(params, name) ? String(params[name]) : match,
    );
  };
}
