import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Popup } from './Popup.js';

/**
 * A bottom sheet: a modal dialog sliding up from the bottom edge (instantly with reduced motion),
 * with the same focus trap, Escape, backdrop and focus return as Modal.
 */
const meta = {
  title: 'Overlays/Popup',
  component: Popup,
  decorators: [
    (Story) => (
      <div style={{ minBlockSize: '100vh' }}>
        <Story />
      </div>
    ),
  ],
  parameters: { docs: { story: { inline: false, iframeHeight: 480 } } },
  args: { title: 'Choose a topic', defaultOpen: true },
} satisfies Meta<typeof Popup>;

export default meta;
type Story = StoryObj<typeof meta>;

const topics = ['Orders and delivery', 'Returns and refunds', 'Payments', 'Account and security'];

/** Open, with a list of choices. */
export const Open: Story = {
  args: {
    children: (
      <ul style={{ margin: 0, padding: 0, listStyle: 'none', display: 'grid', gap: 8 }}>
        {topics.map((topic) => (
          <li key={topic}>
            <Popup.Close>
              <button type="button" className="parley-dialog__action" style={{ inlineSize: '100%' }}>
                {topic}
              </button>
            </Popup.Close>
          </li>
        ))}
      </ul>
    ),
  },
};

/** With a description and footer. */
export const WithFooter: Story = {
  args: {
    title: 'Send this photo?',
    description: 'It will be visible to the agent.',
    footer: (
      <>
        <Popup.Close>
          <button type="button" className="parley-dialog__action">
            Cancel
          </button>
        </Popup.Close>
        <Popup.Close>
          <button type="button" className="parley-dialog__action" data-variant="primary">
            Send
          </button>
        </Popup.Close>
      </>
    ),
  },
};

/** Opened from a trigger; closing returns focus to it. */
export const WithTrigger: Story = {
  args: {
    defaultOpen: false,
    trigger: <button type="button">More options</button>,
    children: 'Sheet content',
  },
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'More options' });
    await userEvent.click(trigger);
    await userEvent.click(within(document.body).getByRole('button', { name: /close|إغلاق/i }));
    await waitFor(() => expect(document.querySelector('dialog')).toBeNull());
    await expect(trigger).toHaveFocus();
  },
};
