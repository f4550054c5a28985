import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Bubble } from './Bubble.js';

/**
 * A message bubble with plain text. URLs become links that open in a new tab with
 * `rel="noopener noreferrer"`; the text is never parsed as markup.
 */
const meta = {
  title: 'Conversation/Bubble',
  component: Bubble,
  args: { content: 'Hello! How can we help you today?', position: 'left' },
  argTypes: {
    position: { control: 'inline-radio', options: ['left', 'right', 'pop'] },
  },
} satisfies Meta<typeof Bubble>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A received message: the agent's or the robot's. */
export const Received: Story = {};

/** A message the visitor sent. */
export const Sent: Story = {
  args: { position: 'right', content: 'My order #1042 has not arrived yet.' },
};

/** A centred notice. */
export const Pop: Story = {
  args: { position: 'pop', content: 'Your chat has been transferred to a human agent.' },
};

/** URLs become links; trailing punctuation stays outside the link. */
export const WithLinks: Story = {
  args: { content: 'Track it at https://example.com/track?id=1042, or see www.example.com/help.' },
  play: async ({ canvasElement }) => {
    const links = within(canvasElement).getAllByRole('link');
    await expect(links).toHaveLength(2);
    for (const link of links) {
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  },
};

/** Long words wrap instead of overflowing; line breaks are kept. */
export const LongText: Story = {
  args: {
    content:
      'Line one of a longer answer.\nLine two with a long token: Supercalifragilisticexpialidocious_ABCDEFGHIJKLMNOPQRSTUVWXYZ_0123456789.',
  },
};

/** Markup in the text is shown as text. */
export const MarkupIsText: Story = {
  args: { content: '<b>not bold</b> <img src=x onerror=alert(1)>' },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('b, img')).toBeNull();
  },
};

/** Chinese, Arabic and Latin text in one conversation. */
export const Scripts: Story = {
  render: () => (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <Bubble content="您好，请问有什么可以帮您？" />
      <Bubble position="right" content="مرحبا، لدي سؤال عن طلبي" />
      <Bubble content="Bonjour, comment puis-je vous aider ?" />
    </div>
  ),
};
