// The first screen as a visitor's first load draws it. The first test must stay first: the page's
// part that draws cards and the FAQ tree must not have been loaded by an earlier test.
import '@parley/chat-ui/styles.css';
import '../styles.css';
import { createChatSession, createMemoryStorage } from '@parley/chat-core';
import { CHANNEL, FakeServer, START } from '@parley/chat-core/testing';
import { Provider as JotaiProvider } from 'jotai';
import { expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { ChatScreen } from '../App.js';
import { keysOnly } from '../i18n/i18n.js';
import { TranslateProvider } from '../i18n/useT.js';
import { englishT, WithStrings } from '../test/strings.js';

it('given a welcome with the FAQ tree and tip cards, should draw them without moving anything on screen', async () => {
  await page.viewport(412, 823);
  const server = new FakeServer()
    .reply('channelInfo', {
      ...CHANNEL,
      robotWelcomeMode: 1,
      robotWelcomeMsg: 'Hi! Ask me about shipping or returns.',
      faqMode: 1,
      faqConfig: [
        { title: 'Orders', content: 'Your tracking link is in the e-mail.' },
        { title: 'Returns', content: '30 days.' },
      ],
      autoTip: [
        { title: 'Shipping', content: 'Free shipping from 50 EUR' },
        { title: 'Returns', content: '30 days to return any item', link: 'https://example.com/returns' },
      ],
    })
    .reply('chatStart', START);
  const session = createChatSession({
    transport: server,
    search: '?channelId=demo',
    referrer: '',
    storage: createMemoryStorage(),
    logger: { info() {}, warn() {}, error() {} },
  });
  const shifts: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) shifts.push((entry as unknown as { value: number }).value);
  });
  observer.observe({ type: 'layout-shift' });
  try {
    const screen = await render(
      <WithStrings>
        <JotaiProvider>
          <div style={{ blockSize: '823px', display: 'flex', flexDirection: 'column' }}>
            <ChatScreen session={session} />
          </div>
        </JotaiProvider>
      </WithStrings>,
    );
    await expect.element(screen.getByText('Hi! Ask me about shipping or returns.')).toBeVisible();
    await expect.element(screen.getByText('30 days to return any item')).toBeVisible();
    await expect.element(screen.getByRole('treeitem', { name: 'Orders' })).toBeVisible();
    // Shifts are reported after the frame that made them.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    for (const entry of observer.takeRecords()) shifts.push((entry as unknown as { value: number }).value);
    expect(shifts.reduce((sum, value) => sum + value, 0)).toBe(0);
  } finally {
    observer.disconnect();
    session.dispose();
  }
});

it('given the chat started before the language pack arrived, should show the loading line, never a key, until the pack is there', async () => {
  const session = createChatSession({
    transport: new FakeServer(),
    search: '?channelId=c1',
    referrer: '',
    storage: createMemoryStorage(),
    logger: { info() {}, warn() {}, error() {} },
  });
  try {
    const screen = await render(
      <TranslateProvider t={keysOnly}>
        <ChatScreen session={session} />
      </TranslateProvider>,
    );
    await expect.poll(() => session.getSnapshot().phase).toBe('ready');
    await expect.element(screen.getByRole('status')).toHaveAttribute('aria-busy', 'true');
    expect(document.body.textContent).not.toMatch(/\b(chat|composer|page)\.\w+/);
    expect(screen.container.querySelector('textarea')).toBeNull();
    await screen.rerender(
      <TranslateProvider t={englishT()}>
        <ChatScreen session={session} />
      </TranslateProvider>,
    );
    await expect.element(screen.getByRole('textbox', { name: 'Message' })).toBeVisible();
    await expect.element(screen.getByRole('button', { name: 'End chat' })).toBeVisible();
  } finally {
    session.dispose();
  }
});
