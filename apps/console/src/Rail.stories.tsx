import '@parley/chat-ui/styles.css';
import './console.css';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Rail } from './Rail.js';
import { ConsoleStrings, StoryRouter } from './test/storyConsole.js';

/**
 * The agent console's navigation rail: the inbox (with the agent's open conversations), mentions
 * (with those not seen yet) and, for administrators, reports and the administration. Each is a
 * link that keeps the inbox's filters; the page on screen is marked (`aria-current="page"`).
 * On a narrow screen it lies across the top.
 */
const meta = {
  title: 'Agent console/Rail',
  component: Rail,
  decorators: [ConsoleStrings],
  args: { inboxCount: 3, unseenMentions: 0, isAdmin: false },
  render: (args, { parameters }) => (
    <StoryRouter url={parameters.url as string | undefined}>
      <Rail {...args} />
    </StoryRouter>
  ),
} satisfies Meta<typeof Rail>;

export default meta;
type Story = StoryObj<typeof meta>;

/** An agent on the inbox, with three open conversations: the inbox is the page on screen. */
export const Agent: Story = {
  play: async ({ canvasElement }) => {
    const rail = within(await within(canvasElement).findByRole('navigation', { name: 'Views' }));
    const inbox = rail.getByRole('link', { name: 'Inbox 3' });
    await expect(inbox).toHaveAttribute('aria-current', 'page');
    await expect(inbox).toHaveAttribute('href', '/agent/');
    await expect(rail.getByRole('link', { name: 'Mentions' })).not.toHaveAttribute('aria-current');
    await expect(rail.getAllByRole('link')).toHaveLength(2);
  },
};

/** An administrator on their mentions, two unseen, the inbox filtered: every link keeps the filter. */
export const AdministratorOnMentions: Story = {
  args: { isAdmin: true, unseenMentions: 2 },
  parameters: { url: '/agent/mentions?status=pending' },
  play: async ({ canvasElement }) => {
    const rail = within(await within(canvasElement).findByRole('navigation', { name: 'Views' }));
    await expect(rail.getByRole('link', { name: 'Mentions 2 unread' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(rail.getByRole('link', { name: 'Reports' })).toHaveAttribute(
      'href',
      '/agent/reports?status=pending',
    );
    await expect(rail.getByRole('link', { name: 'Administration' })).toHaveAttribute(
      'href',
      '/agent/settings?status=pending',
    );
  },
};
