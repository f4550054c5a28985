import '../../config/node20.ts';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { sourceConditions } from '../../config/vite-source.ts';
import { chromiumBrowser } from '../../config/vitest-browser.ts';

/** The visitor app's component and loader tests, in real headless Chromium. */
export default defineConfig({
  plugins: [react()],
  resolve: { conditions: sourceConditions },
  // Pre-bundled up front: discovering them mid-run makes Vite reload the test frames.
  optimizeDeps: {
    include: [
      '@floating-ui/react',
      '@tanstack/react-virtual',
      'class-variance-authority',
      'embla-carousel-react',
      'i18next',
      'jotai',
      'jotai/utils',
      'react',
      'react-dom',
      'react-dom/client',
      'react-markdown',
      'rehype-sanitize',
      'remend',
      'mdast-util-from-markdown',
      'mdast-util-gfm-strikethrough',
      'mdast-util-gfm-table',
      'mdast-util-gfm-task-list-item',
      'micromark-extension-gfm-strikethrough',
      'micromark-extension-gfm-table',
      'micromark-extension-gfm-task-list-item',
      'react/jsx-dev-runtime',
      'vitest-browser-react',
    ],
  },
  test: {
    name: 'visitor',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    browser: chromiumBrowser(),
  },
});
