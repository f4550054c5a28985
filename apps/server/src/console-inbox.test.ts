import type { Page } from '@playwright/test';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Seed } from './seed.js';
import type { Json } from './test/child.js';
import { consoleSuite } from './test/consoleBrowser.js';
import { axeViolations, isFocused, logIn, pickFilter, SOON } from './test/consolePage.js';
import { testDatabases } from './test/databases.js';
import { needs } from './test/services.js';

// The console's inbox in Chromium: a shift worked from the keyboard, search, notes and labels.

const seed: Seed = {
  channels: [
    {
      id: 'shop',
      tenantId: 't',
      info: { receiveMode: 3, faqConfig: [{ title: 'Returns', content: '30 days, free of charge.' }] },
    },
  ],
  agents: [
    {
      id: 'i1',
      username: 'ivy',
      password: 'pw-ivy',
      nick: 'Ivy',
      capacity: 3,
      channels: ['shop'],
      online: true,
      role: 'admin',
    },
  ],
};

const [database] = testDatabases();

describe.runIf(needs('chromium'))('the inbox in Chromium', () => {
  const suite = consoleSuite(database, seed);
  const { visitor } = suite;

  let page: Page;

  /** A visitor who asks for Ivy and writes `text`. */
  const chatWithIvy = async (name: string, text: string) => {
    const chat = await visitor('chatStart', { channelId: 'shop', userName: name });
    await visitor('transferAgent', { userId: chat.userId, adminId: 'i1' });
    await visitor('sendMsg', { userId: chat.userId, msgContent: text, clientMsgId: `${name}-1` });
    return chat;
  };
  const events = async (chat: Json) =>
    (await visitor('getEventMsg', { ...chat, cursor: '0' })).msgList as Array<{
      event_type: number;
      msgContent?: string;
    }>;
  const pane = () => page.getByRole('main');
  const rows = () => page.locator('.console-inbox-row');

  beforeAll(async () => {
    page = await suite.browser.newPage({ locale: 'en-US' });
    await logIn(page, suite.base, 'ivy');
    await page.getByText('Ivy: Online').waitFor();
    // A team reply with variables, as an admin keeps them.
    const added = await page.evaluate(async () => {
      const response = await fetch('/api/agent/canned', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          channelId: 'shop',
          team: true,
          title: 'Greeting',
          text: 'Hi {{visitor.name}}, {{agent.name}} here. Let me check.',
        }),
      });
      return response.status;
    });
    expect(added).toBe(200);
  });

  it('should work a shift from the keyboard: open, canned reply, label, note, resolve, next', async () => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    const rosa = await chatWithIvy('Rosa', 'I need a refund for order 77');
    const sam = await chatWithIvy('Sam', 'Do you ship to Norway?');
    await expect.poll(() => rows().count(), SOON).toBe(2);
    // Nothing open yet: the agent's home, with their open conversations and their day.
    const home = page.getByRole('region', { name: 'Your day' });
    await home.getByText('Your open conversations: 2').waitFor();
    await home.getByText('Chats you ended today: 0').waitFor();
    await page.locator('body').click({ position: { x: 1, y: 1 } });

    // j opens the first conversation of the list (the newest: Sam), j again the next (Rosa).
    await page.keyboard.press('j');
    await pane().getByText('Do you ship to Norway?', { exact: true }).waitFor();
    await page.keyboard.press('j');
    await pane().getByText('I need a refund for order 77', { exact: true }).waitFor();
    // Open on screen, Rosa's message is read: her page is told which one, to show "Seen".
    await expect
      .poll(async () => (await events(rosa)).find((one) => one.event_type === 1303), SOON)
      .toMatchObject({ clientMsgId: 'Rosa-1' });
    // The FAQ answer she opens on her page reaches the agent as a line saying so.
    await visitor('addSessionMsg', {
      userId: rosa.userId,
      senderType: 3,
      msgType: 'faq',
      msgContent: 'Returns\n30 days, free of charge.',
      clientMsgId: 'faq:Returns',
    });
    await pane().locator('[data-type="system"]').getByText('Rosa read the FAQ answer “Returns”').waitFor();

    // c: the reply box with the canned replies open; Enter puts the team's greeting, filled in.
    await page.keyboard.press('c');
    const reply = page.locator('.console-reply textarea');
    expect(await isFocused(reply)).toBe(true);
    await page.getByRole('option', { name: /Greeting/ }).waitFor();
    await page.keyboard.press('Enter');
    await expect.poll(() => reply.inputValue()).toBe('Hi Rosa, Ivy here. Let me check.');
    await page.keyboard.press('Enter');
    await pane().getByText('Hi Rosa, Ivy here. Let me check.', { exact: true }).waitFor();

    // l: the label field; Escape leaves it, so the next keys are shortcuts again.
    await page.keyboard.press('Escape');
    await page.locator('body').click({ position: { x: 1, y: 1 } });
    await page.keyboard.press('l');
    await page.keyboard.type('refund');
    await page.keyboard.press('Enter');
    await pane().getByRole('list', { name: 'Labels' }).getByText('refund').waitFor();

    // n: a private note, Ctrl+Enter adds it; the visitor never gets it.
    await page.locator('body').click({ position: { x: 1, y: 1 } });
    await page.keyboard.press('n');
    await expect.poll(() => isFocused(page.locator('#console-note'))).toBe(true);
    await page.keyboard.type('Refund approved by finance');
    await page.keyboard.press('Control+Enter');
    await pane().getByRole('note', { name: 'Private note by Ivy' }).waitFor();
    expect(JSON.stringify(await events(rosa))).not.toContain('finance');

    // e: resolved; the visitor's chat ends, and the conversation leaves the open list.
    await page.locator('body').click({ position: { x: 1, y: 1 } });
    await page.keyboard.press('e');
    await expect.poll(async () => (await events(rosa)).map((one) => one.event_type), SOON).toContain(1202);
    await expect.poll(() => rows().count(), SOON).toBe(1);
    await page.keyboard.press('j');
    await pane().getByText('Do you ship to Norway?', { exact: true }).waitFor();
    expect(JSON.stringify(await events(sam))).toContain('1200');
    expect(errors).toEqual([]);
  }, 90_000);

  it('should find the resolved conversation by a word of it, and filter the resolved list by its label', async () => {
    await page.locator('body').click({ position: { x: 1, y: 1 } });
    await page.keyboard.press('/');
    const search = page.getByRole('searchbox', { name: 'Search conversations' });
    expect(await isFocused(search)).toBe(true);
    await page.keyboard.type('refund');
    await page.keyboard.press('Enter');
    await page.getByText('1 found for “refund”.').waitFor();
    await rows().filter({ hasText: 'Rosa' }).getByRole('button').click();
    await pane().getByText('I need a refund for order 77', { exact: true }).waitFor();
    // Opened at the hit: what matched last (the note) is marked.
    await expect
      .poll(() => pane().locator('[data-hit]').textContent(), SOON)
      .toContain('Refund approved by finance');
    await pane().getByRole('note', { name: 'Private note by Ivy' }).waitFor();
    await page.getByRole('button', { name: 'Clear search' }).click();

    await pickFilter(page, 'Status', 'Resolved');
    await pickFilter(page, 'Label', /^refund \(\d+\)$/);
    await page.getByRole('button', { name: 'Label: refund' }).waitFor();
    await expect.poll(() => rows().count(), SOON).toBe(1);
    await rows().filter({ hasText: 'Rosa' }).waitFor();
    await pickFilter(page, 'Label', 'Any label');
    await pickFilter(page, 'Status', 'All but resolved');
    await page.getByRole('button', { name: 'Status: All but resolved' }).waitFor();
  }, 60_000);

  it('should list the shortcuts on ?, and pass axe on the inbox and a conversation, light and dark', async () => {
    await page.locator('body').click({ position: { x: 1, y: 1 } });
    await page.keyboard.press('?');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await dialog.getByText('Resolve the conversation').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await rows().first().getByRole('button').click();
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      expect(await axeViolations(page), `inbox, ${scheme}`).toEqual([]);
    }
  }, 60_000);
});
