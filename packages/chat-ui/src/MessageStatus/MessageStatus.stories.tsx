import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { MessageStatus } from './MessageStatus.js';

/**
 * The delivery status beside a visitor's message: a spinner after 800 ms pending, a retry button
 * after 12 000 ms, "Seen" once the other side read it. While pending, `onRetry` fires every 5 000 ms.
 */
const meta = {
  title: 'Conversation/MessageStatus',
  component: MessageStatus,
  args: { status: 'fail', onRetry: fn() },
  argTypes: { status: { control: 'inline-radio', options: ['pending', 'sent', 'read', 'fail'] } },
} satisfies Meta<typeof MessageStatus>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Pending: after 800 ms a spinner with the hidden label "Sending…". */
export const Pending: Story = {
  args: { status: 'pending' },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelector('[data-state="loading"]')).not.toBeNull());
  },
};

/** Failed: an icon button with an accessible name; pressing it restarts the cycle. */
export const Failed: Story = {
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Not sent. Retry' });
    await expect(button).toBeVisible();
    await userEvent.click(button);
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(canvasElement.querySelector('[data-state="loading"]')).not.toBeNull());
  },
};

/** Sent: nothing is shown. */
export const Sent: Story = { args: { status: 'sent' } };

/** Read by the other side: a small "Seen" (plain text, not announced). */
export const Read: Story = {
  args: { status: 'read' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Seen')).toBeVisible();
  },
};
