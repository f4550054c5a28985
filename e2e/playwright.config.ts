import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumEnv, chromiumPath } from '../config/vitest-browser.ts';

const port = Number(process.env.E2E_PORT ?? 3100);
const modelPort = Number(process.env.E2E_MODEL_PORT ?? 3102);
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
    baseURL: `http://127.0.0.1:${port}`,
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
      url: `http://127.0.0.1:${modelPort}/v1/models`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { E2E_MODEL_PORT: String(modelPort) },
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: 'node apps/server/dist/main.js',
      cwd: '..',
      url: `http://127.0.0.1:${port}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        DATA_DIR: dataDir,
        // The demo seed the tests drive (its agents log in with the demo passwords).
        PARLEY_DEMO: '1',
        // The shop page of the embedding tests (e2e/embed.e2e.ts) may frame the chat and hear from it.
        FRAME_ANCESTORS: 'http://localhost:3999',
        // The agents are driven through the API, not a polling console: their sessions stay alive
        // for the run (the console's own presence is tested in the server's suite).
        PRESENCE_TIMEOUT_S: '86400',
        // The suite starts many chats a minute from one address, and mails and leaves messages from it.
        RATE_LIMIT_CHAT_START: '10000',
        TRANSCRIPTS_PER_ADDRESS_DAY: '10000',
        LEFT_MESSAGES_PER_ADDRESS_HOUR: '10000',
        // The demo channel's robot answers with the stand-in model (the robot channel keeps its keywords).
        PARLEY_LLM_URL: `http://127.0.0.1:${modelPort}/v1`,
        PARLEY_LLM_MODEL: 'e2e',
        PARLEY_LLM_CHANNELS: 'demo',
      },
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
