import type { Page } from '@playwright/test';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Seed } from './seed.js';
import { consoleSuite } from './test/consoleBrowser.js';
import { LIVE_REGION_RECORDER, liveChanges, logIn, SOON } from './test/consolePage.js';
import { testDatabases } from './test/databases.js';
import { needs } from './test/services.js';

// What a screen reader hears from the console (WCAG 4.1.3): a visitor joining the queue is said
// once, politely, from a status region that was on the page before the news came.

const seed: Seed = {
  channels: [{ id: 'line', tenantId: 't', info: { receiveMode: 3 } }],
  // capacity 0: every visitor waits in the queue
  agents: [
    {
      id: 'q1',
      username: 'quinn',
      password: 'pw-quinn',
      nick: 'Quinn',
      capacity: 0,
      channels: ['line'],
      online: true,
    },
  ],
};

const [database] = testDatabases();

describe.runIf(needs('chromium'))('the console read by a screen reader', () => {
  const suite = consoleSuite(database, seed);
  const { visitor } = suite;

  let page: Page;

  /** A visitor named `name` who asks for an agent and waits in the queue. */
  const queue = async (name: string) => {
    const chat = await visitor('chatStart', { channelId: 'line', userName: name });
    expect((await visitor('transferAgent', { userId: chat.userId })).status).toBe(3);
  };
  const heard = async (text: string) =>
    (await liveChanges(page)).filter((change) => change.text.includes(text));

  beforeAll(async () => {
    page = await suite.browser.newPage({ locale: 'en-US' });
    await page.addInitScript(LIVE_REGION_RECORDER);
    await logIn(page, suite.base, 'quinn');
    await page.getByText('Quinn: Online').waitFor();
  });

  it('should announce a visitor joining the queue once, politely, and the next one of the same name too', async () => {
    await queue('Walt');
    await page.getByRole('listitem').filter({ hasText: 'Walt' }).waitFor(SOON);
    await expect
      .poll(() => heard('Walt is waiting in the queue'), SOON)
      .toEqual([{ kind: 'change', politeness: 'polite', text: 'Walt is waiting in the queue' }]);
    // The status region holds it, in Chromium's accessibility tree.
    expect(await page.getByRole('status').filter({ hasText: 'Walt is waiting in the queue' }).count()).toBe(
      1,
    );

    // The console polls on (a new poll goes once the last answer is applied): nothing is said again.
    await page.waitForRequest((request) => /\/api\/agent\/poll\?/.test(request.url()));
    expect(await heard('Walt is waiting in the queue')).toHaveLength(1);

    // Another visitor who gives the same name is news as well.
    await queue('Walt');
    await expect.poll(async () => (await heard('Walt is waiting in the queue')).length, SOON).toBe(2);
    expect(
      (await heard('Walt')).every((change) => change.kind === 'change' && change.politeness === 'polite'),
    ).toBe(true);
  }, 60_000);
});
