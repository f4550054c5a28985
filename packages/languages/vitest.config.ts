import '../../config/node20.ts';
import { defineConfig } from 'vitest/config';
import { sourceServerConditions } from '../../config/vite-source.ts';

export default defineConfig({
  // The kit's locale files resolve to chat-ui's source: no build needed.
  ssr: { resolve: { conditions: sourceServerConditions } },
  test: {
    name: 'languages',
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
