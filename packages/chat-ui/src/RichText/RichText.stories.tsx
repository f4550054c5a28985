import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Bubble } from '../Bubble/Bubble.js';
import { RichText } from './RichText.js';

/**
 * Markdown in a message, safe with hostile input: HTML tags are dropped, links are limited to
 * http(s)/mailto/tel and open in a new tab, bare URLs become links, and remote images load only
 * when allowed. `LazyRichText` loads it on first use.
 */
const meta = {
  title: 'Conversation/RichText',
  component: RichText,
  args: {
    content:
      '**Your order has shipped.**\n\n1. Track it at https://example.com/track\n2. Or read [the delivery FAQ](https://example.com/faq)\n\n> Deliveries take 2-3 days.\n\n`ORDER-1042`',
  },
  render: (args) => (
    <Bubble>
      <RichText {...args} />
    </Bubble>
  ),
} satisfies Meta<typeof RichText>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Markdown in a bubble. */
export const Markdown: Story = {};

/** Hostile input renders inert. */
export const Hostile: Story = {
  args: {
    content:
      'Hi <script>alert(1)</script><img src=x onerror=alert(1)> [click](javascript:alert(1)) <iframe src="https://example.com"></iframe> ![pixel](https://tracker.example/p.png)',
  },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('script, img, iframe')).toBeNull();
    for (const link of canvasElement.querySelectorAll('a')) {
      await expect(link.getAttribute('href') ?? '').toMatch(/^https:/);
    }
  },
};

/** A table (GitHub-flavoured tables need remark-gfm, not bundled: they show as text). */
export const Table: Story = {
  args: {
    content: '| Size | Chest |\n| --- | --- |\n| S | 88 cm |\n| M | 96 cm |',
  },
};
