import { existsSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Seed } from './seed.js';
import { chromiumPath, startConsole } from './test/consoleBrowser.js';
import { axeViolations } from './test/consolePage.js';
import { testDatabases } from './test/databases.js';
import { Harness } from './test/harness.js';

// The console's reports view in Chromium: open it, change the range, read a chart's table view,
// and the CSV link gives the same numbers.

const seed: Seed = {
  channels: [{ id: 'shop', tenantId: 't', info: { receiveMode: 3 } }],
  agents: [
    {
      id: 'sam',
      username: 'sam',
      password: 'pw-sam',
      nick: 'Sam',
      capacity: 10,
      channels: ['shop'],
      online: true,
    },
    {
      id: 'lea',
      username: 'lea',
      password: 'pw-lea',
      nick: 'Lea',
      capacity: 0,
      channels: ['shop'],
      online: false,
    },
  ],
};

describe.runIf(existsSync(chromiumPath))('the console reports', () => {
  let stop: () => Promise<void>;
  let base: string;
  let browser: Browser;
  /** The server's clock: fixed while the history is made, then the real one (for logins). */
  let fixed: number | undefined;

  beforeAll(async () => {
    const [pglite] = testDatabases();
    const started = await startConsole(await (pglite?.open() ?? Promise.reject()), seed, {
      clock: () => fixed ?? Date.now(),
    });
    ({ base, browser } = started);
    stop = started.stop;
    const server = new Harness(started.app);
    const chatAt = async (iso: string) => {
      fixed = Date.parse(iso);
      const visitor = await server.start('shop');
      await server.visitor('transferAgent', { userId: visitor.userId });
    };
    await chatAt('2026-01-10T09:00:00Z');
    await chatAt('2026-01-10T10:00:00Z');
    await chatAt('2026-01-10T15:00:00Z');
    await chatAt('2026-01-12T11:00:00Z');
    fixed = undefined;
  }, 120_000);
  afterAll(() => stop?.());

  /** The rows of a table view: the first cell and the conversations. */
  const tableRows = (page: Page, name: string) =>
    page
      .getByRole('table', { name })
      .locator('tbody tr')
      .evaluateAll((rows) =>
        rows.map((row) => {
          const cells = (row as unknown as { children: { textContent: string | null }[] }).children;
          return [cells[0]?.textContent ?? '', cells[1]?.textContent ?? ''];
        }),
      );

  it('given a range, should show conversations by day in the table view, and the same numbers in the CSV', async () => {
    const context = await browser.newContext({ timezoneId: 'UTC', locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(`${base}/agent/`);
    await page.getByLabel('Username').fill('lea');
    await page.getByLabel('Password').fill('pw-lea');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('button', { name: 'Reports' }).click();
    await page.getByRole('heading', { name: /^Reports/ }).waitFor();

    await page.getByLabel('From', { exact: true }).fill('2026-01-10');
    await page.getByLabel('To', { exact: true }).fill('2026-01-12');
    await page.getByRole('button', { name: 'Show as table' }).first().click();
    await expect
      .poll(() => tableRows(page, 'Conversations by day'))
      .toEqual([
        ['2026-01-10', '3'],
        ['2026-01-11', '0'],
        ['2026-01-12', '1'],
      ]);
    const totals = page.locator('.console-reports__totals div').first();
    expect(await totals.textContent()).toBe('Conversations4');

    const csvPath = await page.getByRole('link', { name: 'Download as CSV' }).getAttribute('href');
    const csv = await page.evaluate(async (path) => (await fetch(path as string)).text(), csvPath);
    const header = csv.split('\r\n')[0]?.split(',') ?? [];
    const at = header.indexOf('conversations');
    const csvDays = csv
      .split('\r\n')
      .map((line) => line.split(','))
      .filter((cells) => cells[0] === 'day')
      .map((cells) => [cells[1], cells[at]]);
    expect(csvDays).toEqual(await tableRows(page, 'Conversations by day'));

    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Show as chart' }).first().click();
    await page.getByRole('img', { name: 'Conversations by day' }).locator('svg').waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Show as table' }).first().click();
    await page.getByLabel('To', { exact: true }).fill('2026-01-10');
    await expect.poll(() => tableRows(page, 'Conversations by day')).toEqual([['2026-01-10', '3']]);
    await context.close();
  }, 60_000);
});
