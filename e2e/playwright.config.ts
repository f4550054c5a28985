import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumEnv, chromiumPath } from '../config/vitest-browser.ts';

const port = Number(process.env.E2E_PORT ?? 3100);

/** End-to-end tests: Debian's Chromium against the built visitor app served by the reference server. */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.e2e.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs, env: chromiumEnv },
    trace: 'off',
  },
  webServer: {
    command: 'node apps/server/dist/main.js',
    cwd: '..',
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: { PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
