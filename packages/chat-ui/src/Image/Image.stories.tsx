import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { brokenImage, sampleImage } from './fixtures.js';
import { Image } from './Image.js';

/**
 * An image in the conversation: a lazily loaded thumbnail that opens a full-size preview in a
 * modal dialog. Escape, the close button and the backdrop close it; focus returns to the thumbnail.
 */
const meta = {
  title: 'Conversation/Image',
  component: Image,
  args: { src: sampleImage, alt: 'Photo of the receipt', width: 160, height: 120 },
} satisfies Meta<typeof Image>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The thumbnail. */
export const Thumbnail: Story = {};

/** The full-size preview, open. (The story is as tall as the viewport so its screenshot shows the dialog.) */
export const Preview: Story = {
  decorators: [
    (Story) => (
      <div style={{ minBlockSize: '100vh' }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: /Photo of the receipt/ }));
    const dialog = within(canvasElement.ownerDocument.body).getByRole('dialog', {
      name: 'Photo of the receipt',
    });
    await expect(dialog).toHaveAttribute('aria-modal', 'true');
  },
};

/** The image failed to load: a labelled fallback. */
export const Broken: Story = {
  args: { src: brokenImage },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Image unavailable')).toBeVisible();
  },
};
