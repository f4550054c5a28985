import type { Page } from '@playwright/test';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Seed } from './seed.js';
import { consoleSuite } from './test/consoleBrowser.js';
import { axeViolations, SOON } from './test/consolePage.js';
import { testDatabases } from './test/databases.js';
import { needs } from './test/services.js';

// The administrators' area of the console in Chromium: an agent added, a channel changed, both in
// effect at once; hidden from agents who are not administrators.

const seed: Seed = {
  channels: [
    {
      id: 'shop',
      tenantId: 't',
      info: {
        titleDesc: 'Shop',
        receiveMode: 3,
        groupConfig: [
          { groupId: 'sales', groupName: 'Sales' },
          { groupId: 'returns', groupName: 'Returns' },
        ],
      },
    },
  ],
  agents: [
    {
      id: 'a1',
      username: 'ivy',
      password: 'pw-ivy-secret',
      nick: 'Ivy',
      capacity: 3,
      channels: ['shop'],
      online: true,
      role: 'admin',
    },
    { id: 'a2', username: 'max', password: 'pw-max-secret', nick: 'Max', capacity: 1, channels: ['shop'] },
  ],
};

const [database] = testDatabases();

describe.runIf(needs('chromium'))('the administration in Chromium', () => {
  const suite = consoleSuite(database, seed);

  let page: Page;

  const logIn = async (into: Page, username: string, password: string, nick: string) => {
    await into.goto(`${suite.base}/agent/`);
    await into.getByLabel('Username').fill(username);
    await into.getByLabel('Password').fill(password);
    await into.getByRole('button', { name: 'Log in' }).click();
    await into
      .getByText(`${nick}: Online`)
      .or(into.getByText(`${nick}: Offline`))
      .waitFor();
  };
  const post = async (path: string, body: object) => {
    const response = await fetch(`${suite.base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return (await response.json()) as { code: number; data: Record<string, unknown> };
  };
  const admin = () => page.getByRole('region', { name: 'Administration' });

  beforeAll(async () => {
    page = await suite.browser.newPage({ locale: 'en-US' });
    await logIn(page, 'ivy', 'pw-ivy-secret', 'Ivy');
  });

  it('should add an agent with a made-up password shown once, who can then log in', async () => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    await page.getByRole('link', { name: 'Administration' }).click();
    const agents = admin().getByRole('table', { name: 'Agents' });
    await agents.getByRole('row', { name: /Max/ }).waitFor();

    await admin().getByRole('button', { name: 'Add an agent' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add an agent' });
    // Saved empty, it says what is missing, by field.
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Choose a username without spaces.').waitFor();
    await dialog.getByLabel('Username').fill('noah');
    await dialog.getByLabel('Display name').fill('Noah');
    await dialog.getByRole('checkbox', { name: /shop/ }).check();
    await dialog.getByRole('checkbox', { name: 'Returns' }).check();
    await dialog.getByLabel('Chats at once').fill('2');
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      expect(await axeViolations(page), `agent dialog, ${scheme}`).toEqual([]);
    }
    await dialog.getByLabel('Display name').press('Enter');

    const shown = page.getByRole('dialog', { name: 'Password of Noah' });
    const password = (await shown.locator('code').textContent()) ?? '';
    expect(password).toMatch(/^[\w-]{16}$/);
    await shown.getByRole('button', { name: 'Close', exact: true }).last().click();
    await shown.waitFor({ state: 'detached' });
    const row = agents.getByRole('row', { name: /Noah/ });
    await expect.poll(() => row.textContent(), SOON).toContain('Returns');
    expect(await row.textContent()).toContain('Offline');

    const login = await post('/api/agent/login', { username: 'noah', password });
    expect(login.code).toBe(200);
    expect(login.data.agent).toMatchObject({
      nick: 'Noah',
      capacity: 2,
      channels: ['shop'],
      groups: ['returns'],
    });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      expect(await axeViolations(page), `agents, ${scheme}`).toEqual([]);
    }
    expect(errors).toEqual([]);
  }, 90_000);

  it("should change a channel's title, in the visitor's channelInfo at once, and record who did", async () => {
    const before = await post('/api/chat/visitor/channelInfo', { id: 'shop' });
    expect(before.data.titleDesc).toBe('Shop');
    await admin().getByRole('button', { name: 'Channels' }).click();
    await admin().getByRole('button', { name: 'Edit shop' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit channel shop' });
    await dialog.getByLabel('Title').fill('Shop help');
    await dialog.getByRole('radio', { name: 'The robot' }).check();
    await dialog.getByRole('checkbox', { name: 'Open only in working hours' }).check();
    await dialog.getByRole('button', { name: 'Add opening hours' }).click();
    await dialog.getByRole('group', { name: 'Opening hours 1' }).waitFor();
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      expect(await axeViolations(page), `channel dialog, ${scheme}`).toEqual([]);
    }
    await dialog.getByRole('checkbox', { name: 'Open only in working hours' }).uncheck();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await admin()
      .getByRole('row', { name: /Shop help/ })
      .waitFor();

    const after = await post('/api/chat/visitor/channelInfo', { id: 'shop' });
    expect(after.data).toMatchObject({ titleDesc: 'Shop help', receiveMode: 0 });

    await admin().getByRole('button', { name: 'Changes' }).click();
    const latest = admin().getByRole('table', { name: 'Changes' }).getByRole('row').nth(1);
    await expect.poll(() => latest.textContent(), SOON).toContain('Channel changed: shop');
    expect(await latest.textContent()).toContain('Ivy');
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      expect(await axeViolations(page), `changes, ${scheme}`).toEqual([]);
    }
  }, 90_000);

  it('should not offer the administration to an agent who is not an administrator', async () => {
    const context = await suite.browser.newContext({ locale: 'en-US' });
    const other = await context.newPage();
    await logIn(other, 'max', 'pw-max-secret', 'Max');
    await other.getByRole('link', { name: 'Mentions' }).waitFor();
    expect(await other.getByRole('link', { name: 'Administration' }).count()).toBe(0);
    expect(await other.getByRole('link', { name: 'Reports' }).count()).toBe(0);
    await context.close();
  }, 60_000);
});
