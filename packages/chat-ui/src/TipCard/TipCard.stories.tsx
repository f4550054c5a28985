import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { TipCard } from './TipCard.js';

/** The auto-tip card (message type 13): title, content, optional link and action. */
const meta = {
  title: 'Conversation/TipCard',
  component: TipCard,
  args: {
    title: 'Opening hours',
    content: 'Our agents answer Monday to Friday, 9:00 to 18:00. Outside these hours, leave a message.',
  },
} satisfies Meta<typeof TipCard>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Title and content only. */
export const Basic: Story = {};

/** With a link that opens in a new tab. */
export const WithLink: Story = {
  args: { link: { text: 'Help centre', url: 'https://example.com/help' } },
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole('link');
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  },
};

/** With an action button. */
export const WithAction: Story = {
  args: {
    link: { text: 'Help centre', url: 'https://example.com/help' },
    action: (
      <button
        type="button"
        className="parley-tip-card__link"
        style={{ background: 'none', border: 0, padding: 0 }}
      >
        Leave a message
      </button>
    ),
  },
};

/** Content only, without a title. */
export const ContentOnly: Story = { args: { title: undefined } };
