import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { Bubble } from '../Bubble/Bubble.js';
import { TypingEffect } from './TypingEffect.js';

const answer = 'Your parcel left our warehouse this morning and should arrive tomorrow.';

/**
 * Plain text revealed progressively (1 character every 80 ms, from the 5th). Screen readers get
 * the whole text at once; reduced motion shows it at once.
 */
const meta = {
  title: 'Conversation/TypingEffect',
  component: TypingEffect,
  args: { text: answer },
  decorators: [
    (Story) => (
      <Bubble>
        <Story />
      </Bubble>
    ),
  ],
} satisfies Meta<typeof TypingEffect>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Typing to the end (the play function waits for it, so the screenshot shows the full text). */
export const Typing: Story = {
  args: { interval: 10 },
  play: async ({ canvasElement }) => {
    await waitFor(
      () => expect(canvasElement.querySelector('.parley-typing-effect[data-state="done"]')).not.toBeNull(),
      { timeout: 5000 },
    );
  },
};

/** Disabled: the whole text at once. */
export const Disabled: Story = { args: { enabled: false } };
