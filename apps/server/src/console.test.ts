import { createHmac } from 'node:crypto';
import { MsgType, SenderType, SYSTEM_MESSAGE_FLAGS } from '@parley/chat-protocol';
import type { Page } from '@playwright/test';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Seed } from './seed.js';
import { consoleSuite } from './test/consoleBrowser.js';
import {
  ALERT_STUBS,
  accountItem,
  accountMenu,
  alertsOf,
  CHIME_NOTES,
  claimsSettled,
  holdingPoll,
  logIn,
  type Shown,
  SOON,
  setVisibility,
} from './test/consolePage.js';
import { testDatabases } from './test/databases.js';
import { needs } from './test/services.js';

const DESK_SECRET = 'console-test-desk-secret';
const seed: Seed = {
  // identity optional: a visitor with a valid pid signature is verified, one without is not
  channels: [
    {
      id: 'desk',
      tenantId: 't',
      info: { receiveMode: 3 },
      identity: 'optional',
      identitySecret: DESK_SECRET,
    },
    // the alerts' agent (Nina)
    { id: 'bell', tenantId: 't', info: { receiveMode: 3 } },
  ],
  // capacity 0: visitors wait in the queue until the agent joins from the console
  agents: [
    {
      id: 'd1',
      username: 'dana',
      password: 'pw-dana',
      nick: 'Dana',
      capacity: 0,
      channels: ['desk'],
      online: true,
      welcomeMsg: 'Hi, Dana here.',
    },
    {
      id: 'n1',
      username: 'nina',
      password: 'pw-nina',
      nick: 'Nina',
      capacity: 0,
      channels: ['bell'],
      online: true,
    },
  ],
};

const [database] = testDatabases();

describe.runIf(needs('chromium'))('the agent console in Chromium', () => {
  const suite = consoleSuite(database, seed);
  const { visitor, logInHeld, visitorEvents } = suite;

  let page: Page;

  beforeAll(async () => {
    // English whatever the machine's own locale: the words below are the English pack's.
    page = await suite.browser.newPage({ locale: 'en-US' });
  });

  it('should let an agent log in, join a waiting visitor, talk, and close the chat', async () => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await logIn(page, suite.base, 'dana');
    // Once, in the header (a loaded machine may take more than the poll's default second to log in).
    await page.getByText('Dana: Online').waitFor();
    expect(await page.getByText('Dana: Online').count()).toBe(1);

    const started = await visitor('chatStart', { channelId: 'desk', userName: 'Walt' });
    await visitor('sendMsg', { userId: started.userId, msgContent: 'Is anyone there?', clientMsgId: 'w-1' });
    expect((await visitor('transferAgent', { userId: started.userId })).status).toBe(3);
    await page.getByRole('button', { name: 'Join' }).click();
    await page.getByRole('main').getByText('Is anyone there?', { exact: true }).waitFor();
    // The join, then the visitor's message read on screen (the page's "Seen").
    await expect
      .poll(async () =>
        (await visitor('getEventMsg', { ...started, cursor: '0' })).msgList.map(
          (e: { event_type: number; clientMsgId?: string }) => [e.event_type, e.clientMsgId],
        ),
      )
      .toEqual([
        [1200, undefined],
        [1303, 'w-1'],
      ]);

    // the visitor's typing and next message show within about a second
    await visitor('typing', { userId: started.userId, msgContent: 'one more thi' });
    await page.getByText('one more thi').waitFor({ timeout: 2500 });
    await visitor('sendMsg', { userId: started.userId, msgContent: 'One more thing', clientMsgId: 'w-2' });
    await page.getByRole('main').getByText('One more thing', { exact: true }).waitFor({ timeout: 2500 });

    await page.getByRole('textbox').last().fill('Yes, Dana here');
    await page.keyboard.press('Enter');
    await page.getByRole('main').getByText('Yes, Dana here', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Close chat' }).click();
    await page.getByText('This chat has ended.').waitFor();

    const events = await visitor('getEventMsg', { ...started, cursor: '0' });
    const types = events.msgList.map((e: { event_type: number }) => e.event_type);
    expect(types).toContain(1204);
    expect(events.msgList.find((e: { event_type: number }) => e.event_type === 1201).msgContent).toBe(
      'Yes, Dana here',
    );
    expect(types.at(-1)).toBe(1202);
    expect(errors).toEqual([]);
  }, 60_000);

  it('should show a reply that cannot reach the server as not sent, and send it once when the agent retries', async () => {
    const context = await suite.browser.newContext({ locale: 'en-US' });
    const agent = await context.newPage();
    try {
      await logInHeld(agent, 'dana', 'pw-dana', 'Dana');
      const started = await visitor('chatStart', { channelId: 'desk', userName: 'Rita' });
      expect((await visitor('transferAgent', { userId: started.userId })).status).toBe(3);
      await agent
        .getByRole('listitem')
        .filter({ hasText: 'Rita' })
        .getByRole('button', { name: 'Join' })
        .click();
      await agent.getByRole('button', { name: 'Close chat' }).waitFor();

      // the network drops every send: the reply shows pending, then not sent after the tries
      let cut = true;
      await agent.route('**/api/agent/chats/*/messages', (route) =>
        cut && route.request().method() === 'POST' ? route.abort() : route.continue(),
      );
      await agent.getByRole('textbox').last().fill('Your refund is on its way');
      await agent.keyboard.press('Enter');
      await agent.getByRole('main').getByText('Your refund is on its way', { exact: true }).waitFor();
      const retry = agent.getByRole('button', { name: 'Not sent. Retry' });
      await retry.waitFor({ timeout: 15_000 });
      expect(await agent.getByRole('textbox').last().inputValue()).toBe('');

      cut = false;
      await retry.click();
      await expect.poll(() => retry.count(), SOON).toBe(0);
      // The retry is on its way once the button goes: the visitor gets the reply, once.
      const replies = async () =>
        (await visitorEvents(started))
          .filter((event) => event.event_type === 1201)
          .map((event) => event.msgContent);
      await expect.poll(replies, SOON).toEqual(['Your refund is on its way']);
      await agent.getByRole('button', { name: 'Close chat' }).click();
      await agent.getByText('This chat has ended.').waitFor();
      expect(await replies()).toEqual(['Your refund is on its way']);
    } finally {
      await context.close();
    }
  }, 60_000);

  it("should show the agent's welcome as the agent's, say Read once under the latest message read, and show Delete on hover or focus only", async () => {
    const context = await suite.browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    await logInHeld(page, 'dana', 'pw-dana', 'Dana');
    const rita = await visitor('chatStart', { channelId: 'desk', userName: 'Rita' });
    await visitor('sendMsg', { userId: rita.userId, msgContent: 'Hello, anyone?', clientMsgId: 'r-1' });
    await visitor('transferAgent', { userId: rita.userId });
    await page
      .getByRole('listitem')
      .filter({ hasText: 'Rita' })
      .getByRole('button', { name: 'Join' })
      .click();
    await page.getByRole('main').getByText('Hello, anyone?', { exact: true }).waitFor();
    // The welcome as the visitor's page sends it: a system message carrying the agent's name.
    await visitor('sysMsg', {
      userId: rita.userId,
      msgContent: 'Hi, Dana here.',
      msgType: MsgType.notice,
      senderType: SenderType.system,
      senderName: 'Dana',
      ...SYSTEM_MESSAGE_FLAGS,
    });
    const row = (text: string) => page.locator('.console-row').filter({ hasText: text });
    await row('Hi, Dana here.').waitFor();
    expect(await row('Hi, Dana here.').locator('[data-slot="message"]').getAttribute('data-position')).toBe(
      'right',
    );
    expect(await row('Hi, Dana here.').locator('[data-slot="message"]').getAttribute('data-type')).toBe(
      'text',
    );

    for (const text of ['First answer', 'Second answer']) {
      await page.getByRole('textbox').last().fill(text);
      await page.keyboard.press('Enter');
      await row(text).waitFor();
    }
    await visitor('msgComplete', { userId: rita.userId, pollId: rita.pollId });
    await expect.poll(() => page.getByText('Read', { exact: true }).count()).toBe(1);
    expect(await row('Second answer').getByText('Read', { exact: true }).count()).toBe(1);

    const opacity = (text: string) =>
      row(text)
        .getByRole('button', { name: 'Delete' })
        .evaluate(
          (button) =>
            // runs in the page (this package has no DOM types)
            (
              globalThis as unknown as { getComputedStyle(node: unknown): { opacity: string } }
            ).getComputedStyle(button).opacity,
        );
    await page.mouse.move(0, 0);
    expect(await opacity('First answer')).toBe('0');
    await row('First answer').hover();
    expect(await opacity('First answer')).toBe('1');
    await page.mouse.move(0, 0);
    await row('First answer').getByRole('button', { name: 'Delete' }).focus();
    expect(await opacity('First answer')).toBe('1');
    expect(await opacity('Second answer')).toBe('0');
    await page.getByRole('button', { name: 'Close chat' }).click();
    await page.getByText('This chat has ended.').waitFor();
    await context.close();
  }, 60_000);

  it('should mark a verified visitor as verified, with the pid, and no other visitor', async () => {
    const pidSignature = createHmac('sha256', DESK_SECRET).update('shop-user-7').digest('hex');
    const vera = await visitor('chatStart', {
      channelId: 'desk',
      userName: 'Vera',
      pid: 'shop-user-7',
      pidSignature,
    });
    const uma = await visitor('chatStart', { channelId: 'desk', userName: 'Uma', pid: 'shop-user-8' });
    await visitor('transferAgent', { userId: vera.userId });
    await visitor('transferAgent', { userId: uma.userId });

    const badge = page.getByRole('note', { name: 'Verified visitor, site id shop-user-7' });
    const queued = (name: string) => page.getByRole('listitem').filter({ hasText: name });
    await queued('Uma').waitFor();
    await expect.poll(() => queued('Vera').getByRole('note').count()).toBe(1);
    expect(await queued('Vera').getByRole('note').getAttribute('aria-label')).toBe(
      'Verified visitor, site id shop-user-7',
    );
    expect(await badge.innerText()).toBe('✓ Verified shop-user-7');
    expect(await queued('Uma').getByRole('note').count()).toBe(0);

    // joined: the chat list, the chat's header and the visitor panel all say so
    await queued('Vera').getByRole('button', { name: 'Join' }).click();
    await expect.poll(() => badge.count()).toBe(3);
    expect(await page.getByRole('complementary', { name: 'Visitor details' }).getByRole('note').count()).toBe(
      1,
    );
    await page.getByRole('button', { name: 'Close chat' }).click();
    await queued('Uma').getByRole('button', { name: 'Refuse' }).click();
    // the lists are empty; the ended chat's panel still says who its visitor was
    await expect.poll(() => page.getByRole('navigation').getByRole('note').count()).toBe(0);
  }, 60_000);

  it('should show the visitor beside the chat, with their local time, and open an earlier chat read-only', async () => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    const pageUrl = `https://shop.example/orders/42?${'filter=shipped&'.repeat(30)}tab=tracking`;
    const context = {
      userName: 'Paula',
      email: 'paula@example.com',
      phone: '+977 1 5550 123',
      pageUrl,
      // not http(s): shown, but not as a link
      previousUrl: 'android-app://com.example.mail/',
      language: 'de-AT',
      timeZone: 'Asia/Kathmandu',
    };
    const queued = (name: string) => page.getByRole('listitem').filter({ hasText: name });
    const panel = page.getByRole('complementary', { name: 'Visitor details' });

    // an earlier chat: Dana answered, the visitor rated it
    const first = await visitor('chatStart', { channelId: 'desk', ...context });
    await visitor('sendMsg', { userId: first.userId, msgContent: 'Where is order 42?', clientMsgId: 'p-1' });
    await visitor('transferAgent', { userId: first.userId });
    await queued('Paula').getByRole('button', { name: 'Join' }).click();
    await page.getByRole('main').getByText('Where is order 42?', { exact: true }).waitFor();
    await panel.getByText('No earlier chats.').waitFor();
    await page.getByRole('textbox', { name: 'Message' }).fill('It ships tomorrow.');
    await page.keyboard.press('Enter');
    await page.getByRole('main').getByText('It ships tomorrow.', { exact: true }).waitFor();
    await visitor('evaluate', { userId: first.userId, star: 5 });
    await page.getByRole('button', { name: 'Close chat' }).click();
    await page.getByText('This chat has ended.').waitFor();

    // she comes back
    const again = await visitor('chatStart', { channelId: 'desk', ...context, userId: first.userId });
    await visitor('sendMsg', { userId: again.userId, msgContent: 'It did not ship', clientMsgId: 'p-2' });
    await visitor('transferAgent', { userId: again.userId });
    await queued('Paula').getByRole('button', { name: 'Join' }).click();
    await page.getByRole('main').getByText('It did not ship', { exact: true }).waitFor();

    /** What the panel says under a label. */
    const detail = (label: string) =>
      panel.locator(`xpath=.//dt[normalize-space()="${label}"]/following-sibling::dd[1]`);
    await detail('Name').getByText('Paula').waitFor();
    expect(await detail('Email').innerText()).toBe('paula@example.com');
    expect(await detail('Phone').innerText()).toBe('+977 1 5550 123');
    const languageName = await page.evaluate(() =>
      new Intl.DisplayNames(['en-US'], { type: 'language' }).of('de-AT'),
    );
    expect(await detail('Language').innerText()).toBe(`${languageName} de-AT`);
    // a live clock in her time zone, written the console's way
    const clockThere = () =>
      page.evaluate(() =>
        new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Kathmandu', timeStyle: 'short' }).format(
          Date.now(),
        ),
      );
    await expect
      .poll(
        async () => [
          await detail('Local time').innerText(),
          `${await clockThere()} (UTC+05:45) Asia/Kathmandu`,
        ],
        SOON,
      )
      .toSatisfy(([shown, expected]) => shown === expected);
    // the long page address: one line on screen, whole in its text and tooltip, a link
    const link = detail('Chat opened on').getByRole('link');
    expect(await link.getAttribute('href')).toBe(pageUrl);
    expect(await link.getAttribute('title')).toBe(pageUrl);
    expect(await link.innerText()).toBe(pageUrl);
    const cut = await link.evaluate((element) => {
      const box = element as unknown as { scrollWidth: number; clientWidth: number };
      return box.scrollWidth > box.clientWidth;
    });
    expect(cut).toBe(true);
    expect(await detail('Came from').innerText()).toBe('android-app://com.example.mail/');
    expect(await detail('Came from').getByRole('link').count()).toBe(0);
    // nothing the visitor did not tell
    expect(await panel.getByText('undefined').count()).toBe(0);
    expect(await panel.getByText('Identity').count()).toBe(0);

    // the earlier chat: when, who, the rating, what she asked; it opens read-only
    const earlier = panel.getByRole('listitem');
    expect(await earlier.count()).toBe(1);
    expect(await earlier.innerText()).toMatch(
      /Dana · desk · Rated 5 of 5\s+Where is order 42\?\s+Messages: 2/,
    );
    await earlier.getByRole('button', { name: 'Read chat' }).click();
    const dialog = page.getByRole('dialog', { name: /^Chat of / });
    await dialog.getByText('It ships tomorrow.', { exact: true }).waitFor();
    await dialog.getByText('Where is order 42?', { exact: true }).waitFor();
    expect(await dialog.getByText('An earlier chat, read only.').count()).toBe(1);
    expect(await dialog.getByRole('textbox').count()).toBe(0);
    expect(await dialog.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Close chat' }).click();
    await page.getByText('This chat has ended.').waitFor();
    expect(errors).toEqual([]);
  }, 60_000);

  it("should speak the browser's Arabic right to left, and keep German once the agent picks it", async () => {
    const lena = await visitor('chatStart', { channelId: 'desk', userName: 'Lena' });
    await visitor('leaveMsg', { userId: lena.userId, channelId: 'desk', name: 'Lena', content: 'Call me' });
    const context = await suite.browser.newContext({ locale: 'ar' });
    try {
      const agent = await context.newPage();
      const errors: string[] = [];
      agent.on('pageerror', (error) => errors.push(String(error)));
      const root = agent.locator('html');
      const html = async () => [await root.getAttribute('lang'), await root.getAttribute('dir')];
      /**
       * The left message's time as the console wrote it (its conversation's row, among the
       * unassigned), and as the language writes that time.
       */
      const leftTime = async (locale: string) => {
        await agent.locator('.console-inbox__views button').nth(1).click();
        const time = agent.locator('.console-inbox-row', { hasText: 'Call me' }).locator('time');
        const when = Date.parse((await time.getAttribute('datetime')) ?? '');
        const expected = await agent.evaluate(
          ([locale, when]) =>
            new Intl.DateTimeFormat(locale as string, { dateStyle: 'medium', timeStyle: 'short' }).format(
              when as number,
            ),
          [locale, when],
        );
        return [await time.innerText(), expected];
      };

      await agent.goto(`${suite.base}/agent/`);
      await agent.getByLabel('اسم المستخدم').fill('dana');
      await agent.getByLabel('كلمة المرور').fill('not-the-password');
      await agent.getByRole('button', { name: 'تسجيل الدخول' }).click();
      await agent.getByText('اسم المستخدم أو كلمة المرور غير صحيحة.').waitFor();
      await agent.getByLabel('كلمة المرور').fill('pw-dana');
      await agent.getByRole('button', { name: 'تسجيل الدخول' }).click();
      await agent.getByRole('heading', { name: 'قائمة الانتظار' }).waitFor();
      await agent.getByText('لا أحد في الانتظار.').waitFor();
      await agent.getByText('Dana: متصل').waitFor();
      expect(await html()).toEqual(['ar', 'rtl']);
      expect(await agent.title()).toBe('لوحة تحكم موظفي Parley');
      // the chat's own times are written ar-EG (the kit's Arabic): the left messages' dates match them
      const [arabicTime, arabicExpected] = await leftTime('ar-EG');
      expect(arabicTime).toBe(arabicExpected);
      expect(arabicTime).toMatch(/[\u0600-\u06FF]/);

      // the language is in the agent's menu on their avatar
      await agent.getByRole('button', { name: 'Dana: الحالة والإعدادات' }).click();
      await agent.getByRole('menuitem', { name: 'اللغة' }).click();
      await agent.getByRole('dialog').getByRole('combobox', { name: 'اللغة' }).selectOption('de');
      await agent.keyboard.press('Escape');
      await agent.getByRole('heading', { name: 'Warteschlange' }).waitFor();
      expect(await html()).toEqual(['de', 'ltr']);
      expect(await agent.getByText('قائمة الانتظار').count()).toBe(0);

      // after a reload the console is still German, though the browser still asks for Arabic
      await agent.reload();
      await agent.getByRole('heading', { name: 'Warteschlange' }).waitFor();
      await agent.getByText('Niemand wartet.').waitFor();
      await agent.getByRole('button', { name: 'Dana: Status und Einstellungen' }).click();
      expect(await agent.getByRole('menuitem', { name: 'Abmelden' }).count()).toBe(1);
      await agent.getByRole('menuitem', { name: 'Sprache' }).click();
      expect(await agent.getByRole('dialog').getByRole('combobox', { name: 'Sprache' }).inputValue()).toBe(
        'de',
      );
      await agent.keyboard.press('Escape');
      expect(await html()).toEqual(['de', 'ltr']);
      const stored = (await context.storageState()).origins.flatMap((origin) => origin.localStorage);
      expect(stored).toContainEqual({ name: 'parley-console-lan', value: 'de' });
      const [germanTime, germanExpected] = await leftTime('de');
      expect(germanTime).toBe(germanExpected);
      expect(germanTime).not.toMatch(/[\u0600-\u06FF]/);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);

  it('should alert a hidden console with the title, a chime and a notification, once across two tabs', async () => {
    const context = await suite.browser.newContext({ locale: 'en-US' });
    await context.addInitScript(ALERT_STUBS);
    try {
      const first = await context.newPage();
      const errors: string[] = [];
      first.on('pageerror', (error) => errors.push(String(error)));
      await logInHeld(first, 'nina', 'pw-nina', 'Nina');
      // permission is asked from the header, never on load
      const requests = () =>
        first.evaluate(
          () => (globalThis as unknown as { __permissionRequests: number }).__permissionRequests,
        );
      expect(await requests()).toBe(0);
      await accountItem(first, 'Turn on notifications');
      await expect
        .poll(
          async () =>
            (await accountMenu(first)).getByRole('menuitem', { name: 'Turn on notifications' }).count(),
          SOON,
        )
        .toBe(0);
      await first.keyboard.press('Escape');
      expect(await requests()).toBe(1);

      // a second tab of the same agent (same browser: already logged in, permission granted)
      const second = await context.newPage();
      second.on('pageerror', (error) => errors.push(String(error)));
      const held = holdingPoll(second);
      await second.goto(`${suite.base}/agent/`);
      await second.getByText('Nina: Online').waitFor();
      await held;
      expect(
        await (await accountMenu(second)).getByRole('menuitem', { name: 'Turn on notifications' }).count(),
      ).toBe(0);
      await second.keyboard.press('Escape');
      const pages = [first, second];
      const total = async () => {
        const all = await Promise.all(pages.map(alertsOf));
        // whichever tab showed each: in the order of their text
        const key = (shown: Shown) => `${shown.title}\n${shown.body}`;
        return {
          notifications: all
            .flatMap((alerts) => alerts.notifications)
            .sort((a, b) => key(a).localeCompare(key(b))),
          chimes: all.reduce((sum, alerts) => sum + alerts.chimes, 0),
        };
      };
      for (const page of pages) await setVisibility(page, 'hidden');

      // a visitor joins the queue: both titles count it, one tab chimes and notifies
      const walt = await visitor('chatStart', { channelId: 'bell', userName: 'Walt' });
      expect((await visitor('transferAgent', { userId: walt.userId })).status).toBe(3);
      for (const page of pages) await expect.poll(() => page.title(), SOON).toBe('(1) Parley agent console');
      await expect
        .poll(async () => (await total()).notifications, SOON)
        .toEqual([{ title: 'Walt is waiting in the queue', body: 'bell' }]);
      await claimsSettled(first, 1, 2);
      expect(await total()).toEqual({
        notifications: [{ title: 'Walt is waiting in the queue', body: 'bell' }],
        chimes: CHIME_NOTES,
      });

      // back in the first tab: its count clears; the agent joins (no news for the other tab)
      await setVisibility(first, 'visible');
      await expect.poll(() => first.title(), SOON).toBe('Parley agent console');
      expect(await second.title()).toBe('(1) Parley agent console');
      await first.getByRole('button', { name: 'Join' }).click();
      await first.getByRole('button', { name: 'Close chat' }).waitFor();
      await second.getByRole('button', { name: /Walt/ }).waitFor();
      await setVisibility(first, 'hidden');

      // the visitor writes: one more notification, with the message, and one more chime
      await visitor('sendMsg', { userId: walt.userId, msgContent: 'Is my parcel lost?', clientMsgId: 'n-1' });
      await expect.poll(() => first.title(), SOON).toBe('(1) Parley agent console');
      await expect.poll(() => second.title(), SOON).toBe('(2) Parley agent console');
      await expect.poll(async () => (await total()).notifications.length, SOON).toBe(2);
      await claimsSettled(first, 2, 2);
      expect(await total()).toEqual({
        notifications: [
          { title: 'New message from Walt', body: 'Is my parcel lost?' },
          { title: 'Walt is waiting in the queue', body: 'bell' },
        ],
        chimes: 2 * CHIME_NOTES,
      });

      // clicking the notification opens that chat in the tab that showed it
      const showed = async (page: Page) =>
        (await alertsOf(page)).notifications.some((shown) => shown.body === 'Is my parcel lost?');
      const notifier = (await showed(first)) ? first : second;
      await notifier.evaluate(() => {
        const shown = (
          globalThis as unknown as { __notifications: Array<{ body: string; onclick: (() => void) | null }> }
        ).__notifications;
        shown.find((notification) => notification.body === 'Is my parcel lost?')?.onclick?.();
      });
      await expect
        .poll(() => notifier.getByRole('button', { name: /Walt/ }).getAttribute('aria-current'), SOON)
        .toBe('true');
      await notifier.getByRole('main').getByText('Is my parcel lost?', { exact: true }).waitFor();

      // a console on screen keeps the hidden tabs quiet (the title still counts)
      await setVisibility(first, 'visible');
      await visitor('sendMsg', { userId: walt.userId, msgContent: 'It was due Monday', clientMsgId: 'n-2' });
      await expect.poll(() => second.title(), SOON).toBe('(3) Parley agent console');
      await claimsSettled(first, 3, 2);
      expect((await total()).notifications).toHaveLength(2);

      // muted: remembered, in every tab (that a muted desk notifies without a chime is agent-core's
      // notifications.test.ts)
      const muted = async (page: Page) => {
        const checked = await (await accountMenu(page))
          .getByRole('menuitemcheckbox', { name: 'Mute sound' })
          .getAttribute('aria-checked');
        await page.keyboard.press('Escape');
        return checked;
      };
      await (await accountMenu(first)).getByRole('menuitemcheckbox', { name: 'Mute sound' }).click();
      expect(await muted(first)).toBe('true');
      await expect.poll(() => muted(second), SOON).toBe('true');
      const stored = (await context.storageState()).origins.flatMap((origin) => origin.localStorage);
      expect(stored).toContainEqual({ name: 'parley-console-muted', value: '1' });
      await setVisibility(first, 'visible');
      await first.getByRole('button', { name: /Walt/ }).click();
      await first.getByRole('button', { name: 'Close chat' }).click();
      await first.getByText('This chat has ended.').waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);
});
