import '../../config/node20.ts';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { sourceConditions } from '../../config/vite-source.ts';
import { chromiumBrowser } from '../../config/vitest-browser.ts';

/** The visitor app's component and loader tests, in real headless Chromium. */
export default defineConfig({
  plugins: [react()],
  resolve: { conditions: sourceConditions },
  test: {
    name: 'visitor',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    browser: chromiumBrowser(),
  },
});
