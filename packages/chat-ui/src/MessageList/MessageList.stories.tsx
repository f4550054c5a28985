import type { Meta, StoryObj } from '@storybook/react-vite';
import { useRef, useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { MessageInput } from '../Message/model.js';
import { MessageList, type MessageListHandle } from './MessageList.js';

const t0 = new Date(2026, 2, 18, 9, 0, 0).getTime();
const now = new Date(2026, 2, 18, 15, 30, 0).getTime();
const agent = { name: 'Camille Martin' };
const lines = [
  'Hello! How can we help you today?',
  'My order #1042 has not arrived yet.',
  'Let me check that for you.',
  'It left our warehouse on Monday; the carrier usually takes two days.',
  'Can I change the delivery address?',
  'Yes: reply with the new address and I will update it.',
];

function conversation(from: number, to: number): MessageInput[] {
  return Array.from({ length: to - from }, (_, k) => {
    const i = from + k;
    const visitor = i % 2 === 1;
    return {
      _id: `m${i}`,
      content: `${lines[((i % lines.length) + lines.length) % lines.length]}`,
      createdAt: t0 + i * 97_000,
      position: visitor ? 'right' : 'left',
      user: visitor ? undefined : agent,
      status: visitor ? 'sent' : undefined,
    } satisfies MessageInput;
  });
}

/** A conversation with a button that plays an incoming agent message, to show follow and unread. */
function LiveConversation({ count = 30, hasMore = false }: { count?: number; hasMore?: boolean }) {
  const [messages, setMessages] = useState(() => conversation(0, count));
  const [oldest, setOldest] = useState(0);
  const list = useRef<MessageListHandle>(null);
  return (
    <div style={{ display: 'flex', flexDirection: 'column', blockSize: 420, inlineSize: '100%', gap: 8 }}>
      <div style={{ display: 'flex', gap: 8 }}>
        <button
          type="button"
          onClick={() =>
            setMessages((current) => [
              ...current,
              {
                _id: `in${current.length}`,
                content: 'Your parcel is out for delivery.',
                createdAt: t0 + current.length * 97_000,
                user: agent,
              },
            ])
          }
        >
          Receive a message
        </button>
        <button type="button" onClick={() => list.current?.scrollToBottom()}>
          Scroll to bottom
        </button>
      </div>
      <div style={{ flex: 1, minBlockSize: 0, border: '1px solid var(--parley-color-border)' }}>
        <MessageList
          ref={list}
          messages={messages}
          now={now}
          hasMore={hasMore && oldest > -60}
          onLoadMore={async () => {
            await new Promise((resolve) => setTimeout(resolve, 400));
            setMessages((current) => [...conversation(oldest - 20, oldest), ...current]);
            setOldest((value) => value - 20);
          }}
        />
      </div>
    </div>
  );
}

/**
 * The conversation, virtualised (10 000 messages stay smooth), as a focusable `role="log"` with
 * polite announcements of incoming messages. Reaching the top loads older history and keeps the
 * message in view where it was; new messages keep it at the bottom unless the reader scrolled up,
 * then the back-to-bottom button counts them.
 */
const meta = {
  title: 'Conversation/MessageList',
  component: MessageList,
  args: { messages: conversation(0, 12), now },
  decorators: [
    (Story) => (
      <div style={{ blockSize: 420, display: 'flex' }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof MessageList>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A conversation, starting at the newest message. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const log = within(canvasElement).getByRole('log', { name: 'Conversation' });
    await waitFor(() => expect(log.scrollHeight - log.clientHeight - log.scrollTop).toBeLessThanOrEqual(1));
  },
};

/**
 * Reading by keyboard: from the log, ArrowUp and ArrowDown move from message to message (Home and
 * End to the ends); the focused message shows its own time, as hovering one does.
 */
export const KeyboardReading: Story = {
  play: async ({ canvasElement }) => {
    const log = within(canvasElement).getByRole('log', { name: 'Conversation' });
    await waitFor(() => expect(log.scrollHeight - log.clientHeight - log.scrollTop).toBeLessThanOrEqual(1));
    log.focus();
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    const row = canvasElement.ownerDocument.activeElement as HTMLElement;
    await expect(row).toHaveAttribute('data-slot', 'message-list-item');
    await expect(row.querySelector('[data-slot="message-time"]')).toHaveTextContent('09:16');
  },
};

/** No messages yet. */
export const Empty: Story = { args: { messages: [] } };

/** 10 000 messages: only the rows in view are in the page. */
export const TenThousand: Story = {
  args: { messages: conversation(0, 10_000) },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelectorAll('.parley-message').length).toBeLessThan(40));
  },
};

/** Reaching the top shows a loading indicator while older history loads. */
export const LoadingHistory: Story = {
  args: { messages: conversation(0, 30), hasMore: true, onLoadMore: () => new Promise(() => {}) },
  play: async ({ canvasElement }) => {
    const log = within(canvasElement).getByRole('log');
    await waitFor(() => expect(log.scrollTop).toBeGreaterThan(0));
    log.scrollTop = 0;
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent(
      'Loading earlier messages…',
    );
  },
};

/** The reader scrolled up and two messages arrived: the back-to-bottom button counts them. */
export const UnreadWhileScrolledUp: Story = {
  render: () => <LiveConversation />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const log = canvas.getByRole('log');
    await waitFor(() => expect(log.scrollHeight - log.clientHeight - log.scrollTop).toBeLessThanOrEqual(1));
    log.scrollTop = log.scrollTop - 150;
    await new Promise((resolve) => setTimeout(resolve, 100));
    const receive = canvas.getByRole('button', { name: 'Receive a message' });
    await userEvent.click(receive);
    await userEvent.click(receive);
    await expect(await canvas.findByRole('button', { name: /2 new messages/ })).toBeVisible();
  },
};

const alice = { name: 'Alice Moreau' };
const bot = { name: 'Parley bot', bot: true };
const minute = 60_000;
const grouped: MessageInput[] = [
  { _id: 'g1', type: 'system', position: 'pop', content: 'Alice Moreau joined the chat', createdAt: t0 },
  { _id: 'g2', content: 'Hello, I am Alice. How can I help you?', user: alice, createdAt: t0 + 1000 },
  { _id: 'g3', content: 'I can see your order #1042 here.', user: alice, createdAt: t0 + 20_000 },
  { _id: 'g4', content: 'It left our warehouse on Monday.', user: alice, createdAt: t0 + 40_000 },
  { _id: 'g5', content: 'Great, thanks!', position: 'right', status: 'sent', createdAt: t0 + minute },
  { _id: 'g6', content: 'When will it arrive?', position: 'right', status: 'sent', createdAt: t0 + 70_000 },
  { _id: 'g7', content: 'Tomorrow before noon.', user: alice, createdAt: t0 + 2 * minute },
  // More than 5 minutes later: the time label starts a new group.
  { _id: 'g8', content: 'Here are answers to common questions:', user: bot, createdAt: t0 + 9 * minute },
  { _id: 'g9', content: 'How do I track my parcel?', user: bot, createdAt: t0 + 9 * minute + 500 },
  { _id: 'g10', content: 'Can I change the address?', user: bot, createdAt: t0 + 9 * minute + 900 },
];

/**
 * Consecutive messages from one sender within 3 minutes form a group: the name once at its start,
 * the avatar once at its end, tighter spacing and joined bubble corners. A notice or a time label
 * starts a new group. Screen readers still hear the name on every message.
 */
export const Grouped: Story = {
  args: { messages: grouped },
  play: async ({ canvasElement }) => {
    const rows = [...canvasElement.querySelectorAll('[data-slot="message"]')];
    await waitFor(() =>
      expect(rows.map((row) => row.getAttribute('data-group'))).toEqual([
        'single',
        'first',
        'middle',
        'last',
        'first',
        'last',
        'single',
        'first',
        'middle',
        'last',
      ]),
    );
    // One visible name and one avatar per group of Alice's three messages.
    const alices = rows.slice(1, 4);
    await expect(alices.filter((row) => row.querySelector('.parley-message__name')).length).toBe(1);
    await expect(alices.filter((row) => row.querySelector('[data-slot="message-avatar"]')).length).toBe(1);
  },
};

/** Try it: receive messages, scroll up, load history at the top, use back-to-bottom. */
export const Playground: Story = {
  render: () => <LiveConversation hasMore />,
};
