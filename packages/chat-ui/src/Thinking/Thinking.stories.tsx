import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { Thinking } from './Thinking.js';

const reasoning =
  'The visitor asks about order 1042. It shipped on Monday; the carrier usually takes two days.';

/**
 * A collapsible "thinking" block: "Thinking…" until done, then "Deep thinking done", with the
 * elapsed seconds when given.
 */
const meta = {
  title: 'Conversation/Thinking',
  component: Thinking,
  args: { children: reasoning },
} satisfies Meta<typeof Thinking>;

export default meta;
type Story = StoryObj<typeof meta>;

/** While thinking. */
export const InProgress: Story = {};

/** Done, without a duration. */
export const Done: Story = { args: { done: true } };

/** Done, with the elapsed seconds. */
export const DoneWithSeconds: Story = { args: { done: true, elapsedSeconds: 12 } };

/** Collapsed by the reader. */
export const Collapsed: Story = {
  args: { done: true, elapsedSeconds: 3 },
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button');
    await userEvent.click(button);
    await expect(button).toHaveAttribute('aria-expanded', 'false');
  },
};
