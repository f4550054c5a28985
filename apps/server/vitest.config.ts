import '../../config/node20.ts';
import { defineConfig } from 'vitest/config';
import { sourceServerConditions } from '../../config/vite-source.ts';

export default defineConfig({
  // Workspace packages (the contract) resolve to their TypeScript source: no build needed.
  ssr: { resolve: { conditions: sourceServerConditions } },
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/postgres.setup.ts', 'src/test/consoleBuild.setup.ts'],
    // PGlite needs a few seconds to open; child-process tests need more.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
