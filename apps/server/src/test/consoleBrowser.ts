import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { type Browser, chromium } from '@playwright/test';
import { build } from 'vite';
import { inject } from 'vitest';
import { buildServer, type ServerOptions } from '../app.js';
import { serverRoot } from '../config.js';
import type { Db } from '../db/types.js';
import type { Seed } from '../seed.js';

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
        configFile: join(serverRoot, 'console/vite.config.ts'),
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

/** Debian's Chromium, or the one CHROMIUM_PATH names: the console's browser tests skip without it. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * What the console's browser tests share: the console built once for the run, a server on a free
 * port serving it with this seed, and Chromium. `stop` undoes the last two.
 */
export async function startConsole(db: Db, seed: Seed, options: ServerOptions = {}) {
  const dist = await consoleBuild();
  const app = await buildServer({ db, seed, consoleDist: dist, ...options });
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
