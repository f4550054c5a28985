import '../../config/node20.ts';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { sourceConditions } from '../../config/vite-source.ts';
import { chromiumBrowser } from '../../config/vitest-browser.ts';

/** Component tests: every widget's behaviour, pointer and keyboard, in real headless Chromium. */
export default defineConfig({
  plugins: [react()],
  resolve: { conditions: sourceConditions },
  test: {
    name: 'chat-ui',
    include: ['src/**/*.test.tsx', 'src/**/*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
    browser: chromiumBrowser(),
  },
});
