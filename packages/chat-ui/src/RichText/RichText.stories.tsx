import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useState } from 'react';
import { expect, waitFor } from 'storybook/test';
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

/**
 * A GitHub-flavoured table, as model answers write them: a real table with column headers, in a
 * region named "Table" that scrolls sideways when it is wider than the bubble, and takes the
 * keyboard focus so it can be scrolled without a mouse.
 */
export const Table: Story = {
  args: {
    content:
      'Our sizes:\n\n| Size | Chest | Waist | Hips | Inseam | Price |\n| :-- | :-: | :-: | :-: | :-: | --: |\n| S | 88 cm | 74 cm | 92 cm | 80 cm | 39 EUR |\n| M | 96 cm | 82 cm | 100 cm | 81 cm | 39 EUR |\n| L | 104 cm | 90 cm | 108 cm | 82 cm | 42 EUR |',
  },
  play: async ({ canvasElement }) => {
    const region = canvasElement.querySelector('section[aria-label="Table"]');
    await expect(region?.getAttribute('tabindex')).toBe('0');
    await expect(canvasElement.querySelectorAll('thead th')).toHaveLength(6);
    await expect(canvasElement.querySelectorAll('tbody tr')).toHaveLength(3);
  },
};

/** Strikethrough and a task list: the boxes are read-only, each named "Task". */
export const StrikethroughAndTasks: Story = {
  args: {
    content: 'Now ~~49 EUR~~ **39 EUR**.\n\n- [x] Order placed\n- [x] Paid\n- [ ] Shipped',
  },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('del')?.textContent).toBe('49 EUR');
    const boxes = [...canvasElement.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')];
    await expect(boxes.map((box) => box.checked)).toEqual([true, true, false]);
    for (const box of boxes) await expect(box.disabled).toBe(true);
  },
};

/**
 * A table caught mid-stream: its rows show as they come, and a second table whose delimiter row
 * has not come yet waits rather than flashing as a line of pipes.
 */
export const StreamingTable: Story = {
  args: {
    streaming: true,
    content:
      'Our sizes:\n\n| Size | Chest |\n| --- | --- |\n| S | 88 cm |\n| M | 9\n\nAnd for kids:\n\n| Age | Height |',
  },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelectorAll('table')).toHaveLength(1);
    await expect(canvasElement.querySelectorAll('tbody tr')).toHaveLength(2);
    await expect(canvasElement.textContent).not.toContain('|');
  },
};

const answer =
  '**Your order has shipped.** It left our warehouse on Monday.\n\n1. Track it at https://example.com/track\n2. Or read [the delivery FAQ](https://example.com/faq)\n\n```\nORDER-1042\n```\n\nAnything else?';

/** Streams `text` a few characters every 40 ms, as a model's answer arrives. */
function StreamedAnswer({ text }: { text: string }) {
  const [length, setLength] = useState(0);
  useEffect(() => {
    if (length >= text.length) return;
    const timer = setTimeout(() => setLength((current) => Math.min(text.length, current + 4)), 40);
    return () => clearTimeout(timer);
  }, [length, text]);
  return (
    <Bubble>
      <RichText content={text.slice(0, length)} streaming={length < text.length} />
    </Bubble>
  );
}

/**
 * A streamed answer, a few characters every 40 ms: completed blocks stay as they are, the last
 * one grows, and the text is `aria-busy` until it is complete (a list announces it once then).
 */
export const Streaming: Story = {
  render: () => <StreamedAnswer text={answer} />,
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[aria-busy="true"]')).not.toBeNull();
    await waitFor(() => expect(canvasElement.querySelector('[aria-busy]')).toBeNull(), { timeout: 10_000 });
    await expect(canvasElement.querySelectorAll('li')).toHaveLength(2);
  },
};

/**
 * An answer caught mid-stream: the bold still open at the end shows bold (healed as Streamdown
 * does, with remend), and the list item whose text has not come yet is left out rather than shown
 * as an empty bullet.
 */
export const HealedSyntax: Story = {
  args: {
    streaming: true,
    content: 'Your parcel is on its way.\n\n- Reference: `ORDER-1042`\n- Arrives **tomorrow before no',
  },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('li strong')?.textContent).toBe('tomorrow before no');
    await expect(canvasElement.textContent).not.toContain('**');
  },
};
