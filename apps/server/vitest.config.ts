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
    // PGlite needs a few seconds to open; child-process tests need more. On two shared cores
    // beside the other suites, a database or a browser page can take far longer.
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // A poll waits for what a browser or a server shows "soon": a second is too short on a
    // loaded machine (a tab's render after a click took longer there); a real failure still fails.
    expect: { poll: { timeout: 10_000 } },
  },
});
