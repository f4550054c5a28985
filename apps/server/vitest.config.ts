import '../../config/node20.ts';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/postgres.setup.ts'],
    // PGlite needs a few seconds to open; child-process tests need more.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
