import english from '../locales/en.json';
import type { Language } from './languages.js';
import type { Pack } from './translate.js';

export { english };

// One chunk per language, downloaded when chosen; English is in the console's own bundle.
const loaders = import.meta.glob<Pack>(['../locales/*.json', '!../locales/en.json'], { import: 'default' });

/** A language's strings: English at once, any other language downloaded (once, then cached). */
export async function loadPack(language: Language): Promise<Pack> {
  if (language === 'en') return english;
  const load = loaders[`../locales/${language}.json`];
  if (!load) throw new Error(`no string pack for ${language}`);
  return load();
}
