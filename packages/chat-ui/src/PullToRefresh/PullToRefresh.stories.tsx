import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Bubble } from '../Bubble/Bubble.js';
import { PullToRefresh } from './PullToRefresh.js';

/**
 * Pull down at the top to load earlier messages (touch and pen): pull, active at 20 px, loading
 * held at 30 px until `onRefresh` settles, never past 60 px; the finger travels twice the pull.
 * The "Load earlier messages" button serves mouse and keyboard users. `usePullToRefresh` gives
 * the same behaviour to your own markup.
 */
const meta = {
  title: 'Conversation/PullToRefresh',
  component: PullToRefresh,
  args: {
    onRefresh: fn(),
    style: { blockSize: 220, overflow: 'auto' },
    children: (
      <div style={{ display: 'flex', flexDirection: 'column', gap: 8, padding: 8 }}>
        <Bubble content="Hello, how can we help?" />
        <Bubble position="right" content="Where is my order?" />
      </div>
    ),
  },
} satisfies Meta<typeof PullToRefresh>;

export default meta;
type Story = StoryObj<typeof meta>;

/** At rest, with the button. */
export const Pending: Story = {};

/** Loading: the button starts it; the state is announced politely. */
export const Loading: Story = {
  args: { onRefresh: fn(() => new Promise(() => {})) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Load earlier messages' }));
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading earlier messages…');
  },
};

/** Without the button (e.g. a touch-only product that shows its own). */
export const WithoutButton: Story = { args: { showButton: false } };
