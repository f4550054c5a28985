import { type ChatSession, createChatSession, createMemoryStorage, fileMsgType } from '@parley/chat-core';
import { agentEvent, CHANNEL, FakeServer, START } from '@parley/chat-core/testing';
import { toast } from '@parley/chat-ui/Toast';
import { Provider as JotaiProvider } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { ChatScreen } from '../App.js';
import { DeferredToaster } from '../shell/toasts.js';
import { WithStrings } from '../test/strings.js';
import { ListRenderProbe, VOICE_RECORDING, voiceFileName } from './ChatPage.js';

/** The engine's fake server, robot first with a welcome, and a robot that knows about orders. */
function fakeServer(start: { status: number }) {
  const server = new FakeServer()
    .reply('channelInfo', {
      ...CHANNEL,
      robotWelcomeMode: 1,
      robotWelcomeMsg: 'Hi, I am Robo. Ask me anything.',
    })
    .reply('chatStart', { ...START, ...start })
    .reply('robotAsk', (body: { msgId: string }) => ({
      id: `r-${body.msgId}`,
      userId: START.userId,
      senderType: 3,
      msgType: 1,
      msgContent: 'Your order ships tomorrow.',
      msgTime: Date.now(),
    }));
  server.chatStatus = start.status;
  return server;
}

// Every engine delay shortened, so a test sees polls and ticks within milliseconds.
const quickTimers = {
  setTimeout: (callback: () => void, ms: number) => setTimeout(callback, Math.min(ms, 20)),
  clearTimeout: (handle: unknown) => clearTimeout(handle as number),
};

const realTimers = {
  setTimeout: (callback: () => void, ms: number) => setTimeout(callback, ms),
  clearTimeout: (handle: unknown) => clearTimeout(handle as number),
};

const sessions: ChatSession[] = [];
function open(search: string, start = { status: 0 }, timers = quickTimers) {
  const server = fakeServer(start);
  const session = createChatSession({
    transport: server,
    search,
    referrer: '',
    storage: createMemoryStorage(),
    timers,
    logger: { info() {}, warn() {}, error() {} },
  });
  sessions.push(session);
  return { server, session };
}

afterEach(() => {
  ListRenderProbe.onRender = null;
  for (const session of sessions.splice(0)) session.dispose();
  // Errors stay until dismissed: none outlives its test.
  toast.dismiss();
});

/** The robot's answer to any question: "Here is your latest order." with an order card of these props. */
const robotCard = (props: Record<string, unknown>) => (body: { msgId: string }) => ({
  id: `r-${body.msgId}`,
  userId: START.userId,
  senderType: 3,
  msgType: 'card',
  msgContent: 'Here is your latest order.',
  msgTime: Date.now(),
  card: { code: 'order-card', props },
});

async function show(session: ChatSession) {
  return render(
    <WithStrings>
      <JotaiProvider>
        <ChatScreen session={session} />
      </JotaiProvider>
      <DeferredToaster />
    </WithStrings>,
  );
}

describe('the chat page', () => {
  it('given no channel id, should show the spec error without a retry that cannot help', async () => {
    const { session } = open('?from=web');
    const screen = await show(session);
    await expect.element(screen.getByRole('alert')).toBeVisible();
    await expect.element(screen.getByText('unknown channel id', { exact: true })).toBeVisible();
    await expect.element(screen.getByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('given a channel the server does not know (404), should show its reason once and no retry', async () => {
    const { session, server } = open('?channelId=nope-does-not-exist');
    server.refuse('channelInfo', 'no such channel', 404);
    const screen = await show(session);
    await expect.element(screen.getByText('unknown channel, no such channel', { exact: true })).toBeVisible();
    await expect.element(screen.getByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('given the server fails itself (5xx), should offer a retry that starts the chat', async () => {
    const { session, server } = open('?channelId=7');
    server.refuse('channelInfo', 'restarting', 503);
    const screen = await show(session);
    await expect.element(screen.getByText('unknown channel, restarting', { exact: true })).toBeVisible();
    server.reply('channelInfo', CHANNEL);
    await screen.getByRole('button', { name: 'Try again' }).click();
    await expect.element(screen.getByRole('alert')).not.toBeInTheDocument();
    await expect.element(screen.getByRole('log', { name: 'Conversation' })).toBeInTheDocument();
  });

  it('given the server cannot be reached, should say so in plain words with a retry, not a technical text', async () => {
    const { session, server } = open('?channelId=c1');
    server.offline = true;
    const screen = await show(session);
    await expect.element(screen.getByRole('alert')).toBeVisible();
    await expect
      .element(screen.getByText('The chat service cannot be reached. Check your connection and try again.'))
      .toBeVisible();
    expect(screen.getByRole('alert').element().textContent).not.toContain('channelInfo');
    server.offline = false;
    await screen.getByRole('button', { name: 'Try again' }).click();
    await expect.element(screen.getByRole('alert')).not.toBeInTheDocument();
  });

  it('given a hidden page and an agent message, should flash the title on the engine beats and restore it on return', async () => {
    const server = fakeServer({ status: 2 });
    let visible = false;
    const listeners = new Set<(value: boolean) => void>();
    const visibility = {
      get: () => visible,
      subscribe(listener: (value: boolean) => void) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    };
    const session = createChatSession({
      transport: server,
      search: '?channelId=c1',
      referrer: '',
      storage: createMemoryStorage(),
      timers: quickTimers,
      visibility,
      logger: { info() {}, warn() {}, error() {} },
    });
    sessions.push(session);
    await show(session);
    await expect.poll(() => document.title).toBe('Acme help');
    server.queueEvents(agentEvent('a1', 'Are you there?'));
    // The engine's beats (20 ms with the test's timers) drive the title: both states show.
    await expect.poll(() => document.title).toBe('You received a new message');
    await expect.poll(() => document.title).toBe('Acme help');
    await expect.poll(() => document.title).toBe('You received a new message');
    visible = true;
    for (const listener of listeners) listener(true);
    await expect.poll(() => document.title).toBe('Acme help');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(document.title).toBe('Acme help');
  });

  it('given a robot answer with a card, should show its text and the registered kit card', async () => {
    const { session, server } = open('?channelId=c1');
    server.reply(
      'robotAsk',
      robotCard({ type: 'order', name: 'Wireless earbuds', price: 199, currency: 'EUR', status: 'Shipped' }),
    );
    const screen = await show(session);
    const input = screen.getByRole('textbox', { name: 'Message' });
    await userEvent.fill(input, 'Where is my order?');
    await userEvent.keyboard('{Enter}');
    await expect.element(screen.getByText('Here is your latest order.')).toBeVisible();
    await expect.element(screen.getByText('Wireless earbuds')).toBeVisible();
    await expect.element(screen.getByText('Shipped')).toBeVisible();
  });

  it('given a card whose props carry more than a goods card, should draw only the goods card fields', async () => {
    const { session, server } = open('?channelId=c1');
    server.reply(
      'robotAsk',
      robotCard({
        name: 'Wireless earbuds',
        price: 199,
        currency: 'EURO',
        status: { not: 'text' },
        tags: [{ name: 'New' }, { name: 42 }, null],
        style: { position: 'fixed', inset: 0, zIndex: 9999 },
        className: 'visitor-composer',
        role: 'alert',
        hidden: true,
        id: 'composer',
        'aria-label': 'Send',
        onClick: 'alert(1)',
        dangerouslySetInnerHTML: { __html: '<img src=x onerror=alert(1)>' },
      }),
    );
    const screen = await show(session);
    await userEvent.fill(screen.getByRole('textbox', { name: 'Message' }), 'Where is my order?');
    await userEvent.keyboard('{Enter}');
    await expect.element(screen.getByText('Wireless earbuds')).toBeVisible();
    const card = document.querySelector('[data-slot="goods-card"]') as HTMLElement;
    expect(card.getAttribute('style')).toBeNull();
    expect(card.hidden).toBe(false);
    expect([card.id, card.getAttribute('role'), card.getAttribute('aria-label')]).toEqual(['', null, null]);
    expect(card.className.split(' ').every((name) => name.startsWith('parley-'))).toBe(true);
    expect(card.dataset.variant).toBe('order');
    expect(card.querySelector('img')).toBeNull();
    expect([...card.querySelectorAll('li')].map((tag) => tag.textContent)).toEqual(['New']);
    expect(card.textContent).toContain('199.00 EURO');
  });

  it('given a robot-first channel, should title the page and show the robot welcome', async () => {
    const { session } = open('?channelId=7');
    const screen = await show(session);
    await expect.element(screen.getByRole('heading', { level: 1, name: 'Acme help' })).toBeVisible();
    await expect.element(screen.getByText('Hi, I am Robo. Ask me anything.')).toBeVisible();
    await expect.element(screen.getByRole('log', { name: 'Conversation' })).toBeVisible();
  });

  it('when the visitor sends a message, should show it and the robot answer, and send it once', async () => {
    const { session, server } = open('?channelId=7');
    const screen = await show(session);
    const input = screen.getByRole('textbox');
    await userEvent.fill(input, 'Where is my order?');
    await userEvent.keyboard('{Enter}');
    await expect.element(screen.getByText('Where is my order?')).toBeVisible();
    await expect.element(screen.getByText('Your order ships tomorrow.')).toBeVisible();
    await expect.element(input).toHaveValue('');
    expect(server.count('sendMsg')).toBe(1);
  });

  it('when the visitor taps a suggested question, should send it and clear the composer and the suggestions', async () => {
    const { session, server } = open('?channelId=7');
    server.reply('robotTips', ['When will my order ship?', 'Shipping costs']);
    const screen = await show(session);
    const input = screen.getByRole('textbox', { name: 'Message' });
    await userEvent.fill(input, 'ship');
    const tip = screen.getByRole('button', { name: 'When will my order ship?' });
    await tip.click();
    await expect.element(screen.getByText('Your order ships tomorrow.')).toBeVisible();
    await expect.element(input).toHaveValue('');
    await expect.element(screen.getByRole('button', { name: 'Shipping costs' })).not.toBeInTheDocument();
    expect(server.bodies('sendMsg').map((body) => body.msgContent)).toEqual(['When will my order ship?']);
    // Nothing of the typed text comes back: the send button has nothing to send.
    await expect.element(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  });

  it('given a visitor the site names (pid) on a new browser, should offer and show their earlier chats', async () => {
    const { session, server } = open('?channelId=7&pid=customer-42');
    server.reply('getHistoryMsg', [
      {
        id: 'h1',
        userId: START.userId,
        senderType: 2,
        msgType: 1,
        msgContent: 'Your refund is on its way.',
        msgTime: 1000,
      },
    ]);
    const screen = await show(session);
    await screen.getByRole('button', { name: 'Load earlier messages' }).click();
    await expect.element(screen.getByText('Your refund is on its way.')).toBeVisible();
  });

  it('given a server that says there is no history, should offer none', async () => {
    const { session } = open('?channelId=7', { status: 0, hasHistory: false } as { status: number });
    const screen = await show(session);
    await expect.element(screen.getByText('Hi, I am Robo. Ask me anything.')).toBeVisible();
    await expect
      .element(screen.getByRole('button', { name: 'Load earlier messages' }))
      .not.toBeInTheDocument();
  });

  it('when the visitor ends the chat, should show an ended line, offer the rating, and disable the composer saying why', async () => {
    const { session, server } = open('?channelId=7', { status: 2 });
    server.reply('channelInfo', { ...CHANNEL, userOverMsg: '', evaluateMode: 1 });
    server.reply('getEvaluateInfo', {
      starList: [
        { star: 1, desc: 'Poor' },
        { star: 5, desc: 'Very satisfied' },
      ],
    });
    const screen = await show(session);
    await screen.getByRole('button', { name: 'End chat' }).click();
    await expect.element(screen.getByRole('log').getByText('You ended the chat')).toBeVisible();
    await expect.element(screen.getByRole('dialog', { name: 'Rate this service' })).toBeVisible();
    await screen.getByRole('button', { name: 'Not now' }).click();
    const input = screen.getByRole('textbox', { name: 'Message' });
    await expect.element(input).toBeDisabled();
    await expect
      .element(input)
      .toHaveAccessibleDescription('The chat has ended. Start a new chat to write again.');
    await expect
      .element(screen.getByText('The chat has ended. Start a new chat to write again.'))
      .toBeVisible();
    await expect.element(input).not.toHaveAttribute('placeholder', 'Type a message…');
  });

  it('when the visitor sends what they typed, should clear the suggestions for it', async () => {
    const { session, server } = open('?channelId=7');
    server.reply('robotTips', ['When will my order ship?']);
    const screen = await show(session);
    await userEvent.fill(screen.getByRole('textbox', { name: 'Message' }), 'ship');
    await expect.element(screen.getByRole('button', { name: 'When will my order ship?' })).toBeVisible();
    await userEvent.keyboard('{Enter}');
    await expect.element(screen.getByText('Your order ships tomorrow.')).toBeVisible();
    await expect
      .element(screen.getByRole('button', { name: 'When will my order ship?' }))
      .not.toBeInTheDocument();
    await expect.element(screen.getByRole('button', { name: 'Talk to a human agent' })).toBeVisible();
  });

  it('when the agent types, should show the indicator without rendering the message list again', async () => {
    // Real timers: the typing indicator's own timeout must not be shortened (polls every 2 s).
    const { session, server } = open('?channelId=7', { status: 2 }, realTimers);
    const renders = vi.fn();
    ListRenderProbe.onRender = renders;
    const screen = await show(session);
    await expect.element(screen.getByRole('log', { name: 'Conversation' })).toBeInTheDocument();
    await vi.waitFor(() => expect(session.getSnapshot().eventMsgPollingSignal).toBe(true));
    // Let the list settle (measurements, first messages) before counting.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const before = renders.mock.calls.length;
    server.queueEvents({ msgId: 'e1', event_type: 1204 });
    await vi.waitFor(() => expect(session.getSnapshot().agentIsTyping).toBe(true), { timeout: 5000 });
    await expect.element(screen.getByRole('status').filter({ hasText: /typing/i })).toBeInTheDocument();
    expect(renders.mock.calls.length).toBe(before);
  });
});

describe('asking once for who the visitor is', () => {
  const contactForm = JSON.stringify({
    formModal: 0,
    fields: [
      { name: 'name', label: 'Your name', type: 'text', required: true },
      { name: 'mobile', label: 'Mobile', type: 'phone' },
      { name: 'mail', label: 'Work email', type: 'email' },
    ],
  });

  it('given a pre-chat form filled in, should fill the leave-a-message form from it', async () => {
    const { session, server } = open('?channelId=7');
    server.reply('channelInfo', { ...CHANNEL, userFormMode: 1, userFormConfig: contactForm });
    const screen = await show(session);
    const before = screen.getByRole('region', { name: 'Before we start' });
    await userEvent.fill(before.getByLabelText(/^Your name/), 'Ann Lee');
    await userEvent.fill(before.getByLabelText('Mobile'), '+86 138 0013 8000');
    await userEvent.fill(before.getByLabelText('Work email'), 'ann@example.com');
    await before.getByRole('button', { name: 'Start chatting' }).click();
    await expect.element(before).not.toBeInTheDocument();

    await screen.getByRole('button', { name: 'Leave a message' }).click();
    const dialog = screen.getByRole('dialog', { name: 'Leave a message' });
    await expect.element(dialog.getByLabelText('Name')).toHaveValue('Ann Lee');
    // As the form sent it: in E.164.
    await expect.element(dialog.getByLabelText('Phone')).toHaveValue('+8613800138000');
    await expect.element(dialog.getByLabelText('Email')).toHaveValue('ann@example.com');
    await userEvent.fill(dialog.getByLabelText(/^Message/), 'Please call me about order 1042.');
    await dialog.getByRole('button', { name: 'Send message' }).click();
    await expect.element(dialog).not.toBeInTheDocument();
    expect(server.bodies('leaveMsg')).toEqual([
      {
        name: 'Ann Lee',
        phone: '+8613800138000',
        email: 'ann@example.com',
        content: 'Please call me about order 1042.',
        userId: START.userId,
        channelId: '7',
      },
    ]);
  });

  it('given the details the site passed to chat start, should fill the leave-a-message form with them', async () => {
    const { session } = open('?channelId=7&userName=Ann%20Lee&email=ann%40example.com');
    const screen = await show(session);
    await screen.getByRole('button', { name: 'Leave a message' }).click();
    const dialog = screen.getByRole('dialog', { name: 'Leave a message' });
    await expect.element(dialog.getByLabelText('Name')).toHaveValue('Ann Lee');
    await expect.element(dialog.getByLabelText('Email')).toHaveValue('ann@example.com');
    await expect.element(dialog.getByLabelText('Phone')).toHaveValue('');
  });
});

describe('errors that stay until resolved', () => {
  it('given a left message refused, should keep Submit failed until the message is taken', async () => {
    const { session, server } = open('?channelId=7');
    server.refuse('leaveMsg', 'mail server down');
    const screen = await show(session);
    await screen.getByRole('button', { name: 'Leave a message' }).click();
    const dialog = screen.getByRole('dialog', { name: 'Leave a message' });
    await userEvent.fill(dialog.getByLabelText('Email'), 'ann@example.com');
    await userEvent.fill(dialog.getByLabelText(/^Message/), 'Where is order 1042?');
    await dialog.getByRole('button', { name: 'Send message' }).click();
    const failed = dialog.getByRole('status').filter({ hasText: 'Submit failed' });
    await expect.element(failed).toBeVisible();
    // Longer than any timed toast: still there.
    await new Promise((resolve) => setTimeout(resolve, 5500));
    await expect.element(failed).toBeVisible();
    server.reply('leaveMsg', null);
    await dialog.getByRole('button', { name: 'Send message' }).click();
    await expect.element(dialog).not.toBeInTheDocument();
    await expect.element(screen.getByRole('status').filter({ hasText: 'Thank you.' })).toBeVisible();
    await expect.element(screen.getByText(/Submit failed/)).not.toBeInTheDocument();
  }, 15_000);
});

describe('voice notes', () => {
  it.each(VOICE_RECORDING.mimeType)(
    'given a %s recording, should name it so it goes as audio (msgType 5)',
    (type) => {
      const name = voiceFileName(type, 1_700_000_000_000);
      expect(name).toMatch(/^voice-1700000000000\.(ogg|wav)$/);
      expect(fileMsgType(name)).toBe(5);
    },
  );

  it('given a format outside the spec audio list, should keep its own extension rather than pretend', () => {
    expect(voiceFileName('audio/webm;codecs=opus', 1)).toBe('voice-1.webm');
    expect(voiceFileName('audio/x-wav', 1)).toBe('voice-1.wav');
  });
});
