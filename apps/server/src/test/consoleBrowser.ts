import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium } from '@playwright/test';
import { build } from 'vite';
import { buildServer, type ServerOptions } from '../app.js';
import { serverRoot } from '../config.js';
import type { Db } from '../db/types.js';
import type { Seed } from '../seed.js';

/** Debian's Chromium, or the one CHROMIUM_PATH names: the console's browser tests skip without it. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * What the console's browser tests share: the console built into a folder of its own, a server
 * on a free port serving it with this seed, and Chromium. `stop` undoes all three.
 */
export async function startConsole(db: Db, seed: Seed, options: ServerOptions = {}) {
  const dist = mkdtempSync(join(tmpdir(), 'parley-console-'));
  await build({
    configFile: join(serverRoot, 'console/vite.config.ts'),
    build: { outDir: dist, emptyOutDir: true, sourcemap: false },
    logLevel: 'silent',
  });
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
      rmSync(dist, { recursive: true, force: true });
    },
  };
}
