import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Modal } from '../Modal/Modal.js';
import { Toaster } from './Toast.js';
import { createToastStore, type ToastType } from './toastStore.js';

/**
 * Short feedback shown one at a time in a polite live region: `toast.show(content, { type,
 * duration })` from anywhere, `<Toaster />` mounted once. Errors and loading stay until dismissed
 * (with a dismiss button); the others stay as long as their text takes to read, at least 5 s, and
 * pointing at or focusing one holds it. `duration: -1` makes any toast stay. A toast that would
 * hide the focused control moves to an edge of the screen.
 */
const meta = {
  title: 'Feedback/Toast',
  component: Toaster,
  // A transformed frame makes the fixed toaster position itself in the story, not the page.
  decorators: [
    (Story, { parameters }) =>
      parameters.fullHeight ? (
        <div style={{ minBlockSize: '100vh' }}>
          <Story />
        </div>
      ) : (
        <div style={{ position: 'relative', blockSize: 180, transform: 'translateZ(0)' }}>
          <Story />
        </div>
      ),
  ],
} satisfies Meta<typeof Toaster>;

export default meta;
type Story = StoryObj<typeof meta>;

function StaticToast({ type, content }: { type: ToastType; content: string }) {
  // A store per story, showing one toast that stays, so screenshots are stable.
  const [store] = useState(() => {
    const created = createToastStore();
    created.show(content, { type, duration: -1 });
    return created;
  });
  return <Toaster store={store} />;
}

/** Plain information. */
export const Info: Story = {
  render: () => <StaticToast type="info" content="Your message has been copied." />,
};

/** A success. */
export const Success: Story = {
  render: () => <StaticToast type="success" content="Thanks for your rating!" />,
};

/** An error, e.g. the evaluation's 'Submit failed'. */
export const ErrorToast: Story = {
  name: 'Error',
  render: () => <StaticToast type="error" content="Submit failed" />,
};

/** Work in progress; the spinner is frozen in screenshots and slowed for reduced motion. */
export const Loading: Story = {
  render: () => <StaticToast type="loading" content="Uploading photo…" />,
};

/** Long text wraps inside the toast. */
export const LongText: Story = {
  render: () => (
    <StaticToast
      type="error"
      content="The file could not be sent because the connection was lost. Please check your network and try again."
    />
  ),
};

/** Queued toasts show one at a time; dismissing the first reveals the next. */
export const Queue: Story = {
  render: () => {
    const [store] = useState(() => createToastStore());
    return (
      <>
        <button
          type="button"
          onClick={() => {
            store.show('First of two', { duration: -1 });
            store.success('Second of two', { duration: -1 });
          }}
        >
          Show two toasts
        </button>
        <Toaster store={store} />
      </>
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Show two toasts' }));
    await expect(canvas.getByRole('status')).toHaveTextContent(/First of two/);
    await userEvent.click(canvas.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent(/Second of two/));
  },
};

/**
 * While a Modal is open the page behind it is inert, so the toast shows inside the modal, above
 * it and still announced (the evaluation's 'Submit failed' case).
 */
export const AboveAModal: Story = {
  parameters: { fullHeight: true, docs: { story: { inline: false, iframeHeight: 420 } } },
  render: () => {
    const [store] = useState(() => {
      const created = createToastStore();
      created.error('Submit failed', { duration: -1 });
      return created;
    });
    return (
      <>
        <Toaster store={store} />
        <Modal defaultOpen title="Rate this conversation" description="Your rating helps us improve." />
      </>
    );
  },
  play: async () => {
    const dialog = within(document.body).getByRole('dialog');
    await waitFor(() => expect(within(dialog).getByRole('status')).toHaveTextContent(/Submit failed/));
  },
};
