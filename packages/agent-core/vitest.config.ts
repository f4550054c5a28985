import '../../config/node20.ts';
import { defineConfig } from 'vitest/config';
import { sourceServerConditions } from '../../config/vite-source.ts';

export default defineConfig({
  // Workspace packages (the contract) resolve to their TypeScript source: no build needed.
  ssr: { resolve: { conditions: sourceServerConditions } },
  test: {
    name: 'agent-core',
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
