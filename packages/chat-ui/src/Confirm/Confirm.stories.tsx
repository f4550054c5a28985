import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Confirm, useConfirm } from './Confirm.js';

/**
 * A confirmation that needs an answer (`role="alertdialog"`): Confirm and Cancel with localized
 * default labels; Escape cancels; the backdrop does not close it. `useConfirm` gives a
 * promise-style `confirm()`.
 */
const meta = {
  title: 'Overlays/Confirm',
  component: Confirm,
  decorators: [
    (Story) => (
      <div style={{ minBlockSize: '100vh' }}>
        <Story />
      </div>
    ),
  ],
  parameters: { docs: { story: { inline: false, iframeHeight: 360 } } },
  args: {
    title: 'Send this photo?',
    description: 'The agent will see it in the conversation.',
    defaultOpen: true,
  },
} satisfies Meta<typeof Confirm>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Default labels from the kit locale; focus starts on Confirm. */
export const Default: Story = {};

/** A destructive action: red confirm button, focus starts on Cancel. */
export const Destructive: Story = {
  args: {
    title: 'End the chat?',
    description: 'The agent will be told you left.',
    confirmText: 'End chat',
    destructive: true,
  },
};

/** Promise style with `useConfirm`: the answer is shown after the dialog closes. */
export const PromiseHelper: Story = {
  args: { defaultOpen: false },
  render: () => {
    const [confirm, element] = useConfirm();
    const [answer, setAnswer] = useState('none yet');
    return (
      <>
        {element}
        <button
          type="button"
          onClick={async () => setAnswer(String(await confirm({ title: 'Clear the conversation?' })))}
        >
          Clear
        </button>
        <p>Answer: {answer}</p>
      </>
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Clear' }));
    const dialog = within(document.body).getByRole('alertdialog');
    await userEvent.click(within(dialog).getAllByRole('button')[1] as HTMLElement);
    await waitFor(() => expect(canvas.getByText('Answer: true')).toBeVisible());
  },
};
