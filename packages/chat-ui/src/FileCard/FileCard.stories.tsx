import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { FileCard } from './FileCard.js';

/**
 * A file shared in the conversation: type icon (from the extension), name, size from B to YB in
 * steps of 1024 with 2 decimals, and a download link.
 */
const meta = {
  title: 'Conversation/FileCard',
  component: FileCard,
  args: { name: 'invoice-1042.pdf', size: 48213, url: '/files/invoice-1042.pdf' },
} satisfies Meta<typeof FileCard>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A document with a download link. */
export const Document: Story = {
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole('link', { name: 'Download invoice-1042.pdf' });
    await expect(link).toHaveAttribute('download', 'invoice-1042.pdf');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  },
};

/** Each kind gets its own icon. */
export const Kinds: Story = {
  render: () => (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <FileCard name="photo.JPG" size={2_400_000} url="/files/photo.JPG" />
      <FileCard name="clip.mp4" size={734_003_200} url="/files/clip.mp4" />
      <FileCard name="voice.m4a" size={83_000} url="/files/voice.m4a" />
      <FileCard name="README" size={512} url="/files/README" />
    </div>
  ),
};

/** Without a URL (still uploading, or expired) there is no download link. */
export const WithoutDownload: Story = { args: { url: undefined } };

/** A long name is cut with an ellipsis; the full name stays in the link's label. */
export const LongName: Story = {
  args: { name: 'quarterly-statement-for-account-0000-1234-5678-9012-final-v3.xlsx', size: 1_073_741_824 },
};
