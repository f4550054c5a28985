import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { IconPlus, IconSend } from '../Icon/icons.js';
import { Tooltip } from './Tooltip.js';

/**
 * A tooltip that describes its trigger: on hover after 400 ms, at once on keyboard focus, hidden
 * with Escape. It flips and shifts to stay on screen.
 */
const meta = {
  title: 'Overlays/Tooltip',
  component: Tooltip,
  args: {
    content: 'Attach a photo or a file',
    children: (
      <button type="button" aria-label="Attach">
        <IconPlus />
      </button>
    ),
  },
  decorators: [
    (Story) => (
      <div style={{ display: 'flex', justifyContent: 'center', paddingBlock: 56 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Tooltip>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Shown (controlled open) above its trigger. */
export const Open: Story = { args: { defaultOpen: true } };

/** Placed below. */
export const Bottom: Story = { args: { defaultOpen: true, placement: 'bottom' } };

/** A longer text wraps. */
export const LongText: Story = {
  args: {
    defaultOpen: true,
    content: 'Photos, PDF documents and audio files up to 10 MB can be sent to the agent.',
    children: (
      <button type="button" aria-label="Send">
        <IconSend />
      </button>
    ),
  },
};

/** Keyboard: Tab to the trigger shows it; Escape hides it. */
export const KeyboardFocus: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await waitFor(() => expect(canvas.getByRole('tooltip')).toBeVisible());
    await expect(canvas.getByRole('button', { name: 'Attach' })).toHaveAccessibleDescription(
      'Attach a photo or a file',
    );
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(canvas.queryByRole('tooltip')).toBeNull());
  },
};
