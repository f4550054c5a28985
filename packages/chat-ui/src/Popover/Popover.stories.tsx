import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Popover } from './Popover.js';

/**
 * A non-modal popover toggled by a click: focus moves in, Escape or an outside click closes it
 * and focus returns to the trigger. It flips, shifts and limits its height to stay on screen.
 */
const meta = {
  title: 'Overlays/Popover',
  component: Popover,
  args: {
    title: 'Order #1042',
    content: (
      <>
        <p style={{ marginBlock: '0 8px' }}>Shipped on 3 March, arriving in 2 days.</p>
        <a href="#track">Track the parcel</a>
      </>
    ),
    children: <button type="button">Order details</button>,
  },
  decorators: [
    (Story) => (
      <div style={{ minBlockSize: 220 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Popover>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Open below its trigger. */
export const Open: Story = { args: { defaultOpen: true } };

/** With a close button. */
export const WithClose: Story = { args: { defaultOpen: true, showClose: true } };

/** Closed: click the trigger to open, Escape to close. */
export const ClickAndEscape: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const trigger = canvas.getByRole('button', { name: 'Order details' });
    await userEvent.click(trigger);
    await waitFor(() => expect(canvas.getByRole('dialog', { name: 'Order #1042' })).toBeVisible());
    await waitFor(() => expect(canvas.getByRole('link')).toHaveFocus());
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(canvas.queryByRole('dialog')).toBeNull());
    await expect(trigger).toHaveFocus();
  },
};
