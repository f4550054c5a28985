import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { SystemMessage } from './SystemMessage.js';

/** A centred system notice in the conversation, with an optional action button. */
const meta = {
  title: 'Conversation/SystemMessage',
  component: SystemMessage,
  args: { content: 'Camille joined the chat.' },
} satisfies Meta<typeof SystemMessage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A notice. */
export const Notice: Story = {};

/** A notice with an action. */
export const WithAction: Story = {
  args: { content: 'The chat has ended.', action: { label: 'Rate the service', onClick: fn() } },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Rate the service' }));
    await expect(args.action?.onClick).toHaveBeenCalled();
  },
};
