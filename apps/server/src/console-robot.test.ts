import type { Page } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Seed } from './seed.js';
import { consoleSuite } from './test/consoleBrowser.js';
import { axeViolations, logIn, SOON } from './test/consolePage.js';
import { testDatabases } from './test/databases.js';
import { gate, ScriptedModel, say } from './test/scriptedModel.js';
import { needs } from './test/services.js';

// The robot's answer in the console, in Chromium: an agent who has the conversation on screen
// sees the answer grow (Markdown drawn, the thinking collapsed) and the final answer once.

const model = new ScriptedModel();

const seed: Seed = {
  channels: [
    {
      id: 'help',
      tenantId: 't',
      info: { receiveMode: 0, robotName: 'Bot' },
      robot: {
        kind: 'llm',
        language: 'en',
        llm: { baseUrl: 'set before the server starts', model: 'scripted' },
        fallback: 'Sorry, I do not know.',
        answers: [
          {
            question: 'How do I return an item?',
            keywords: ['return', 'refund'],
            answer: 'Open your order and choose "Return" within 30 days.',
          },
        ],
      },
    },
  ],
  agents: [
    {
      id: 'i1',
      username: 'ivy',
      password: 'pw-ivy',
      nick: 'Ivy',
      capacity: 3,
      channels: ['help'],
      online: true,
    },
  ],
};

const [database] = testDatabases();

describe.runIf(needs('chromium'))("the robot's answer in the console, in Chromium", () => {
  // The scripted model starts before the console (the seed is given its address) and stops after it.
  beforeAll(async () => {
    await model.start();
    for (const channel of seed.channels) if (channel.robot?.llm) channel.robot.llm.baseUrl = model.url;
  });
  afterAll(() => model.stop());

  const suite = consoleSuite(database, seed);
  const { visitor } = suite;

  let page: Page;

  beforeAll(async () => {
    page = await suite.browser.newPage({ locale: 'en-US' });
    await logIn(page, suite.base, 'ivy');
    await page.getByText('Ivy: Online').waitFor();
  });

  it('given the conversation on screen, should show the answer growing with its thinking collapsed, then the final answer once', async () => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    const begun = gate();
    const halfway = gate();
    model.next({
      steps: [
        say.until(begun.promise),
        say.reasoning('The visitor wants to send a shirt back: source 1.'),
        say.text('Open **your order** '),
        say.until(halfway.promise),
        say.text('and choose "Return" [1].'),
        say.finish(),
      ],
    });
    const chat = await visitor('chatStart', { channelId: 'help', userName: 'Rosa' });
    await visitor('sendMsg', {
      userId: chat.userId,
      msgContent: 'How do I return a shirt?',
      clientMsgId: 'q1',
    });
    await visitor('robotAsk', {
      userId: chat.userId,
      msgContent: 'How do I return a shirt?',
      msgId: 'q1',
      stream: true,
    });

    // The robot's conversation is nobody's: the agent opens it from the unassigned list.
    await page.getByRole('button', { name: /Unassigned/ }).click();
    await page.locator('.console-inbox-row', { hasText: 'How do I return a shirt?' }).click();
    const pane = page.getByRole('main');
    await pane.getByText('How do I return a shirt?', { exact: true }).waitFor();
    // The robot writes while the conversation is on screen: only the watching poll brings it.
    begun.open();
    const answer = pane.locator('[data-message-id="answer-q1"]');
    await answer.locator('strong', { hasText: 'your order' }).waitFor(SOON);
    // Busy while it grows; the thinking is done once the answer began, and closed.
    expect(await answer.getAttribute('aria-busy')).toBe('true');
    const thinking = answer.getByRole('button', { name: /Deep thinking done/ });
    expect(await thinking.getAttribute('aria-expanded')).toBe('false');
    expect(await axeViolations(page)).toEqual([]);

    halfway.open();
    await pane.getByText('Sources: [1]', { exact: false }).waitFor(SOON);
    expect(await answer.count()).toBe(0);
    expect(await pane.locator('strong', { hasText: 'your order' }).count()).toBe(1);
    const final = pane.locator('.console-answer');
    expect(await final.count()).toBe(1);
    // Opened from the keyboard.
    await final.getByRole('button', { name: /Deep thinking done \(\d+ seconds?\)/ }).focus();
    await page.keyboard.press('Enter');
    await final.getByText('The visitor wants to send a shirt back: source 1.').waitFor(SOON);
    expect(errors).toEqual([]);
  });
});
