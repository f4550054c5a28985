import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { Bubble } from '../Bubble/Bubble.js';
import { Chat } from './Chat.js';

/**
 * A whole chat screen: Navbar, the conversation, quick replies and the composer, each part
 * replaceable. Scoped layout only (`.parley-chat`): its container decides the size.
 */
const meta = {
  title: 'Layout/Chat',
  component: Chat,
  decorators: [
    (Story) => (
      <div
        style={{
          blockSize: 520,
          maxInlineSize: 420,
          display: 'flex',
          border: '1px solid var(--parley-color-border)',
        }}
      >
        <Story />
      </div>
    ),
  ],
  args: {
    navbar: { title: 'Customer support', onBack: fn(), defaultSound: true },
  },
} satisfies Meta<typeof Chat>;

export default meta;
type Story = StoryObj<typeof meta>;

const conversation = [
  { id: 1, position: 'left', content: 'Hello! How can we help you today?' },
  { id: 2, position: 'right', content: 'My order #1042 has not arrived yet.' },
  { id: 3, position: 'left', content: 'Sorry about that. Let me check the delivery status for you.' },
  { id: 4, position: 'pop', content: 'An agent has joined the conversation.' },
  { id: 5, position: 'left', content: 'It is with the courier and should arrive tomorrow.' },
] as const;

function Conversation() {
  return (
    <div style={{ flex: 1, overflow: 'auto', display: 'flex', flexDirection: 'column', gap: 8, padding: 12 }}>
      {conversation.map((message) => (
        <Bubble key={message.id} position={message.position} content={message.content} />
      ))}
    </div>
  );
}

function CustomInput() {
  return (
    <div style={{ display: 'flex', gap: 8, padding: 8 }}>
      <input aria-label="Message" placeholder="Type a message" style={{ flex: 1, font: 'inherit' }} />
      <button type="button">Send</button>
    </div>
  );
}

/** The whole screen. */
export const Default: Story = {
  args: {
    renderMessageList: () => <Conversation />,
    composer: { onSend: fn() },
  },
};

/** Quick replies sit between the conversation and the composer. */
export const WithQuickReplies: Story = {
  args: {
    renderMessageList: () => <Conversation />,
    quickReplies: {
      items: [
        { name: 'Track my order', isHighlight: true },
        { name: 'Talk to an agent' },
        { name: 'Refunds', isNew: true },
      ],
      onClick: fn(),
    },
    composer: { onSend: fn() },
  },
};

/** A custom header replaces the Navbar; it receives the Navbar's props. */
export const CustomHeader: Story = {
  args: {
    renderNavbar: (props) => (
      <div style={{ padding: 12, fontWeight: 600, textAlign: 'center' }}>{props.title} (custom header)</div>
    ),
    renderMessageList: () => <Conversation />,
    composer: { onSend: fn() },
  },
};

/** Without a navbar: embedded where the page has its own header. */
export const NoNavbar: Story = {
  args: {
    navbar: null,
    renderMessageList: () => <Conversation />,
    composer: { onSend: fn() },
  },
};

/** Any part can be replaced: here the composer is a product's own input. */
export const CustomComposer: Story = {
  args: {
    renderMessageList: () => <Conversation />,
    renderComposer: () => <CustomInput />,
  },
};
