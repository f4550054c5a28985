import '../config/node20.ts';
import { defineConfig } from 'vitest/config';

/** Checks of the repository's own rules (the import layers in biome.json), in Node. */
export default defineConfig({
  test: {
    name: 'repository',
    root: import.meta.dirname,
    environment: 'node',
    include: ['*.test.ts'],
    testTimeout: 30_000,
  },
});
