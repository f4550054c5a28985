import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { type Browser, chromium, type Page } from '@playwright/test';
import { build } from 'vite';
import { afterAll, beforeAll, inject } from 'vitest';
import { chromiumPath } from '../../../../config/chromium.mjs';
import { buildServer, type ServerOptions } from '../app.js';
import { repoRoot } from '../config.js';
import type { Db } from '../db/types.js';
import type { Seed } from '../seed.js';
import type { Json } from './child.js';
import { logInHeld, visitorCall, visitorEvents } from './consolePage.js';
import { atTheirConsoles, TEST_MAIL_LIMITS, TEST_PRESENCE_TIMEOUT_MS } from './harness.js';

/** How long a test file waits for another one's build of the console. */
const BUILD_WAIT_MS = 180_000;

/**
 * The console built once for the whole run, whichever test file asks first; the others (in other
 * workers) wait for it. A failed build fails every file that needed it, with the build's error.
 */
async function consoleBuild(): Promise<string> {
  const dir = inject('consoleBuildDir');
  const dist = join(dir, 'dist');
  const done = join(dir, 'done');
  const failed = join(dir, 'failed');
  let builder = false;
  try {
    mkdirSync(join(dir, 'claimed'));
    builder = true;
  } catch {
    // another file builds it
  }
  if (builder) {
    try {
      await build({
        configFile: join(repoRoot, 'apps/console/vite.config.ts'),
        build: { outDir: dist, emptyOutDir: true, sourcemap: false },
        logLevel: 'silent',
      });
      writeFileSync(done, '');
    } catch (error) {
      writeFileSync(failed, String((error as Error)?.stack ?? error));
      throw error;
    }
    return dist;
  }
  for (const deadline = Date.now() + BUILD_WAIT_MS; Date.now() < deadline; await sleep(100)) {
    if (existsSync(done)) return dist;
    if (existsSync(failed)) throw new Error(`the console build failed:\n${readFileSync(failed, 'utf8')}`);
  }
  throw new Error(`the console build took longer than ${BUILD_WAIT_MS / 1000} s`);
}

/**
 * What the console's browser tests share: the console built once for the run, a server on a free
 * port serving it with this seed, and Chromium. `stop` undoes the last two.
 */
export async function startConsole(
  db: Db,
  seed: Seed,
  options: ServerOptions = {},
  /** `atConsoles: false`: nobody is logged in at start (the presence tests). */
  fixture: { atConsoles?: boolean } = {},
) {
  const dist = await consoleBuild();
  const app = await buildServer({
    db,
    seed,
    consoleDist: dist,
    presenceTimeoutMs: TEST_PRESENCE_TIMEOUT_MS,
    ...options,
    mailLimits: { ...TEST_MAIL_LIMITS, ...options.mailLimits },
  });
  if (fixture.atConsoles !== false) await atTheirConsoles(app, seed);
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const browser: Browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  return {
    app,
    base,
    browser,
    async stop() {
      await browser.close();
      await app.close();
      await app.db.close();
    },
  };
}

/** A console started by {@link startConsole}. */
export type StartedConsole = Awaited<ReturnType<typeof startConsole>>;

/**
 * The console on a fresh database with `seed` for the tests of the calling `describe` block:
 * started before them (the build may take a while) and stopped after. Its members read the running
 * console when used, so tests and later hooks can reach them; calls that need the server's address
 * are bound to it. `options` may be a function, read when the console starts, for what an earlier
 * hook makes (an SMTP server's address).
 *
 * @example
 * describe('the console in Chromium', () => {
 *   const suite = consoleSuite(database, seed);
 *   it('...', async () => {
 *     const page = await suite.browser.newPage({ locale: 'en-US' });
 *     await logIn(page, suite.base, 'dana');
 *     await suite.visitor('chatStart', { channelId: 'desk' });
 *   });
 * });
 */
export function consoleSuite(
  database: { open(): Promise<Db> } | undefined,
  seed: Seed,
  options: ServerOptions | (() => ServerOptions) = {},
  fixture: { atConsoles?: boolean } = {},
) {
  let started: StartedConsole | undefined;
  beforeAll(async () => {
    if (!database) throw new Error('no database');
    started = await startConsole(
      await database.open(),
      seed,
      typeof options === 'function' ? options() : options,
      fixture,
    );
  }, 120_000);
  afterAll(() => started?.stop());
  const running = () => {
    if (!started) throw new Error('the console starts before the tests (beforeAll)');
    return started;
  };
  return {
    get app() {
      return running().app;
    },
    /** The server's address, e.g. `http://127.0.0.1:41234`. */
    get base() {
      return running().base;
    },
    get browser() {
      return running().browser;
    },
    /** A visitor API call to this server: the answer's data. */
    visitor: (call: string, body: object) => visitorCall(running().base, call, body),
    /** Logs an agent into this server's console and waits for its first held poll. */
    logInHeld: (page: Page, username: string, password: string, nick: string) =>
      logInHeld(page, running().base, username, password, nick),
    /** The visitor's chat events from the start, from this server. */
    visitorEvents: (chat: Json) => visitorEvents(running().base, chat),
  };
}
