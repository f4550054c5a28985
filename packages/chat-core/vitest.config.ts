import '../../config/node20.ts';
import { defineConfig } from 'vitest/config';

export default defineConfig({
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
