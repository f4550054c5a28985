import type { Queryable } from '../db/types.js';

// The text search configurations by language, from migration 015's `search_configs` table: the
// product languages PostgreSQL has a stemmer for, only those this server has. One source for the
// messages' index (its trigger), the inbox's search and the robot's knowledge.

const cache = new WeakMap<Queryable, Promise<Map<string, string>>>();

/** The table, read once per database: language (a primary subtag such as `en`) to configuration. */
function configs(db: Queryable): Promise<Map<string, string>> {
  let loaded = cache.get(db);
  if (!loaded) {
    loaded = db
      .query<{ language: string; config: string }>(
        'select language, config::text as config from search_configs',
      )
      .then((rows) => new Map(rows.map((row) => [row.language, row.config])));
    loaded.catch(() => cache.delete(db));
    cache.set(db, loaded);
  }
  return loaded;
}

/**
 * The configuration to index and search a language with (a product code or a BCP 47 tag): its
 * stemmer where this server has one, else `simple` (words as written, lower-cased).
 *
 * @example
 * await searchConfig(db, 'de-AT') // 'german'
 * await searchConfig(db, 'pl') // 'simple'
 */
export async function searchConfig(db: Queryable, language: string | null | undefined): Promise<string> {
  const primary = language?.split('-')[0]?.toLowerCase();
  return (primary && (await configs(db)).get(primary)) || 'simple';
}

/** Every stemming configuration in use, each once: the ones a search tries besides `simple`. */
export async function stemmingConfigs(db: Queryable): Promise<string[]> {
  return [...new Set((await configs(db)).values())].sort();
}
