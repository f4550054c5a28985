import { createHmac } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from '@playwright/test';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from './app.js';
import { serverRoot } from './config.js';
import type { Seed } from './seed.js';
import type { Json } from './test/child.js';
import { testDatabases } from './test/databases.js';

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
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
    },
  ],
};
const [database] = testDatabases();

describe.skipIf(!existsSync(chromiumPath))('the agent console in Chromium', () => {
  const dist = mkdtempSync(join(tmpdir(), 'parley-console-'));
  let app: Awaited<ReturnType<typeof buildServer>>;
  let base: string;
  let browser: Browser;
  let page: Page;

  const visitor = async (call: string, body: object) => {
    const response = await fetch(`${base}/api/chat/visitor/${call}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return ((await response.json()) as { data: Json }).data;
  };

  beforeAll(async () => {
    if (!database) throw new Error('no database');
    await build({
      configFile: join(serverRoot, 'console/vite.config.ts'),
      build: { outDir: dist, emptyOutDir: true, sourcemap: false },
      logLevel: 'silent',
    });
    app = await buildServer({ db: await database.open(), seed, consoleDist: dist });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
    if (!base) throw new Error('not listening');
    browser = await chromium.launch({
      executablePath: chromiumPath,
      args: ['--headless', '--no-sandbox', '--disable-gpu'],
    });
    // English whatever the machine's own locale: the words below are the English pack's.
    page = await browser.newPage({ locale: 'en-US' });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await app?.db.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('should let an agent log in, join a waiting visitor, talk, and close the chat', async () => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.goto(`${base}/agent/`);
    await page.getByLabel('Username').fill('dana');
    await page.getByLabel('Password').fill('pw-dana');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect.poll(() => page.getByText('Dana: Online').count()).toBe(1);

    const started = await visitor('chatStart', { channelId: 'desk', userName: 'Walt' });
    await visitor('sendMsg', { userId: started.userId, msgContent: 'Is anyone there?', clientMsgId: 'w-1' });
    expect((await visitor('transferAgent', { userId: started.userId })).status).toBe(3);
    await page.getByRole('button', { name: 'Join' }).click();
    await page.getByText('Is anyone there?', { exact: true }).waitFor();
    expect(
      (await visitor('getEventMsg', { ...started, cursor: '0' })).msgList.map(
        (e: { event_type: number }) => e.event_type,
      ),
    ).toEqual([1200]);

    // the visitor's typing and next message show within about a second
    await visitor('typing', { userId: started.userId, msgContent: 'one more thi' });
    await page.getByText('one more thi').waitFor({ timeout: 2500 });
    await visitor('sendMsg', { userId: started.userId, msgContent: 'One more thing', clientMsgId: 'w-2' });
    await page.getByText('One more thing', { exact: true }).waitFor({ timeout: 2500 });

    await page.getByRole('textbox').last().fill('Yes, Dana here');
    await page.keyboard.press('Enter');
    await page.getByText('Yes, Dana here', { exact: true }).waitFor();
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

    // joined: the chat list and the chat's header both say so
    await queued('Vera').getByRole('button', { name: 'Join' }).click();
    await expect.poll(() => badge.count()).toBe(2);
    await page.getByRole('button', { name: 'Close chat' }).click();
    await queued('Uma').getByRole('button', { name: 'Refuse' }).click();
    await expect.poll(() => page.getByRole('note').count()).toBe(0);
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
      /** The left message's time as the console wrote it, and as the language writes that time. */
      const leftTime = async (locale: string) => {
        const time = agent.locator('li', { hasText: 'Call me' }).locator('time');
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
});
