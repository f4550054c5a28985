import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { Typing } from './Typing.js';

/**
 * The "agent is typing" indicator. Dots show 3-6 s, rest hidden 1-2 s, and start again; a polite
 * status announces "Agent is typing" once. Stories keep the cycle off so screenshots are stable.
 */
const meta = {
  title: 'Conversation/Typing',
  component: Typing,
  args: { cycle: false },
} satisfies Meta<typeof Typing>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The indicator as a received bubble. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    // The label goes into the status a moment after it appears, so that it is announced.
    await waitFor(() =>
      expect(within(canvasElement).getByRole('status')).toHaveTextContent('Agent is typing'),
    );
  },
};

/** A product-specific label, e.g. with the agent's name. */
export const CustomLabel: Story = { args: { label: 'Camille is typing' } };
