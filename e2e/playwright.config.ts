import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { requireService } from '../config/services.mjs';
import { chromiumArgs, chromiumEnv, chromiumPath } from '../config/vitest-browser.ts';
import { e2eBase } from './base.ts';
import { SHOP } from './shop.ts';

requireService('chromium', 'the end-to-end tests');

// Ports: the stand-in model and the server each listen on port 0 (unless E2E_MODEL_PORT or
// E2E_PORT name one), so the system gives each a free port that stays theirs: no port is checked
// free here and bound later, when another process may have taken it. Each prints the address it
// got; the `wait` patterns below read it into E2E_MODEL_PORT and E2E_PORT (Playwright stores a
// named group in process.env). The web servers start in order, so the server's command reads the
// model's port, and the test workers, started after both, load this file again and find E2E_PORT.
// This process loaded it before, so the global setup reads the address from e2eBase().

// Every run starts from the demo seed alone: nothing left by an earlier run.
const dataDir = mkdtempSync(join(tmpdir(), 'parley-e2e-'));

/** End-to-end tests: Debian's Chromium against the built visitor app served by the reference server. */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.e2e.ts',
  // The demo team logs in before the tests (nobody is online until they do).
  globalSetup: './team.setup.ts',
  fullyParallel: false,
  workers: 1,
  // On CI's two shared cores (beside the server's suite) a test that missed a timer once gets one
  // more try; the list reporter names it as flaky, so it is seen, not hidden.
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  timeout: 30_000,
  // Agent events reach the page on its next poll (every 2 s with an agent): leave room on a busy machine.
  expect: { timeout: 10_000 },
  use: {
    // Unset only where it is never used: in the runner's own process, before the servers start.
    baseURL: process.env.E2E_PORT ? e2eBase() : undefined,
    browserName: 'chromium',
    launchOptions: {
      executablePath: chromiumPath,
      // A fake microphone (a beep) for the voice message test; the permission is granted per test.
      args: [...chromiumArgs, '--use-fake-device-for-media-stream'],
      env: chromiumEnv,
    },
    trace: 'off',
  },
  webServer: [
    {
      // A stand-in language model (e2e/model.mjs) for the demo channel's robot: robot-llm.e2e.ts.
      command: 'node e2e/model.mjs',
      cwd: '..',
      wait: { stdout: /e2e model listening on http:\/\/127\.0\.0\.1:(?<e2e_model_port>\d+)/ },
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // The shell fills in the model's port, known once the model has started (not when this loads).
      command: 'PARLEY_LLM_URL="http://127.0.0.1:$E2E_MODEL_PORT/v1" node apps/server/dist/main.js',
      cwd: '..',
      wait: { stdout: /Parley is listening on http:\/\/127\.0\.0\.1:(?<e2e_port>\d+)/ },
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: process.env.E2E_PORT ?? '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        DATA_DIR: dataDir,
        // The demo seed the tests drive (its agents log in with the demo passwords).
        PARLEY_DEMO: '1',
        // The shop page of the embedding tests (e2e/embed.e2e.ts) may frame the chat and hear from it.
        // Only a name: the tests answer its requests themselves (e2e/shop.ts), nothing listens there.
        FRAME_ANCESTORS: SHOP,
        // The agents are driven through the API, not a polling console: their sessions stay alive
        // for the run (the console's own presence is tested in the server's suite).
        PRESENCE_TIMEOUT_S: '86400',
        // The suite starts many chats a minute from one address, and mails and leaves messages from it.
        RATE_LIMIT_CHAT_START: '10000',
        TRANSCRIPTS_PER_ADDRESS_DAY: '10000',
        LEFT_MESSAGES_PER_ADDRESS_HOUR: '10000',
        // The demo channel's robot answers with the stand-in model (its address is in the command;
        // the robot channel keeps its keywords).
        PARLEY_LLM_MODEL: 'e2e',
        PARLEY_LLM_CHANNELS: 'demo',
      },
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
