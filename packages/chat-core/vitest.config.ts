import '../../config/node20.ts';
import { defineConfig } from 'vitest/config';
import { sourceServerConditions } from '../../config/vite-source.ts';

export default defineConfig({
  // Workspace packages (the contract) resolve to their TypeScript source: no build needed.
  ssr: { resolve: { conditions: sourceServerConditions } },
  test: {
    name: 'chat-core',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    coverage: {
      enabled: true,
      provider: 'v8',
      include: ['src/**/*.ts'],
      exclude: ['src/**/*.test.ts', 'src/test/**'],
      reporter: ['text-summary'],
      thresholds: { lines: 95 },
    },
  },
});
