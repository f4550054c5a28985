import '../../config/node20.ts';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'chat-protocol',
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
