import { createHmac } from 'node:crypto';
import { existsSync } from 'node:fs';
import { MsgType, SenderType, SYSTEM_MESSAGE_FLAGS } from '@parley/chat-protocol';
import type { Browser, Page } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Seed } from './seed.js';
import type { Json } from './test/child.js';
import { chromiumPath, startConsole } from './test/consoleBrowser.js';
import {
  ALERT_STUBS,
  alertsOf,
  axeViolations,
  CHIME_NOTES,
  claimsSettled,
  isFocused,
  logIn,
  type Shown,
  SOON,
  setVisibility,
  visitorCall,
} from './test/consolePage.js';
import { testDatabases } from './test/databases.js';

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
    // the alerts' agent (Nina), and the canned replies' and transfers' team (Tess hands chats to Theo)
    { id: 'bell', tenantId: 't', info: { receiveMode: 3 } },
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

describe.skipIf(!existsSync(chromiumPath))('the agent console in Chromium', () => {
  let started: Awaited<ReturnType<typeof startConsole>> | undefined;
  let base: string;
  let browser: Browser;
  let page: Page;

  const visitor = (call: string, body: object) => visitorCall(base, call, body);

  /**
   * Resolves once the console holds a poll (live delivery). The poll carries the view the console
   * last saw (`seen`), so a change made before the server reads it is still answered at once.
   */
  const holding = async (agent: Page) => {
    await agent.waitForRequest((request) => /\/api\/agent\/poll\?.*wait=/.test(request.url()));
  };
  /** Logs an agent in and waits until their console holds its first poll. */
  const logInHeld = async (agent: Page, username: string, password: string, nick: string) => {
    const held = holding(agent);
    await logIn(agent, base, username, password);
    await agent.getByText(new RegExp(`^${nick}: (Online|Offline)$`)).waitFor();
    await held;
  };
  /** An agent API call from a logged-in console page (its session cookie, its origin). */
  const agentApi = (agent: Page, method: string, path: string, body?: object) =>
    agent.evaluate(
      async ([method, path, body]) => {
        const response = await fetch(path as string, {
          method: method as string,
          headers: body ? { 'content-type': 'application/json' } : {},
          body: body ? JSON.stringify(body) : undefined,
        });
        return (await response.json()) as Json;
      },
      [method, path, body] as const,
    );
  /** The visitor's chat events (what its page would show), from the start. */
  const visitorEvents = async (started: Json) =>
    (await visitor('getEventMsg', { ...started, cursor: '0' })).msgList as Array<{
      event_type: number;
      msgContent?: string;
      adminNick?: string;
    }>;

  beforeAll(async () => {
    if (!database) throw new Error('no database');
    started = await startConsole(await database.open(), seed);
    ({ base, browser } = started);
    // English whatever the machine's own locale: the words below are the English pack's.
    page = await browser.newPage({ locale: 'en-US' });
  }, 120_000);
  afterAll(() => started?.stop());

  it('should let an agent log in, join a waiting visitor, talk, and close the chat', async () => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await logIn(page, base, 'dana');
    await expect.poll(() => page.getByText('Dana: Online').count()).toBe(1);

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
    const context = await browser.newContext({ locale: 'en-US' });
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
    const context = await browser.newContext({ locale: 'en-US' });
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
    const context = await browser.newContext({ locale: 'ar' });
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

      await agent.goto(`${base}/agent/`);
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

      await agent.getByRole('combobox', { name: 'اللغة' }).selectOption('de');
      await agent.getByRole('heading', { name: 'Warteschlange' }).waitFor();
      expect(await html()).toEqual(['de', 'ltr']);
      expect(await agent.getByText('قائمة الانتظار').count()).toBe(0);

      // after a reload the console is still German, though the browser still asks for Arabic
      await agent.reload();
      await agent.getByRole('heading', { name: 'Warteschlange' }).waitFor();
      await agent.getByText('Niemand wartet.').waitFor();
      expect(await agent.getByRole('button', { name: 'Abmelden' }).count()).toBe(1);
      expect(await agent.getByRole('combobox', { name: 'Sprache' }).inputValue()).toBe('de');
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
    const context = await browser.newContext({ locale: 'en-US' });
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
      await first.getByRole('button', { name: 'Turn on notifications' }).click();
      await expect
        .poll(() => first.getByRole('button', { name: 'Turn on notifications' }).count(), SOON)
        .toBe(0);
      expect(await requests()).toBe(1);

      // a second tab of the same agent (same browser: already logged in, permission granted)
      const second = await context.newPage();
      second.on('pageerror', (error) => errors.push(String(error)));
      const held = holding(second);
      await second.goto(`${base}/agent/`);
      await second.getByText('Nina: Online').waitFor();
      await held;
      expect(await second.getByRole('button', { name: 'Turn on notifications' }).count()).toBe(0);
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
      await first.getByRole('button', { name: 'Mute sound' }).click();
      expect(await first.getByRole('button', { name: 'Mute sound' }).getAttribute('aria-pressed')).toBe(
        'true',
      );
      await expect
        .poll(() => second.getByRole('button', { name: 'Mute sound' }).getAttribute('aria-pressed'), SOON)
        .toBe('true');
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

  it('should keep canned replies on the server, offer them after a slash in the reply box, and send the one picked', async () => {
    const context = await browser.newContext({ locale: 'en-US' });
    const elsewhere = await browser.newContext({ locale: 'en-US' });
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
      await other.goto(`${base}/agent/`);
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
    const tessContext = await browser.newContext({ locale: 'en-US' });
    const theoContext = await browser.newContext({ locale: 'en-US' });
    await theoContext.addInitScript(ALERT_STUBS);
    try {
      const tess = await tessContext.newPage();
      const theo = await theoContext.newPage();
      const errors: string[] = [];
      for (const page of [tess, theo]) page.on('pageerror', (error) => errors.push(String(error)));
      await logInHeld(tess, 'tess', 'pw-tess', 'Tess');
      await logInHeld(theo, 'theo', 'pw-theo', 'Theo');
      await theo.getByRole('button', { name: 'Turn on notifications' }).click();

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
      await theo.getByRole('button', { name: 'Go online' }).click();
      await theo.getByText('Theo: Online').waitFor();
      await tess.getByRole('button', { name: 'Transfer', exact: true }).click();
      dialog = tess.getByRole('dialog', { name: 'Transfer the chat with Ivy' });
      await dialog.getByRole('radio', { name: 'Theo' }).check();
      await theo.getByRole('button', { name: 'Go offline' }).click();
      await theo.getByText('Theo: Offline').waitFor();
      await dialog.getByRole('button', { name: 'Transfer chat' }).click();
      await dialog
        .getByRole('alert')
        .filter({ hasText: 'Theo is no longer online on this channel. Pick another colleague.' })
        .waitFor();
      await dialog.getByText('No colleague is online on this channel.').waitFor();
      await dialog.getByRole('button', { name: 'Cancel' }).click();

      // online again, Theo's tab hidden: Hugo goes to Theo with a note
      await theo.getByRole('button', { name: 'Go online' }).click();
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
      await theo.getByRole('button', { name: 'Go offline' }).click();
      expect(errors).toEqual([]);
    } finally {
      await tessContext.close();
      await theoContext.close();
    }
  }, 90_000);

  it('should pass axe on the login, a chat with its visitor panel, and the transfer and canned replies dialogs, light and dark', async () => {
    const context = await browser.newContext({ locale: 'en-US' });
    try {
      const agent = await context.newPage();
      await agent.goto(`${base}/agent/`);
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
    const context = await browser.newContext({ locale: 'en-US' });
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
      const pamContext = await browser.newContext({ locale: 'en-US' });
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
    const context = await browser.newContext({ locale: 'en-US' });
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
