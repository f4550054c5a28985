import { MsgType, SenderType } from '@parley/chat-protocol';
import type { Page } from '@playwright/test';
import { describe, expect, it } from 'vitest';
import type { Seed } from './seed.js';
import { consoleSuite } from './test/consoleBrowser.js';
import {
  ALERT_STUBS,
  accountItem,
  agentApi,
  alertsOf,
  axeViolations,
  isFocused,
  SOON,
  setStatus,
  setVisibility,
} from './test/consolePage.js';
import { testDatabases } from './test/databases.js';
import { needs } from './test/services.js';

// The console's teamwork in Chromium: canned replies, transfers to a colleague and to a department
// (by mouse and by keyboard), and axe on the dialogs they open. The chat itself, the visitor panel,
// languages and alerts are in console.test.ts.

const seed: Seed = {
  channels: [
    // the canned replies' and transfers' team: Tess hands chats to Theo
    { id: 'team', tenantId: 't', info: { receiveMode: 3 } },
    // departments: Gia of the front desk hands a chat to Billing, where Pam is free
    {
      id: 'depts',
      tenantId: 't',
      info: {
        receiveMode: 3,
        groupMode: 1,
        groupConfig: [
          { groupId: 'front', groupName: 'Front desk' },
          { groupId: 'billing', groupName: 'Billing' },
        ],
      },
    },
  ],
  // capacity 0: visitors wait in the queue until the agent joins from the console
  agents: [
    {
      id: 't1',
      username: 'tess',
      password: 'pw-tess',
      nick: 'Tess',
      capacity: 0,
      channels: ['team'],
      online: true,
    },
    {
      id: 'g1',
      username: 'gia',
      password: 'pw-gia',
      nick: 'Gia',
      capacity: 0,
      channels: ['depts'],
      groups: ['front'],
      online: true,
    },
    {
      id: 'p1',
      username: 'pam',
      password: 'pw-pam',
      nick: 'Pam',
      capacity: 1,
      channels: ['depts'],
      groups: ['billing'],
      online: true,
    },
    // offline at first: visitors of the team wait for Tess instead of going to Theo's free slot
    {
      id: 't2',
      username: 'theo',
      password: 'pw-theo',
      nick: 'Theo',
      capacity: 1,
      channels: ['team'],
      online: false,
    },
  ],
};

const [database] = testDatabases();

describe.runIf(needs('chromium'))('the agent console at work with a team, in Chromium', () => {
  const suite = consoleSuite(database, seed);
  const { visitor, logInHeld, visitorEvents } = suite;

  it('should keep canned replies on the server, offer them after a slash in the reply box, and send the one picked', async () => {
    const context = await suite.browser.newContext({ locale: 'en-US' });
    const elsewhere = await suite.browser.newContext({ locale: 'en-US' });
    try {
      const tess = await context.newPage();
      const errors: string[] = [];
      tess.on('pageerror', (error) => errors.push(String(error)));
      await logInHeld(tess, 'tess', 'pw-tess', 'Tess');
      const cleo = await visitor('chatStart', { channelId: 'team', userName: 'Cleo' });
      expect((await visitor('transferAgent', { userId: cleo.userId })).status).toBe(3);
      await tess.getByRole('button', { name: 'Join' }).click();
      await tess.getByRole('button', { name: 'Close chat' }).waitFor();
      // no canned replies yet: the reply box is a plain text box
      expect(await tess.getByRole('textbox', { name: 'Message' }).count()).toBe(1);
      await tess.getByRole('button', { name: 'Manage' }).click();
      const panel = tess.getByRole('dialog', { name: 'Canned replies' });
      await panel.getByText('No canned replies for this channel yet.').waitFor();
      await tess.keyboard.press('Escape');
      await panel.waitFor({ state: 'detached' });

      // one made through the API (as an integration would): the panel lists it
      const greeting = await agentApi(tess, 'POST', '/api/agent/canned', {
        channelId: 'team',
        title: 'Greeting',
        text: 'Hello, how can I help?',
      });
      expect(greeting.code).toBe(200);
      await tess.getByRole('button', { name: 'Manage' }).click();
      await panel.getByText('Hello, how can I help?').waitFor();
      const add = async (name: string, text: string) => {
        await panel.getByLabel('Short name').fill(name);
        await panel.getByLabel('Reply text').fill(text);
        await panel.getByRole('button', { name: 'Add reply' }).click();
        await panel.getByText(`Saved “${name}”.`).waitFor();
      };
      await add('Shipping times', 'Orders ship within 2 working days.');
      await add('Returns', 'You can return anything within 30 days.');
      await add('Typo', 'Sorry, typo!');
      // edit one, delete another
      const listed = (name: string) => panel.getByRole('listitem').filter({ hasText: name });
      await listed('Returns').getByRole('button', { name: 'Edit' }).click();
      expect(await panel.getByLabel('Short name').inputValue()).toBe('Returns');
      await panel.getByLabel('Reply text').fill('Returns are free within 30 days.');
      await panel.getByRole('button', { name: 'Save changes' }).click();
      await panel.getByText('Returns are free within 30 days.').waitFor();
      await listed('Typo').getByRole('button', { name: 'Delete' }).click();
      await panel.getByText('Deleted “Typo”.').waitFor();
      expect(await panel.getByRole('listitem').count()).toBe(3);
      await tess.keyboard.press('Escape');
      await panel.waitFor({ state: 'detached' });

      // `/` opens the list; what follows filters it
      const box = tess.getByRole('textbox', { name: 'Message' });
      expect(await box.getAttribute('aria-controls')).toBeNull();
      await box.fill('/');
      const list = tess.getByRole('listbox', { name: 'Canned replies' });
      // the API's reply too
      await expect.poll(() => list.getByRole('option').count(), SOON).toBe(3);
      expect(await list.getByRole('option', { name: /Greeting/ }).count()).toBe(1);
      expect(await box.getAttribute('aria-controls')).toBe(await list.getAttribute('id'));
      await box.pressSequentially('ship');
      await expect.poll(() => list.getByRole('option').count(), SOON).toBe(1);
      const option = list.getByRole('option', { name: /Shipping times/ });
      expect(await option.getAttribute('aria-selected')).toBe('true');
      expect(await box.getAttribute('aria-activedescendant')).toBe(await option.getAttribute('id'));

      // Escape closes the list and keeps the text; typing opens it again
      await box.press('Escape');
      await list.waitFor({ state: 'detached' });
      expect(await box.inputValue()).toBe('/ship');
      await box.fill('/s');
      await list.waitFor();
      // both names hold an "s": the one starting with it first; the arrows move through them
      expect(await list.getByRole('option').allInnerTexts()).toEqual([
        expect.stringContaining('Shipping times'),
        expect.stringContaining('Returns'),
      ]);
      const selected = () => list.getByRole('option', { selected: true }).innerText();
      expect(await selected()).toContain('Shipping times');
      await box.press('ArrowDown');
      expect(await selected()).toContain('Returns');
      await box.press('ArrowDown');
      expect(await selected()).toContain('Shipping times');
      await box.press('ArrowUp');
      expect(await selected()).toContain('Returns');

      // Enter puts the text in the box; Enter again sends it to the visitor
      await box.fill('/ship');
      await box.press('Enter');
      await list.waitFor({ state: 'detached' });
      expect(await box.inputValue()).toBe('Orders ship within 2 working days.');
      expect(await box.getAttribute('aria-controls')).toBeNull();
      await box.press('Enter');
      await tess.getByRole('main').getByText('Orders ship within 2 working days.', { exact: true }).waitFor();
      await expect
        .poll(
          async () =>
            (await visitorEvents(cleo)).filter((e) => e.event_type === 1201).map((e) => e.msgContent),
          SOON,
        )
        .toEqual(['Orders ship within 2 working days.']);

      // kept on the server, per agent and channel; nothing in this browser
      const kept = await agentApi(tess, 'GET', '/api/agent/canned?channelId=team');
      expect(kept.data.map((reply: { title: string }) => reply.title)).toEqual([
        'Greeting',
        'Shipping times',
        'Returns',
      ]);
      const stored = (await context.storageState()).origins.flatMap((origin) => origin.localStorage);
      expect(stored.filter((item) => item.name.startsWith('parley-console-canned'))).toEqual([]);
      await tess.getByRole('button', { name: 'Close chat' }).click();
      await tess.getByText('This chat has ended.').waitFor();

      // another browser, where an earlier version of the console kept a reply: the server's replies,
      // and that one moved to the server once (a nameless one cannot be, and is dropped)
      const other = await elsewhere.newPage();
      other.on('pageerror', (error) => errors.push(String(error)));
      await other.goto(`${suite.base}/agent/`);
      await other.evaluate(() =>
        localStorage.setItem(
          'parley-console-canned:t1:team',
          JSON.stringify([
            { id: 'old-1', name: 'Opening hours', text: 'We are open 9 to 5.' },
            { id: 'old-2', name: ' ', text: 'A reply without a name' },
          ]),
        ),
      );
      await logInHeld(other, 'tess', 'pw-tess', 'Tess');
      const otherPanel = other.getByRole('dialog', { name: 'Canned replies' });
      const names = () => otherPanel.getByRole('listitem').locator('strong').allInnerTexts();
      for (const round of ['imported', 'after a reload']) {
        if (round === 'after a reload') {
          await other.reload();
          await other.getByText('Tess: Online').waitFor();
        }
        await other.getByRole('button', { name: 'Manage' }).click();
        await expect.poll(names, SOON).toEqual(['Greeting', 'Shipping times', 'Returns', 'Opening hours']);
        await other.keyboard.press('Escape');
        await otherPanel.waitFor({ state: 'detached' });
      }
      const left = (await elsewhere.storageState()).origins.flatMap((origin) => origin.localStorage);
      expect(left.filter((item) => item.name.startsWith('parley-console-canned'))).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
      await elsewhere.close();
    }
  }, 60_000);

  it('should transfer a chat to a colleague with a note, and say why one cannot be taken', async () => {
    const tessContext = await suite.browser.newContext({ locale: 'en-US' });
    const theoContext = await suite.browser.newContext({ locale: 'en-US' });
    await theoContext.addInitScript(ALERT_STUBS);
    try {
      const tess = await tessContext.newPage();
      const theo = await theoContext.newPage();
      const errors: string[] = [];
      for (const page of [tess, theo]) page.on('pageerror', (error) => errors.push(String(error)));
      await logInHeld(tess, 'tess', 'pw-tess', 'Tess');
      await logInHeld(theo, 'theo', 'pw-theo', 'Theo');
      await accountItem(theo, 'Turn on notifications');

      const hugo = await visitor('chatStart', { channelId: 'team', userName: 'Hugo' });
      const ivy = await visitor('chatStart', { channelId: 'team', userName: 'Ivy' });
      for (const started of [hugo, ivy]) await visitor('transferAgent', { userId: started.userId });
      const queued = (name: string) => tess.getByRole('listitem').filter({ hasText: name });
      for (const name of ['Hugo', 'Ivy']) {
        await queued(name).getByRole('button', { name: 'Join' }).click();
        await tess.getByRole('button', { name: new RegExp(name) }).waitFor();
      }
      const chatLink = (page: Page, name: string) =>
        page.getByRole('navigation').getByRole('button', { name: new RegExp(name) });

      // Theo is offline: nobody to hand the chat to
      await chatLink(tess, 'Ivy').click();
      await tess.getByRole('button', { name: 'Transfer', exact: true }).click();
      let dialog = tess.getByRole('dialog', { name: 'Transfer the chat with Ivy' });
      await dialog.getByText('No colleague is online on this channel.').waitFor();
      expect(await dialog.getByRole('button', { name: 'Transfer chat' }).isDisabled()).toBe(true);
      await dialog.getByRole('button', { name: 'Cancel' }).click();

      // Theo goes online, then offline again while the dialog is open: a clear refusal
      await setStatus(theo, 'Online');
      await theo.getByText('Theo: Online').waitFor();
      await tess.getByRole('button', { name: 'Transfer', exact: true }).click();
      dialog = tess.getByRole('dialog', { name: 'Transfer the chat with Ivy' });
      await dialog.getByRole('radio', { name: 'Theo' }).check();
      await setStatus(theo, 'Offline');
      await theo.getByText('Theo: Offline').waitFor();
      await dialog.getByRole('button', { name: 'Transfer chat' }).click();
      await dialog
        .getByRole('alert')
        .filter({ hasText: 'Theo is no longer online on this channel. Pick another colleague.' })
        .waitFor();
      await dialog.getByText('No colleague is online on this channel.').waitFor();
      await dialog.getByRole('button', { name: 'Cancel' }).click();

      // online again, Theo's tab hidden: Hugo goes to Theo with a note
      await setStatus(theo, 'Online');
      await theo.getByText('Theo: Online').waitFor();
      await setVisibility(theo, 'hidden');
      await chatLink(tess, 'Hugo').click();
      await tess.getByRole('button', { name: 'Transfer', exact: true }).click();
      dialog = tess.getByRole('dialog', { name: 'Transfer the chat with Hugo' });
      await dialog.getByText('Available').waitFor();
      await dialog.getByRole('radio', { name: 'Theo' }).check();
      await dialog.getByLabel('Note for your colleague (optional)').fill('Wants a refund for order 42');
      await dialog.getByRole('button', { name: 'Transfer chat' }).click();
      await tess.getByText('The chat went to Theo.').waitFor();
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => chatLink(tess, 'Hugo').count(), SOON).toBe(0);
      await tess.getByText('Pick a chat from the list.').waitFor();

      // Theo: the chat, its note at the top, and the alert of the hidden tab
      await chatLink(theo, 'Hugo').waitFor();
      await expect.poll(() => theo.title(), SOON).toBe('(1) Parley agent console');
      await expect
        .poll(async () => (await alertsOf(theo)).notifications, SOON)
        .toEqual([
          { title: 'Tess transferred a chat with Hugo to you', body: 'Wants a refund for order 42' },
        ]);
      await setVisibility(theo, 'visible');
      await chatLink(theo, 'Hugo').click();
      const note = theo.getByRole('note', { name: 'Transfer note' });
      expect(await note.innerText()).toMatch(/^Transferred by Tess\s+Wants a refund for order 42$/);
      expect(
        (await visitorEvents(hugo)).filter((e) => e.event_type === 1200).map((e) => e.adminNick),
      ).toEqual(['Tess', 'Theo']);
      await theo.getByRole('textbox', { name: 'Message' }).fill('Theo here, about your refund');
      await theo.keyboard.press('Enter');
      await expect
        .poll(
          async () =>
            (await visitorEvents(hugo)).filter((e) => e.event_type === 1201).map((e) => e.msgContent),
          SOON,
        )
        .toEqual(['Theo here, about your refund']);

      // Theo's one slot is taken: shown, but not choosable
      await chatLink(tess, 'Ivy').click();
      await tess.getByRole('button', { name: 'Transfer', exact: true }).click();
      dialog = tess.getByRole('dialog', { name: 'Transfer the chat with Ivy' });
      await dialog.getByText('No free slot').waitFor();
      expect(await dialog.getByRole('radio', { name: 'Theo' }).isDisabled()).toBe(true);
      await dialog.getByRole('button', { name: 'Cancel' }).click();

      await tess.getByRole('button', { name: 'Close chat' }).click();
      await theo.getByRole('button', { name: 'Close chat' }).click();
      await theo.getByText('This chat has ended.').waitFor();
      await setStatus(theo, 'Offline');
      expect(errors).toEqual([]);
    } finally {
      await tessContext.close();
      await theoContext.close();
    }
  }, 90_000);

  it('should pass axe on the login, a chat with its visitor panel, and the transfer and canned replies dialogs, light and dark', async () => {
    const context = await suite.browser.newContext({ locale: 'en-US' });
    try {
      const agent = await context.newPage();
      await agent.goto(`${suite.base}/agent/`);
      await agent.getByLabel('Username').waitFor();
      expect(await axeViolations(agent), 'login').toEqual([]);
      await logInHeld(agent, 'gia', 'pw-gia', 'Gia');
      const mia = await visitor('chatStart', {
        channelId: 'depts',
        userName: 'Mia',
        email: 'mia@example.com',
        pageUrl: 'https://shop.example.com/cart',
        language: 'de-AT',
        timeZone: 'Europe/Vienna',
      });
      await visitor('transferAgent', { userId: mia.userId, groupId: 'front' });
      await visitor('sendMsg', {
        userId: mia.userId,
        senderType: SenderType.visitor,
        msgType: MsgType.text,
        msgContent: 'Where is my parcel?',
        msgTime: Date.now(),
        clientMsgId: 'axe-1',
      });
      await agent
        .getByRole('listitem')
        .filter({ hasText: 'Mia' })
        .getByRole('button', { name: 'Join' })
        .click();
      await agent.getByRole('navigation').getByRole('button', { name: /Mia/ }).click();
      await agent.getByRole('main').getByText('Where is my parcel?').waitFor();
      await agent
        .getByRole('complementary', { name: 'Visitor details' })
        .getByText('mia@example.com')
        .waitFor();
      for (const scheme of ['light', 'dark'] as const) {
        await agent.emulateMedia({ colorScheme: scheme });
        expect(await axeViolations(agent), `chat, ${scheme}`).toEqual([]);
        await agent.getByRole('button', { name: 'Transfer', exact: true }).click();
        const transfer = agent.getByRole('dialog', { name: 'Transfer the chat with Mia' });
        await transfer.getByRole('radiogroup', { name: 'Department' }).waitFor();
        expect(await axeViolations(agent), `transfer dialog, ${scheme}`).toEqual([]);
        await transfer.getByRole('button', { name: 'Cancel' }).click();
        await agent.getByRole('button', { name: 'Manage' }).click();
        const canned = agent.getByRole('dialog');
        await canned.waitFor();
        expect(await axeViolations(agent), `canned replies, ${scheme}`).toEqual([]);
        await agent.keyboard.press('Escape');
        await canned.waitFor({ state: 'detached' });
      }
      await agent.getByRole('button', { name: 'Close chat' }).click();
    } finally {
      await context.close();
    }
  }, 60_000);

  it('should transfer a chat by keyboard: Enter on Transfer, Tab to a department, Space, Enter; Escape gives the focus back', async () => {
    const context = await suite.browser.newContext({ locale: 'en-US' });
    try {
      const gia = await context.newPage();
      await logInHeld(gia, 'gia', 'pw-gia', 'Gia');
      const kai = await visitor('chatStart', { channelId: 'depts', userName: 'Kai' });
      expect((await visitor('transferAgent', { userId: kai.userId, groupId: 'front' })).status).toBe(3);
      await gia
        .getByRole('listitem')
        .filter({ hasText: 'Kai' })
        .getByRole('button', { name: 'Join' })
        .click();
      await gia.getByRole('navigation').getByRole('button', { name: /Kai/ }).click();
      const transfer = gia.getByRole('button', { name: 'Transfer', exact: true });
      // Escape closes the dialog and gives the focus back to the button that opened it.
      await transfer.focus();
      await gia.keyboard.press('Enter');
      const dialog = gia.getByRole('dialog', { name: 'Transfer the chat with Kai' });
      await dialog.getByRole('radio', { name: 'Billing' }).waitFor();
      await gia.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      expect(await isFocused(transfer)).toBe(true);
      // Into the dialog again: Tab reaches the departments, whose only free one is Billing.
      await gia.keyboard.press('Enter');
      const billing = dialog.getByRole('radio', { name: 'Billing' });
      await billing.waitFor();
      for (let step = 0; step < 10 && !(await isFocused(billing)); step += 1) await gia.keyboard.press('Tab');
      expect(await isFocused(billing)).toBe(true);
      await gia.keyboard.press('Space');
      expect(await billing.isChecked()).toBe(true);
      await dialog.getByRole('button', { name: 'Transfer chat' }).focus();
      await gia.keyboard.press('Enter');
      await gia.getByText('The chat went to Pam.').waitFor();
      expect((await visitorEvents(kai)).filter((e) => e.event_type === 1200).map((e) => e.adminNick)).toEqual(
        ['Gia', 'Pam'],
      );
      // Pam, in a browser of her own, closes the chat: her one slot is free for the next test.
      const pamContext = await suite.browser.newContext({ locale: 'en-US' });
      try {
        const pam = await pamContext.newPage();
        await logInHeld(pam, 'pam', 'pw-pam', 'Pam');
        await pam.getByRole('navigation').getByRole('button', { name: /Kai/ }).click();
        await pam.getByRole('button', { name: 'Close chat' }).click();
        await pam.getByText('This chat has ended.').waitFor();
      } finally {
        await pamContext.close();
      }
    } finally {
      await context.close();
    }
  }, 60_000);

  it('should transfer a chat to a department, which its free member takes', async () => {
    const context = await suite.browser.newContext({ locale: 'en-US' });
    try {
      const gia = await context.newPage();
      const errors: string[] = [];
      gia.on('pageerror', (error) => errors.push(String(error)));
      await logInHeld(gia, 'gia', 'pw-gia', 'Gia');
      const lou = await visitor('chatStart', { channelId: 'depts', userName: 'Lou' });
      expect((await visitor('transferAgent', { userId: lou.userId, groupId: 'front' })).status).toBe(3);
      await gia
        .getByRole('listitem')
        .filter({ hasText: 'Lou' })
        .getByRole('button', { name: 'Join' })
        .click();
      await gia.getByRole('navigation').getByRole('button', { name: /Lou/ }).click();
      await gia.getByRole('button', { name: 'Transfer', exact: true }).click();
      const dialog = gia.getByRole('dialog', { name: 'Transfer the chat with Lou' });
      // Gia is the front desk's only member: nobody else there; Billing has Pam, free
      const departments = dialog.getByRole('radiogroup', { name: 'Department' });
      await departments.getByRole('radio', { name: 'Billing' }).waitFor();
      expect(await departments.getByRole('radio', { name: 'Front desk' }).isDisabled()).toBe(true);
      await departments.getByText('Nobody online').waitFor();
      expect(await dialog.getByRole('radiogroup', { name: 'Colleague' }).getByRole('radio').count()).toBe(1);
      await departments.getByRole('radio', { name: 'Billing' }).check();
      await dialog.getByLabel('Note for your colleague (optional)').fill('Asks about invoice 7');
      await dialog.getByRole('button', { name: 'Transfer chat' }).click();
      await gia.getByText('The chat went to Pam.').waitFor();
      expect((await visitorEvents(lou)).filter((e) => e.event_type === 1200).map((e) => e.adminNick)).toEqual(
        ['Gia', 'Pam'],
      );
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);
});
