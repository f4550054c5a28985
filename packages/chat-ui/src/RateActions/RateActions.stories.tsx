import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { RateActions } from './RateActions.js';

/** Thumbs up / down under an answer; the choice locks once made. */
const meta = {
  title: 'Conversation/RateActions',
  component: RateActions,
  args: { onChange: fn() },
} satisfies Meta<typeof RateActions>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Not rated yet: both buttons. */
export const Unrated: Story = {};

/** Rated helpful: the other button is gone, the choice is pressed and locked. */
export const RatedUp: Story = { args: { defaultValue: 'up' } };

/** Rated not helpful. */
export const RatedDown: Story = { args: { defaultValue: 'down' } };

/** Choosing with the keyboard: the choice locks and `onChange` fires once. */
export const ChooseWithKeyboard: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    await expect(args.onChange).toHaveBeenCalledWith('up');
    await expect(canvas.getByRole('button', { name: 'Helpful' })).toHaveAttribute('aria-pressed', 'true');
    await expect(canvas.queryByRole('button', { name: 'Not helpful' })).toBeNull();
  },
};
