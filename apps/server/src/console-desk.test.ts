import { generatedName } from '@parley/chat-protocol';
import { describe, expect, it } from 'vitest';
import type { Seed } from './seed.js';
import { consoleSuite } from './test/consoleBrowser.js';
import { agentApi, SOON, setStatus } from './test/consolePage.js';
import { testDatabases } from './test/databases.js';
import { needs } from './test/services.js';

// The agent's desk in Chromium: a colleague's mention (badge, toast, the Mentions list), and the
// header saying the agent's state, a deleted message brought back by Undo, and an unnamed
// visitor named alike in the inbox, the conversation and the transfer dialog.

const agent = (id: string, nick: string) => ({
  id,
  username: id,
  password: `pw-${id}`,
  nick,
  capacity: 2,
  channels: ['desk'],
  online: true,
});

const seed: Seed = {
  channels: [{ id: 'desk', tenantId: 't', info: { receiveMode: 3 } }],
  agents: [agent('mia', 'Mia'), agent('noah', 'Noah')],
};

const [database] = testDatabases();

describe.runIf(needs('chromium'))("the agent's desk in Chromium", () => {
  const suite = consoleSuite(database, seed);
  const { visitor, logInHeld } = suite;

  it("given a colleague's note naming the agent, should show a badge, a toast and a Mentions entry that opens the conversation", async () => {
    const context = await suite.browser.newContext({ locale: 'en-US' });
    const elsewhere = await suite.browser.newContext({ locale: 'en-US' });
    try {
      const mia = await context.newPage();
      const noah = await elsewhere.newPage();
      await logInHeld(mia, 'mia', 'pw-mia', 'Mia');
      await logInHeld(noah, 'noah', 'pw-noah', 'Noah');
      const rosa = await visitor('chatStart', { channelId: 'desk', userName: 'Rosa' });
      await visitor('transferAgent', { userId: rosa.userId, adminId: 'noah' });
      await visitor('sendMsg', {
        userId: rosa.userId,
        msgContent: 'Where is my refund?',
        clientMsgId: 'r-1',
      });
      const mentions = mia.getByRole('link', { name: /^Mentions/ });
      expect(await mentions.innerText()).toBe('Mentions');

      const note = await agentApi(noah, 'POST', `/api/agent/chats/${rosa.sessionId}/notes`, {
        body: '@mia can you check the refund?',
      });
      expect(note.code).toBe(200);
      await mia.getByText('Noah mentioned you in a note: @mia can you check the refund?').waitFor(SOON);
      await expect.poll(() => mentions.innerText(), SOON).toBe('Mentions 1 unread');

      await mentions.click();
      const list = mia.getByRole('region', { name: 'Mentions' });
      const entry = list.getByRole('listitem').filter({ hasText: 'Rosa' });
      await entry.getByText('New', { exact: true }).waitFor();
      await entry.getByText('Noah: @mia can you check the refund?').waitFor();
      await entry.getByRole('button').click();
      // The conversation opens with the note; the mention is seen, here and on the server.
      await mia.getByRole('main').getByText('Where is my refund?', { exact: true }).waitFor(SOON);
      await mia.getByRole('note', { name: 'Private note by Noah' }).waitFor();
      await expect.poll(() => mentions.innerText(), SOON).toBe('Mentions');
      await expect
        .poll(async () => (await agentApi(mia, 'GET', '/api/agent/mentions')).data.unseen, SOON)
        .toBe(0);
      await mentions.click();
      await list.getByRole('listitem').filter({ hasText: 'Rosa' }).waitFor();
      expect(await list.getByText('New', { exact: true }).count()).toBe(0);
    } finally {
      await context.close();
      await elsewhere.close();
    }
  }, 90_000);

  it('given Away, should say Away in the header (not Online in green), and Offline once offline', async () => {
    const context = await suite.browser.newContext({ locale: 'en-US' });
    try {
      const noah = await context.newPage();
      await logInHeld(noah, 'noah', 'pw-noah', 'Noah');
      const status = noah.locator('.console-status');
      await expect.poll(() => status.innerText(), SOON).toBe('Noah: Online');
      expect(await status.getAttribute('data-state')).toBe('online');
      await setStatus(noah, 'Away');
      await expect.poll(() => status.innerText(), SOON).toBe('Noah: Away');
      expect(await status.getAttribute('data-state')).toBe('away');
      await setStatus(noah, 'Online');
      await expect.poll(() => status.innerText(), SOON).toBe('Noah: Online');
      await setStatus(noah, 'Offline');
      await expect.poll(() => status.innerText(), SOON).toBe('Noah: Offline');
      expect(await status.getAttribute('data-state')).toBe('offline');
      await setStatus(noah, 'Online');
      await expect.poll(() => status.innerText(), SOON).toBe('Noah: Online');
    } finally {
      await context.close();
    }
  }, 60_000);

  it('given Delete on a reply, should take it away at once, offer Undo, and delete it on the server only after the undo time', async () => {
    const context = await suite.browser.newContext({ locale: 'en-US' });
    try {
      const mia = await context.newPage();
      await logInHeld(mia, 'mia', 'pw-mia', 'Mia');
      const sam = await visitor('chatStart', { channelId: 'desk', userName: 'Sam' });
      await visitor('transferAgent', { userId: sam.userId, adminId: 'mia' });
      await visitor('sendMsg', { userId: sam.userId, msgContent: 'Is it in stock?', clientMsgId: 's-1' });
      await mia.getByRole('button', { name: /Sam/ }).first().click();
      const pane = mia.getByRole('main');
      await pane.getByText('Is it in stock?', { exact: true }).waitFor(SOON);
      const row = (text: string) => mia.locator('.console-row').filter({ hasText: text });
      for (const text of ['Wrong answer', 'Yes, it is']) {
        await mia.getByRole('textbox', { name: 'Message' }).fill(text);
        await mia.keyboard.press('Enter');
        await row(text).waitFor();
      }
      const stored = async () =>
        (
          (await agentApi(mia, 'GET', `/api/agent/chats/${sam.sessionId}/messages`)).data.messages as Array<{
            msgContent: string;
          }>
        ).map((one) => one.msgContent);
      await expect.poll(stored, SOON).toContain('Wrong answer');

      // Delete, then Undo: the reply comes back, and the server never deleted it.
      await row('Wrong answer').hover();
      await row('Wrong answer').getByRole('button', { name: 'Delete' }).click();
      await row('Wrong answer').waitFor({ state: 'detached' });
      const toastText = mia.locator('[data-slot="toast"]');
      await toastText.getByText('Message deleted.').waitFor();
      await toastText.getByRole('button', { name: 'Undo' }).click();
      await row('Wrong answer').waitFor();
      await new Promise((resolve) => setTimeout(resolve, 7000));
      expect(await stored()).toContain('Wrong answer');

      // Delete without Undo: gone on the server once the undo time is over.
      await row('Wrong answer').hover();
      await row('Wrong answer').getByRole('button', { name: 'Delete' }).click();
      await row('Wrong answer').waitFor({ state: 'detached' });
      expect(await stored()).toContain('Wrong answer');
      await expect.poll(stored, { timeout: 15_000 }).not.toContain('Wrong answer');
      expect(await stored()).toContain('Yes, it is');
      expect(await row('Wrong answer').count()).toBe(0);
    } finally {
      await context.close();
    }
  }, 90_000);

  it('given a visitor who gave no name, should show the name the inbox shows in the conversation and the transfer dialog', async () => {
    const context = await suite.browser.newContext({ locale: 'en-US' });
    try {
      const mia = await context.newPage();
      await logInHeld(mia, 'mia', 'pw-mia', 'Mia');
      const someone = await visitor('chatStart', { channelId: 'desk' });
      await visitor('transferAgent', { userId: someone.userId, adminId: 'mia' });
      await visitor('sendMsg', {
        userId: someone.userId,
        msgContent: 'Hello, anyone there?',
        clientMsgId: 'a-1',
      });
      const name = generatedName(someone.userId);
      await mia.locator('.console-inbox-row').filter({ hasText: name }).getByRole('button').click();
      await mia.getByRole('main').getByText('Hello, anyone there?', { exact: true }).waitFor(SOON);
      await mia.getByRole('region', { name }).waitFor();
      await mia.getByRole('button', { name: 'Transfer' }).click();
      await mia.getByRole('dialog', { name: `Transfer the chat with ${name}` }).waitFor();
      expect(await mia.getByText('Visitor', { exact: true }).count()).toBe(0);
    } finally {
      await context.close();
    }
  }, 60_000);
});
