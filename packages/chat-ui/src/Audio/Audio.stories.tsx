import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Audio } from './Audio.js';
import { silentWav } from './fixtures.js';

const twoSeconds = silentWav(2);

/**
 * A voice message: play/pause toggle, duration (m:ss) and progress. The duration comes from the
 * `duration` prop until the file's metadata is read.
 */
const meta = {
  title: 'Conversation/Audio',
  component: Audio,
  args: { src: twoSeconds },
} satisfies Meta<typeof Audio>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Duration read from the file's metadata. */
export const FromMetadata: Story = {
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('0:02')).toBeVisible();
  },
};

/** Duration given by the message before the file loads (here the file is not reachable). */
export const FromProp: Story = {
  args: { src: 'data:audio/wav;base64,', duration: 75 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('1:15')).toBeVisible();
    await expect(within(canvasElement).getByRole('button', { name: 'Play voice message' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  },
};
