import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { IconFile, IconImage } from '../Icon/icons.js';
import { QuickReplies, type QuickReplyItem } from './QuickReplies.js';

const avatar =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'%3E%3Ccircle cx='8' cy='8' r='8' fill='%23e07a1f'/%3E%3C/svg%3E";

const items: QuickReplyItem[] = [
  { name: 'Track my order', code: 'track', isHighlight: true },
  { name: 'Refunds', code: 'refund', isNew: true },
  { name: 'Send a photo', code: 'photo', icon: <IconImage /> },
  { name: 'Invoices', code: 'invoice', icon: <IconFile /> },
  { name: 'Talk to an agent', code: 'agent', img: avatar },
  { name: 'Opening hours', code: 'hours' },
  { name: 'Delivery times', code: 'delivery' },
];

/**
 * Quick-reply chips above the composer: a horizontally scrollable `toolbar` with one tab stop
 * (arrow keys move, mirrored right to left; Home/End jump). Chips can be highlighted, marked
 * new, and carry an icon or an image.
 */
const meta = {
  title: 'Input/QuickReplies',
  component: QuickReplies,
  args: { items, onClick: fn() },
  decorators: [
    (Story) => (
      <div style={{ maxInlineSize: 360 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof QuickReplies>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every chip kind in one row that overflows and scrolls. */
export const Default: Story = {};

/**
 * A 320 px row whose chips do not fit: the cut side fades out and a scroll button shows there,
 * only where there is more to see. A chip reached by the arrow keys scrolls fully into view.
 */
export const Overflowing: Story = {
  args: {
    items: [
      { name: 'Talk to a human agent', code: 'transfer' },
      { name: 'Leave a message', code: 'leave' },
      { name: 'Rate this chat', code: 'rate' },
      { name: 'End chat', code: 'end' },
    ],
  },
  decorators: [
    (Story) => (
      <div style={{ inlineSize: 320 }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('button', { name: /Next quick replies|الردود السريعة التالية/ }),
    ).toBeVisible();
    await expect(canvas.queryByRole('button', { name: /Previous quick replies/ })).toBeNull();
  },
};

/** A few plain chips. */
export const Plain: Story = {
  args: { items: [{ name: 'Yes' }, { name: 'No' }, { name: 'Maybe later' }] },
};

/** Arrow keys move between chips; Enter chooses one. */
export const KeyboardNavigation: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Track my order' })).toHaveFocus();
    const rtl = getComputedStyle(canvas.getByRole('toolbar')).direction === 'rtl';
    await userEvent.keyboard(rtl ? '{ArrowLeft}' : '{ArrowRight}');
    await expect(canvas.getByRole('button', { name: /Refunds/ })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onClick).toHaveBeenCalledWith(items[1], 1);
  },
};
