import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { sampleImage } from '../Image/fixtures.js';
import { Video } from './Video.js';

/** A video with native controls, a poster and an accessible name. */
const meta = {
  title: 'Conversation/Video',
  component: Video,
  // preload none: nothing loads, so no loading spinner in screenshots
  args: {
    src: 'data:video/mp4;base64,',
    poster: sampleImage,
    preload: 'none',
    'aria-label': 'Unboxing the parcel',
  },
} satisfies Meta<typeof Video>;

export default meta;
type Story = StoryObj<typeof meta>;

/** With a poster and a name. */
export const WithPoster: Story = {
  play: async ({ canvasElement }) => {
    const video = canvasElement.querySelector('video');
    await expect(video).toHaveAttribute('controls');
    await expect(video).toHaveAccessibleName('Unboxing the parcel');
    await expect(within(canvasElement).queryByRole('link')).toBeNull();
  },
};

/** Without a name: the kit's "Video". */
export const DefaultName: Story = { args: { 'aria-label': undefined } };
