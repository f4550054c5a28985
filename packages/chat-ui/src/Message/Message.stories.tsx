import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Message } from './Message.js';

const createdAt = new Date(2026, 2, 18, 14, 5, 9).getTime();
const now = new Date(2026, 2, 18, 15, 30, 0).getTime();
// A small local avatar (no network in stories).
const avatar = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 36 36"><rect width="36" height="36" fill="#2e7d5b"/><circle cx="18" cy="14" r="6" fill="#fff"/><path d="M6 34a12 12 0 0 1 24 0" fill="#fff"/></svg>',
)}`;

/**
 * One row of the conversation: time label, author (avatar or initials, name, optional link) and
 * content by type (text, system, typing, custom via `renderContent`); the visitor's own messages
 * show their delivery status.
 */
const meta = {
  title: 'Conversation/Message',
  component: Message,
  args: {
    now,
    message: {
      _id: 'm1',
      content: 'Hello! How can we help you today?',
      createdAt,
      user: { name: 'Camille Martin', avatar },
    },
  },
} satisfies Meta<typeof Message>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Received, with an avatar image and the name. */
export const Received: Story = {};

/** Received, with initials instead of an image. */
export const Initials: Story = {
  args: {
    message: {
      _id: 'm2',
      content: 'Let me check that for you.',
      createdAt,
      user: { name: 'Camille Martin' },
    },
  },
};

/** An automated sender without an image: the robot, in its own colour. */
export const Bot: Story = {
  args: {
    message: {
      _id: 'm10',
      content: 'Hi, I am the virtual assistant. Ask me anything about your order.',
      createdAt,
      user: { name: 'Parley Assistant', bot: true },
    },
  },
};

/** The author links to a profile (new tab). */
export const LinkedAuthor: Story = {
  args: {
    message: {
      _id: 'm3',
      content: 'I am your agent today.',
      createdAt,
      user: { name: 'Camille Martin', avatar, url: 'https://example.com/agents/camille' },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('link')).toHaveAttribute('target', '_blank');
  },
};

/** The visitor's message, sent. */
export const Sent: Story = {
  args: {
    message: {
      _id: 'm4',
      content: 'My order #1042 has not arrived.',
      createdAt,
      position: 'right',
      status: 'sent',
    },
  },
};

/** The visitor's message, read by the agent: "Seen" under it. */
export const Seen: Story = {
  args: {
    message: {
      _id: 'm12',
      content: 'My order #1042 has not arrived.',
      createdAt,
      position: 'right',
      status: 'read',
    },
  },
};

/** The visitor's message that failed: a retry button. */
export const Failed: Story = {
  args: { message: { _id: 'm5', content: 'Are you there?', createdAt, position: 'right', status: 'fail' } },
};

/** With the time label (shown when more than 5 minutes passed since the last shown time). */
export const WithTime: Story = {
  args: {
    message: {
      _id: 'm6',
      content: 'Good afternoon!',
      createdAt,
      hasTime: true,
      user: { name: 'Camille Martin' },
    },
  },
};

/**
 * With keyboard focus in it (here on the author's link), or pointed at, a message shows its own
 * time; its tooltip has the full date and time.
 */
export const TimeOnFocus: Story = {
  args: {
    message: {
      _id: 'm11',
      content: 'Your parcel ships today.',
      createdAt,
      user: { name: 'Camille Martin', url: 'https://example.com/agents/camille' },
    },
  },
  play: async ({ canvasElement }) => {
    await userEvent.tab();
    await expect(within(canvasElement).getByRole('link')).toHaveFocus();
    const time = canvasElement.querySelector('[data-slot="message-time"]') as HTMLElement;
    await expect(time).toHaveTextContent('14:05');
    await waitFor(() => expect(getComputedStyle(time).opacity).toBe('1'));
  },
};

/** A system notice. */
export const System: Story = {
  args: {
    message: { _id: 'm7', type: 'system', position: 'pop', content: 'Camille joined the chat.', createdAt },
  },
};

/** The agent is typing. */
export const TypingMessage: Story = {
  name: 'Typing',
  args: {
    message: {
      _id: 'm8',
      type: 'typing',
      content: null,
      createdAt,
      user: { name: 'Camille Martin', avatar },
    },
  },
};

/** Custom content drawn by `renderContent`. */
export const Custom: Story = {
  args: {
    message: { _id: 'm9', type: 'custom', content: { order: 1042, state: 'Shipped' }, createdAt },
    renderContent: (message) => {
      const order = message.content as { order: number; state: string };
      return (
        <p style={{ margin: 0, padding: 8, border: '1px solid var(--parley-color-border)', borderRadius: 8 }}>
          Order {order.order}: {order.state}
        </p>
      );
    },
  },
};
