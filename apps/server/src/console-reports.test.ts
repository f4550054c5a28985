import type { Page } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Seed } from './seed.js';
import { consoleSuite } from './test/consoleBrowser.js';
import { axeViolations, logIn } from './test/consolePage.js';
import { testDatabases } from './test/databases.js';
import { Harness } from './test/harness.js';
import { Receiver } from './test/receiver.js';
import { needs } from './test/services.js';
import { addEndpoint } from './webhooks/endpoints.js';

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

describe.runIf(needs('chromium'))('the console reports', () => {
  /** The server's clock: fixed while the history is made, then the real one (for logins). */
  let fixed: number | undefined;
  const [pglite] = testDatabases();
  const suite = consoleSuite(pglite, seed, {
    clock: () => fixed ?? Date.now(),
    webhooks: { allowPrivate: true, intervalMs: 20 },
  });
  let receiver: Receiver;

  beforeAll(async () => {
    const server = new Harness(suite.app);
    receiver = await Receiver.start();
    await addEndpoint(suite.app.db, { url: receiver.url, events: ['conversation.created'] }, Date.now());
    // Lea is an administrator (a team lead): reports and webhooks are hers.
    await suite.app.db.query(`update agents set role = 'admin' where id = 'lea'`);
    const chatAt = async (iso: string, labels: string[] = []) => {
      fixed = Date.parse(iso);
      const visitor = await server.start('shop');
      await server.visitor('transferAgent', { userId: visitor.userId });
      if (labels.length > 0) {
        const lead = await server.login('lea', 'pw-lea');
        await lead.call('PUT', `/api/agent/chats/${visitor.sessionId}/labels`, { labels });
      }
    };
    await chatAt('2026-01-10T09:00:00Z', ['refund']);
    await chatAt('2026-01-10T10:00:00Z', ['refund', 'vip']);
    await chatAt('2026-01-10T15:00:00Z');
    await chatAt('2026-01-12T11:00:00Z', ['shipping']);
    fixed = undefined;
  });
  afterAll(() => receiver?.down());

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
    const context = await suite.browser.newContext({ timezoneId: 'UTC', locale: 'en-US' });
    const page = await context.newPage();
    await logIn(page, suite.base, 'lea');
    await page.getByRole('link', { name: 'Reports' }).click();
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

    // By label: a conversation counts under each of its labels, the same in the CSV.
    const byLabel = page
      .locator('.console-report')
      .filter({ has: page.getByRole('heading', { name: /^Conversations by label/ }) });
    await byLabel.getByRole('button', { name: 'Show as table' }).click();
    await expect
      .poll(() => tableRows(page, 'Conversations by label'))
      .toEqual([
        ['refund', '2'],
        ['shipping', '1'],
        ['vip', '1'],
      ]);
    const csvLabels = csv
      .split('\r\n')
      .map((line) => line.split(','))
      .filter((cells) => cells[0] === 'label')
      .map((cells) => [cells[1], cells[at]]);
    expect(csvLabels).toEqual(await tableRows(page, 'Conversations by label'));

    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Show as chart' }).first().click();
    await page.getByRole('img', { name: 'Conversations by day' }).locator('svg').waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Show as table' }).first().click();
    await page.getByLabel('To', { exact: true }).fill('2026-01-10');
    await expect.poll(() => tableRows(page, 'Conversations by day')).toEqual([['2026-01-10', '3']]);
    await context.close();
  }, 60_000);

  it('given an administrator and an endpoint turned off for failing, should say so, turn it on, and replay from the log', async () => {
    await vi.waitFor(() => expect(receiver.received).toHaveLength(4), { timeout: 10_000, interval: 20 });
    await suite.app.db.query(
      `update webhook_endpoints set disabled_at = $1, disabled_reason = '50 failed attempts in a row; last: HTTP 500'`,
      [Date.now()],
    );
    const context = await suite.browser.newContext({ timezoneId: 'UTC', locale: 'en-US' });
    const page = await context.newPage();
    await logIn(page, suite.base, 'lea');
    await page.getByRole('link', { name: 'Reports' }).click();
    await page.getByRole('heading', { name: 'Webhooks: events sent to your tools' }).waitFor();
    const notice = page.getByRole('status').filter({ hasText: 'was turned off after failing' });
    expect(await notice.textContent()).toContain(
      `${receiver.url} was turned off after failing: 50 failed attempts in a row; last: HTTP 500`,
    );
    await notice.getByRole('button', { name: 'Turn on again' }).click();
    await notice.waitFor({ state: 'detached' });
    const [endpoint] = await suite.app.db.query<{ disabled_at: string | null }>(
      'select disabled_at from webhook_endpoints',
    );
    expect(endpoint?.disabled_at).toBeNull();
    await page.getByRole('button', { name: 'Delivery log' }).click();
    const log = page.getByRole('table', { name: `Deliveries to ${receiver.url}` });
    await expect.poll(() => log.locator('tbody tr').count()).toBe(4);
    expect(await log.locator('tbody tr').first().textContent()).toContain('delivered');
    await log.getByRole('button', { name: 'Send again' }).first().click();
    await expect.poll(() => receiver.received.length).toBe(5);
    expect(receiver.payloads()[4]?.id).toBe(receiver.payloads()[3]?.id);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  }, 60_000);
});
