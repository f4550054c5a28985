import '../../config/node20.ts';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { sourceConditions, sourceServerConditions } from '../../config/vite-source.ts';
import { chromiumBrowser } from '../../config/vitest-browser.ts';

/**
 * The console's tests: its plain modules (string packs, alert texts, canned variables, the visitor
 * panel's formats) in Node; its components in real headless Chromium against agent-core's fake
 * agent server (`@parley/agent-core/testing`). The few tests that need the real server live in the
 * server's suite and drive this app's build.
 */
export default defineConfig({
  plugins: [react()],
  resolve: { conditions: sourceConditions },
  test: {
    // A poll waits for what the screen shows "soon"; a second is too short on two shared cores.
    expect: { poll: { timeout: 10_000 } },
    projects: [
      {
        extends: true,
        ssr: { resolve: { conditions: sourceServerConditions } },
        test: { name: 'console-unit', environment: 'node', include: ['src/**/*.test.ts'] },
      },
      {
        extends: true,
        optimizeDeps: {
          include: [
            '@floating-ui/react',
            '@tanstack/react-virtual',
            'class-variance-authority',
            'react',
            'react-dom',
            'react-dom/client',
            'react/jsx-dev-runtime',
            'vitest-browser-react',
          ],
        },
        test: { name: 'console', include: ['src/**/*.test.tsx'], browser: chromiumBrowser() },
      },
    ],
  },
});
