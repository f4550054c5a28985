import { type ChatSession, createChatSession, createMemoryStorage, VisitorEvent } from '@parley/chat-core';
import { CHANNEL, FakeServer, START } from '@parley/chat-core/testing';
import { Provider as JotaiProvider } from 'jotai';
import { afterEach, describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { ChatScreen } from '../App.js';
import { WithStrings } from '../test/strings.js';

// The robot's answer as it is generated (docs/contract.md, "The robot's answer as it grows"):
// the page shows it growing, the model's thinking collapsed, and the final answer once.

const quickTimers = {
  setTimeout: (callback: () => void, ms: number) => setTimeout(callback, Math.min(ms, 20)),
  clearTimeout: (handle: unknown) => clearTimeout(handle as number),
};

const sessions: ChatSession[] = [];
afterEach(() => {
  for (const session of sessions.splice(0)) session.dispose();
});

/** A robot-first chat on a server that streams: robotAsk answers at once with the placeholder. */
function open(server = new FakeServer(), storage = createMemoryStorage()) {
  server
    .reply('channelInfo', { ...CHANNEL, robotName: 'Robo' })
    .reply('robotAsk', (body: { msgId: string }) => ({
      id: `answer-${body.msgId}`,
      userId: START.userId,
      senderType: 3,
      msgType: 'answermsg',
      msgContent: '',
      msgTime: Date.now(),
    }));
  const session = createChatSession({
    transport: server,
    search: '?channelId=7',
    referrer: '',
    storage,
    timers: quickTimers,
    logger: { info() {}, warn() {}, error() {} },
  });
  sessions.push(session);
  return { server, session };
}

describe("the robot's growing answer", () => {
  it('should show the answer as it grows with the thinking collapsed, then the final answer once', async () => {
    const { server, session } = open();
    const screen = await render(
      <WithStrings>
        <JotaiProvider>
          <ChatScreen session={session} />
        </JotaiProvider>
      </WithStrings>,
    );
    await userEvent.fill(screen.getByRole('textbox'), 'How do I return a shirt?');
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => server.count('robotAsk')).toBe(1);
    const replyTo = server.bodies('robotAsk')[0]?.msgId as string;
    const part = (n: number, at: number, delta: string, thinking: [number, string] = [0, '']) => ({
      msgId: `event-${n}`,
      event_type: VisitorEvent.robotDelta,
      replyTo,
      at,
      delta,
      thinkingAt: thinking[0],
      thinkingDelta: thinking[1],
    });

    server.queueEvents(part(1, 0, '', [0, 'The visitor wants to return a shirt.']));
    const toggle = screen.getByRole('button', { name: 'Thinking…' });
    await expect.element(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect.element(screen.getByText('The visitor wants to return a shirt.')).not.toBeVisible();

    server.queueEvents(part(2, 0, 'Open **your order** '));
    await expect.element(screen.getByText('your order')).toBeVisible();
    await expect.element(screen.getByRole('button', { name: /Deep thinking done/ })).toBeVisible();
    // Busy while it grows: a screen reader reads it once it is complete.
    expect(screen.container.querySelector('.visitor-answer')?.getAttribute('aria-busy')).toBe('true');

    server.queueEvents(part(3, 0, 'Open **your order** '), part(4, 20, 'and choose Return.'));
    await expect.element(screen.getByText('and choose Return.', { exact: false })).toBeVisible();

    server.queueEvents({
      msgId: 'r-final',
      event_type: VisitorEvent.robotAnswer,
      replyTo,
      senderType: 3,
      senderName: 'Robo',
      msgType: 1,
      msgContent: 'Open **your order** and choose Return.\n\nSources: [1] Returns',
      msgTime: Date.now(),
    });
    await expect.element(screen.getByText('Sources: [1] Returns')).toBeVisible();
    expect(screen.getByText('your order').elements()).toHaveLength(1);
    expect(screen.container.querySelector('.visitor-answer')?.hasAttribute('aria-busy')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: /Deep thinking done/ }));
    await expect.element(screen.getByText('The visitor wants to return a shirt.')).toBeVisible();
  });
  it('given a reload after an answer with thinking, should show its thinking collapsed as "done, N s", as it was', async () => {
    const storage = createMemoryStorage();
    storage.setItem(`chat-${CHANNEL.tenantId}-uid`, START.userId);
    const server = new FakeServer().reply('getSessionMsg', [
      { id: 'q1', userId: START.userId, senderType: 1, msgType: 1, msgContent: 'Refund?', msgTime: 1 },
      {
        id: 'r1',
        userId: START.userId,
        senderType: 3,
        senderName: 'Robo',
        msgType: 1,
        msgContent: 'Open **your order**.',
        msgTime: 2,
        replyTo: 'q1',
        thinking: { text: 'The visitor wants a refund.', seconds: 7 },
      },
    ]);
    const { session } = open(server, storage);
    const screen = await render(
      <WithStrings>
        <JotaiProvider>
          <ChatScreen session={session} />
        </JotaiProvider>
      </WithStrings>,
    );
    const toggle = screen.getByRole('button', { name: 'Deep thinking done (7 seconds)' });
    await expect.element(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect.element(screen.getByText('your order')).toBeVisible();
    await userEvent.click(toggle);
    await expect.element(screen.getByText('The visitor wants a refund.')).toBeVisible();
  });
});
