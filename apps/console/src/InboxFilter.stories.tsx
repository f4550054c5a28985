import '@parley/chat-ui/styles.css';
import './console.css';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { InboxFilter } from './InboxFilter.js';
import { ConsoleStrings } from './test/storyConsole.js';

const statuses = [
  { value: 'active', label: 'All but resolved' },
  { value: 'open', label: 'Open' },
  { value: 'pending', label: 'Pending' },
  { value: 'snoozed', label: 'Snoozed' },
  { value: 'resolved', label: 'Resolved' },
];

/**
 * One of the inbox's filters (status, label, order): a button that says the filter and its choice,
 * opening the kit's menu of choices as radio items, the current one checked. Enter, Space or
 * ArrowDown open it on the first choice, the arrows move, Escape closes it and focus goes back.
 */
const meta = {
  title: 'Agent console/InboxFilter',
  component: InboxFilter,
  decorators: [
    ConsoleStrings,
    (Story) => (
      <div style={{ minBlockSize: 300 }}>
        <Story />
      </div>
    ),
  ],
  args: { name: 'Status', value: 'active', choices: statuses, onChoose: fn() },
  render: function Render(args) {
    const [value, setValue] = useState(args.value);
    return (
      <InboxFilter
        {...args}
        value={value}
        onChoose={(next) => {
          setValue(next);
          args.onChoose(next);
        }}
      />
    );
  },
} satisfies Meta<typeof InboxFilter>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Closed, on the default status. */
export const Status: Story = {
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Status: All but resolved' });
    await expect(button).toHaveAttribute('aria-haspopup', 'menu');
  },
};

/** Picked from the keyboard: Open is chosen, the menu closes and the button says it. */
export const PickWithTheKeyboard: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    canvas.getByRole('button', { name: 'Status: All but resolved' }).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expect(canvas.getByRole('menuitemradio', { name: 'All but resolved' })).toHaveFocus(),
    );
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await expect(args.onChoose).toHaveBeenCalledWith('open');
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Status: Open' })).toHaveFocus());
  },
};

/** The labels, each with how many conversations carry it; open, with the chosen label checked. */
export const Labels: Story = {
  args: {
    name: 'Label',
    value: 'refund',
    choices: [
      { value: '', label: 'Any label' },
      { value: 'refund', label: 'refund', count: 4 },
      { value: 'shipping', label: 'shipping', count: 12 },
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Label: refund' }));
    await waitFor(() =>
      expect(canvas.getByRole('menuitemradio', { name: 'refund (4)' })).toHaveAttribute(
        'aria-checked',
        'true',
      ),
    );
  },
};
