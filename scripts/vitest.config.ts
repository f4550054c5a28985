import '../config/node20.ts';
import { defineConfig } from 'vitest/config';
import { sourceServerConditions } from '../config/vite-source.ts';

/**
 * Checks of the repository's own rules, in Node: the import layers in biome.json and how
 * `npm test` counts and allows skipped tests (`npm run test:layers`), and the props tables of the
 * built Storybook (`npm run test:docs`).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'repository',
          root: import.meta.dirname,
          environment: 'node',
          include: ['layers.test.ts', 'test-counts.test.ts'],
          testTimeout: 30_000,
        },
      },
      {
        resolve: { conditions: sourceServerConditions },
        ssr: { resolve: { conditions: sourceServerConditions } },
        test: {
          name: 'storybook-docs',
          root: import.meta.dirname,
          environment: 'node',
          include: ['storybook-docs.test.ts'],
        },
      },
    ],
  },
});
