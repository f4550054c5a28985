import { defaultClientConditions, defaultServerConditions } from 'vite';

/**
 * Inside the repository, workspace packages resolve to their TypeScript source through the
 * `@parley/source` export condition, so tests and the dev server need no prior build.
 * Published consumers never see the condition and get dist/.
 */
export const sourceConditions = ['@parley/source', ...defaultClientConditions];

/** The same for code that runs in Node (vitest's node environment, server-side rendering). */
export const sourceServerConditions = ['@parley/source', ...defaultServerConditions];
