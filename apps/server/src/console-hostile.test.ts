import { MsgType } from '@parley/chat-protocol';
import type { Page } from '@playwright/test';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ANSWER_BOUND_MS,
  findHostileTraces,
  type HostileTrace,
  installHostileTrap,
  RENDER_BOUND_MS,
} from '../../../packages/chat-ui/src/test/hostileChecks.js';
import {
  countByCategory,
  HOSTILE_CORPUS,
  SAFE_URL,
} from '../../../packages/chat-ui/src/test/hostileCorpus.js';
import type { Seed } from './seed.js';
import { consoleSuite } from './test/consoleBrowser.js';
import { testDatabases } from './test/databases.js';
import { type Data, Harness } from './test/harness.js';
import { needs } from './test/services.js';

// The agent console shows what visitors send: their names and form answers, their messages, system
// messages, file names and typing, and left messages. Every payload of the hostile corpus arrives
// through the visitor API, and the console, opened once, is checked in Chromium.

/** Visitors whose chats carry the messages, so each chat stays a short list (not virtualised). */
const CARRIERS = 8;
const seed: Seed = {
  channels: [{ id: 'desk', tenantId: 't', info: { receiveMode: 3 } }],
  // The carriers' chats go to the agent; every other visitor waits in the queue.
  agents: [
    {
      id: 'd1',
      username: 'dana',
      password: 'pw-dana',
      nick: 'Dana',
      capacity: CARRIERS,
      channels: ['desk'],
      online: true,
    },
  ],
};
const [database] = testDatabases();

// The smallest valid PNG (1x1).
const PNG = Buffer.from(
  '89504E470D0A1A0A0000000D49484452000000010000000108060000001F15C4890000000D49444154789C6360000002000154A24F5D0000000049454E44AE426082',
  'hex',
);

/** At most `limit` characters (code points) of a payload: the most the visitor API takes. */
const cut = (payload: string, limit: number) => Array.from(payload).slice(0, limit).join('');

/** Text as the embedded database gives it back: without a leading byte-order mark. */
const stored = (text: string) => text.replace(/^\uFEFF/, '');

/** The inspection sent into the page: traces of hostile content under the console's root. */
/** The console's own forms (search, a label, a note): any other form in the page was injected. */
const OWN_FORMS = ['console-inbox__search', 'console-labels__add', 'console-notebox'];
const INSPECT = `(${findHostileTraces.toString()})(document.querySelector('.console'), ${SAFE_URL.toString()}, { allowElements: ['form'] })`;
const FOREIGN_FORMS = `[...document.querySelectorAll('form')].filter((form) => !${JSON.stringify(OWN_FORMS)}.some((name) => form.classList.contains(name))).length`;
/** Texts shown in the page for a selector, without the kit's visually hidden additions. */
function shownTexts(page: Page, selector: string): Promise<string[]> {
  return page.$$eval(selector, (elements) =>
    elements.map((element) => {
      // The few DOM members used (this file is typechecked without the DOM library).
      const copy = element.cloneNode(true) as unknown as {
        querySelectorAll(selectors: string): Iterable<{ remove(): void }>;
        textContent: string | null;
      };
      for (const hidden of copy.querySelectorAll('.parley-visually-hidden')) hidden.remove();
      return copy.textContent ?? '';
    }),
  );
}
/** How long the page takes to run a setTimeout(0) callback. */
const mainThreadDelay = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const started = performance.now();
        setTimeout(() => resolve(performance.now() - started), 0);
      }),
  );

describe.runIf(needs('chromium'))('the agent console, given hostile visitors', () => {
  const suite = consoleSuite(database, seed, {
    // Hundreds of calls from one address in a few seconds.
    rateLimits: { perIp: 1_000_000, perVisitor: 1_000_000, chatStart: 1_000_000, login: 100 },
  });
  let server: Harness;

  const visitor = async (call: string, body: object) => (await server.visitor(call, body)) as Data;

  beforeAll(() => {
    server = new Harness(suite.app);
  });

  it('should show every payload as text in one page, run nothing, keep nothing dangerous and stay responsive', async () => {
    const payloads = HOSTILE_CORPUS.map((entry) => entry.payload);
    console.info(
      `hostile corpus: ${payloads.length} payloads x 7 surfaces (agent console: queued name from the form, left message, message text, sender name, system message, file name, image name; plus the chat header and typing of ${CARRIERS} chats)`,
    );
    console.info(`hostile corpus by category: ${JSON.stringify(countByCategory())}`);
    // What the visitor API refused, by call: a refusal is fine for a file URL that is not a file the
    // visitor uploaded, and for text the database cannot store (a NUL character); nothing else.
    const refused: Record<string, number> = {};
    const unexpected: string[] = [];
    const arrived = (what: string, payload: string, answer: Data) => {
      if (answer.code === 200) return true;
      refused[what] = (refused[what] ?? 0) + 1;
      if (!payload.includes('\u0000'))
        unexpected.push(`${what} ${answer.code} ${answer.message}: ${payload.slice(0, 40)}`);
      return false;
    };
    const upload = async (userId: string, name: string, bytes: Buffer) => {
      const form = new FormData();
      form.append('userId', userId);
      form.append('file', new Blob([new Uint8Array(bytes)]), name);
      const response = await fetch(`${suite.base}/api/chat/visitor/upload`, { method: 'POST', body: form });
      const answer = (await response.json()) as Data;
      if (answer.code !== 200) throw new Error(`upload refused: ${answer.message}`);
      return answer.data.url as string;
    };

    // The carriers: their chats go to the agent and hold the messages, a slice of the corpus each.
    const carriers: Array<{ name: string; texts: string[]; rows: number }> = [];
    const slice = Math.ceil(payloads.length / CARRIERS);
    for (let index = 0; index < CARRIERS; index += 1) {
      const own = payloads.slice(index * slice, (index + 1) * slice);
      // The carrier's own name, email and phone are payloads too (without a NUL, which cannot be stored).
      const identity = (at: number, limit: number) =>
        cut((own[at] ?? 'carrier').replaceAll('\u0000', ''), limit);
      const name = identity(0, 200);
      const started = await visitor('chatStart', {
        channelId: 'desk',
        userName: name,
        email: identity(1, 320),
        phone: identity(2, 64),
      });
      const userId = started.data.userId as string;
      expect((await visitor('transferAgent', { userId })).data.status).toBe(2);
      const note = await upload(userId, 'note.txt', Buffer.from('A note.'));
      const photo = await upload(userId, 'photo.png', PNG);
      const carrier = { name, texts: [] as string[], rows: 0 };
      for (const [at, payload] of own.entries()) {
        const text = cut(payload, 10_000);
        const id = `${index}-${at}`;
        if (
          arrived(
            'text',
            payload,
            await visitor('sendMsg', { userId, msgContent: text, clientMsgId: `t-${id}` }),
          )
        ) {
          carrier.texts.push(text);
          carrier.rows += 1;
        }
        const system = await visitor('sysMsg', { userId, msgContent: text, clientMsgId: `s-${id}` });
        if (arrived('system message', payload, system)) carrier.rows += 1;
        // The payload as the file's URL: the API takes only files the visitor uploaded. Then the
        // payload as the name of an uploaded file, and of an uploaded image.
        const file = {
          userId,
          msgType: MsgType.file,
          msgContent: cut(payload, 255),
          fileName: cut(payload, 255),
        };
        const crafted = await visitor('sendMsg', {
          ...file,
          fileUrl: cut(payload, 2048),
          clientMsgId: `u-${id}`,
        });
        if (crafted.code === 200) carrier.rows += 1;
        else refused['file URL'] = (refused['file URL'] ?? 0) + 1;
        if (
          arrived(
            'file',
            payload,
            await visitor('sendMsg', { ...file, fileUrl: note, clientMsgId: `f-${id}` }),
          )
        )
          carrier.rows += 1;
        const image = { ...file, msgType: MsgType.image, fileUrl: photo, clientMsgId: `i-${id}` };
        if (arrived('image', payload, await visitor('sendMsg', image))) carrier.rows += 1;
      }
      // What the visitor is typing shows in the open chat.
      const typing = cut(own.at(-1) ?? '', 500);
      arrived('typing', typing, await visitor('typing', { userId, msgContent: typing }));
      carriers.push(carrier);
    }

    // Every payload as a visitor in the queue: the name, then the form's answers. Every second
    // visitor leaves a message with the next payload as its text (the console lists the newest 100).
    let queued = 0;
    const leftTexts: string[] = [];
    for (const [index, payload] of payloads.entries()) {
      const started = await visitor('chatStart', {
        channelId: 'desk',
        userName: cut(payload, 200),
        email: cut(payload, 320),
        phone: cut(payload, 64),
      });
      if (!arrived('chatStart', payload, started)) continue;
      const { userId } = started.data as { userId: string };
      const form = { userId, name: cut(payload, 200), email: cut(payload, 320), phone: cut(payload, 64) };
      arrived('user form', payload, await visitor('submitUserForm', form));
      if (arrived('queue', payload, await visitor('transferAgent', { userId }))) queued += 1;
      if (index % 2 === 1) continue;
      const next = payloads[index + 1] ?? payload;
      const left = { ...form, channelId: 'desk', content: cut(next, 5000) };
      if (arrived('left message', next, await visitor('leaveMsg', left))) leftTexts.push(left.content);
    }
    console.info(`hostile corpus: refused by the visitor API: ${JSON.stringify(refused)}`);
    expect(unexpected).toEqual([]);

    const page = await suite.browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.addInitScript(installHostileTrap);
    await page.goto(`${suite.base}/agent/`);
    await page.getByLabel('Username').fill('dana');
    await page.getByLabel('Password').fill('pw-dana');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('Dana: Online').waitFor();
    // The trap is set and the inspection sees a dangerous link when there is one.
    expect(
      await page.evaluate(() => typeof (globalThis as { __parleyHostile?: unknown }).__parleyHostile),
    ).toBe('function');
    const probe = `(${findHostileTraces.toString()})(Object.assign(document.createElement('div'), { innerHTML: '<a href="javascript:void 0">x</a>' }), ${SAFE_URL.toString()})`;
    expect(await page.evaluate(probe)).toHaveLength(1);

    // The sidebar: every queued visitor's name in the queue; every left message in the inbox's
    // unassigned conversations (all their pages).
    const queue = page.locator('.console-sidebar li.console-item:not(.console-inbox-row)');
    await expect.poll(() => queue.count(), { timeout: 10_000 }).toBe(queued);
    await page.locator('.console-inbox__views button').nth(1).click();
    const rows = page.locator('.console-inbox-row');
    const more = page.locator('.console-inbox').getByRole('button', { name: 'Show more' });
    for (let pages = 0; pages < 5; pages += 1) {
      await expect.poll(() => rows.count(), { timeout: 10_000 }).toBeGreaterThan(0);
      if ((await more.count()) === 0) break;
      await more.click();
    }
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(leftTexts.length);
    const sidebar = [
      ...(await shownTexts(page, '.console-sidebar li.console-item:not(.console-inbox-row)')),
      ...(await shownTexts(page, '.console-inbox-row')),
    ].join('\n');
    for (const text of leftTexts)
      expect(sidebar.includes(stored(text)), `inbox shows ${JSON.stringify(text.slice(0, 40))}`).toBe(true);
    // (Text with a NUL character cannot be stored: the API refused it above.)
    for (const payload of payloads.filter((text) => !text.includes('\u0000')))
      expect(
        sidebar.includes(stored(cut(payload, 200))),
        `sidebar shows ${JSON.stringify(payload.slice(0, 40))}`,
      ).toBe(true);
    const check = async (where: string) => {
      const traces = (await page.evaluate(INSPECT)) as HostileTrace[];
      expect(traces, where).toEqual([]);
      expect(await page.evaluate(FOREIGN_FORMS), `${where}: forms not the console's own`).toBe(0);
      expect(await mainThreadDelay(page), `${where}: setTimeout(0) delay (ms)`).toBeLessThan(ANSWER_BOUND_MS);
      expect(
        await page.evaluate(() => (globalThis as { __parleyHostileHits?: string[] }).__parleyHostileHits),
      ).toEqual([]);
    };
    await check('the sidebar');

    // Each carrier's chat: its messages, files, system messages and typing (the agent's own list).
    await page.locator('.console-inbox__views button').nth(0).click();
    const links = page.locator('.console-chat-link');
    await expect.poll(() => links.count()).toBe(CARRIERS);
    for (let index = 0; index < CARRIERS; index += 1) {
      const started = Date.now();
      const link = links.nth(index);
      await link.click();
      await expect.poll(() => link.getAttribute('aria-current')).toBe('true');
      const pane = page.locator('.console-conversation');
      await pane.waitFor();
      // The pane is named after its visitor: that says which carrier it is.
      const label = await pane.getAttribute('aria-label');
      const carrier = carriers.find((candidate) => stored(candidate.name) === label);
      if (!carrier) throw new Error(`no carrier named ${JSON.stringify(label?.slice(0, 40))}`);
      await expect
        .poll(() => pane.locator('[data-slot="message"]').count(), { timeout: 10_000 })
        .toBe(carrier.rows);
      expect(Date.now() - started, `chat ${index}: shown within (ms)`).toBeLessThan(RENDER_BOUND_MS);
      await check(`chat ${index}`);
      const bubbles = await shownTexts(page, '.console-conversation .parley-bubble__text');
      for (const text of carrier.texts)
        expect(
          bubbles.includes(stored(text)),
          `chat ${index} shows ${JSON.stringify(text.slice(0, 40))}`,
        ).toBe(true);
      const header = await pane.locator('.console-conversation__header').textContent();
      expect(header?.includes(stored(carrier.name)), `chat ${index}: the header names the visitor`).toBe(
        true,
      );
    }
    await page.waitForTimeout(200);
    await check('the end');
    expect(errors).toEqual([]);
    await page.close();
  }, 180_000);
});
