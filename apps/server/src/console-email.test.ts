import type { Page } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Seed } from './seed.js';
import { consoleSuite } from './test/consoleBrowser.js';
import { axeViolations, isFocused, logIn, SOON } from './test/consolePage.js';
import { testDatabases } from './test/databases.js';
import { needs } from './test/services.js';
import { startSmtp } from './test/smtp.js';

// The console's answer by email in Chromium: a left message opened from the inbox, answered in a
// dialog, the answer shown in the conversation, and the mail read at a real SMTP server.

const seed: Seed = {
  channels: [{ id: 'shop', tenantId: 't', info: { receiveMode: 3, titleDesc: 'Acme shop' } }],
  agents: [
    {
      id: 'n1',
      username: 'nia',
      password: 'pw-nia',
      nick: 'Nia',
      capacity: 3,
      channels: ['shop'],
      online: false,
    },
  ],
};

const [database] = testDatabases();

describe.runIf(needs('chromium'))('the answer by email in Chromium', () => {
  // The mail server takes mail before the console starts (its address is the console's option)
  // and until the console has stopped.
  let smtp: Awaited<ReturnType<typeof startSmtp>> | undefined;
  beforeAll(async () => {
    smtp = await startSmtp();
  });
  afterAll(() => smtp?.close());

  const suite = consoleSuite(database, seed, () => ({
    mail: { smtpUrl: smtp?.url, from: 'Acme <help@acme.example>', intervalMs: 20 },
  }));

  let page: Page;

  /** A visitor who leaves a message (nobody is online). */
  const leave = async (body: Record<string, string>) => {
    const chat = await suite.visitor('chatStart', { channelId: 'shop' });
    await suite.visitor('leaveMsg', { userId: chat.userId, channelId: 'shop', ...body });
  };
  /** Opens the unassigned conversation whose last message is `text`. */
  const open = async (text: string) => {
    await page.getByRole('button', { name: /^Unassigned/ }).click();
    await page.locator('.console-inbox-row').filter({ hasText: text }).getByRole('button').click();
    await page.getByRole('main').getByText(text, { exact: true }).waitFor();
  };

  beforeAll(async () => {
    await leave({ name: 'Nora', email: 'nora@example.com', content: 'Do you ship to Norway?' });
    await leave({ name: 'Piet', phone: '13800138000', content: 'Call me about my order' });
    page = await suite.browser.newPage({ locale: 'en-US' });
    await logIn(page, suite.base, 'nia');
    await page.getByText('Nia: Offline').waitFor();
  });

  it('given a left message with an address, should answer it by email from a dialog and show the answer in the conversation', async () => {
    const row = page.locator('.console-inbox-row').filter({ hasText: 'Nora' });
    await page.getByRole('button', { name: /^Unassigned/ }).click();
    await row.getByText('1 unread').waitFor(SOON);
    await open('Do you ship to Norway?');
    await page.getByText('This chat has ended.').waitFor();
    // Opened: read (nobody has it, so whoever opens it reads it).
    await expect.poll(() => row.getByText('1 unread').count(), SOON).toBe(0);
    // A left message is a conversation of her channel: she sees its visitor beside it
    // (docs/routing.md, visibility rule 3), whoever has it.
    await page.getByRole('complementary').getByText('nora@example.com').first().waitFor(SOON);
    expect(await page.getByText(/did not work/).count()).toBe(0);
    const button = page.getByRole('button', { name: 'Reply by email' });
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'Reply by email to Nora' });
    await dialog.getByText('Your answer goes to nora@example.com').waitFor();
    const answer = dialog.getByLabel('Your answer');
    expect(await isFocused(answer)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    // Nothing written: the dialog says so and sends nothing.
    await dialog.getByRole('button', { name: 'Send email' }).click();
    await dialog.getByRole('alert').getByText('Write an answer first.').waitFor();

    await answer.fill('Yes, in 3 days.');
    await dialog.getByRole('button', { name: 'Send email' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Your answer is on its way to nora@example.com.').waitFor();
    const pane = page.getByRole('main');
    await pane.getByText('Yes, in 3 days.', { exact: true }).waitFor();
    await pane.getByText('Sent by email to nora@example.com').waitFor(SOON);
    expect(await isFocused(button)).toBe(true);
    // Answered: Nia's, no longer waiting among the unassigned.
    await page.getByRole('button', { name: /^Mine/ }).click();
    await expect.poll(() => row.innerText(), SOON).toContain('Nia');
    expect(await row.getByText('Unassigned').count()).toBe(0);

    await vi.waitFor(() => expect(smtp?.mails.map((mail) => mail.to)).toEqual([['nora@example.com']]), {
      timeout: 10_000,
      interval: 20,
    });
    const raw = (smtp?.mails[0]?.raw ?? '').replace(/=\r?\n/g, '');
    expect(raw).toContain('Subject: Re: your message to Acme shop');
    expect(raw).toContain('Yes, in 3 days.');
    expect(raw).toContain('> Do you ship to Norway?');
    expect(await axeViolations(page)).toEqual([]);
  }, 60_000);

  it('given a left message without an address, should offer no answer by email', async () => {
    await open('Call me about my order');
    await page.getByText('This chat has ended.').waitFor();
    expect(await page.getByRole('button', { name: 'Reply by email' }).count()).toBe(0);
  }, 60_000);
});
