import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Modal } from './Modal.js';

/**
 * A centred modal dialog: labelled by its title, described by its description, the page behind
 * inert and not scrolling, Tab kept inside, Escape / close button / backdrop to close, focus back
 * to the opener. Controlled with `open` + `onOpenChange`, or uncontrolled with a `trigger`.
 */
const meta = {
  title: 'Overlays/Modal',
  component: Modal,
  // The dialog lives in the browser's top layer; a viewport-high frame keeps it in screenshots.
  decorators: [
    (Story) => (
      <div style={{ minBlockSize: '100vh' }}>
        <Story />
      </div>
    ),
  ],
  parameters: { docs: { story: { inline: false, iframeHeight: 480 } } },
  args: {
    title: 'Leave the chat?',
    description: 'Your conversation is saved, and you can come back to it later.',
    defaultOpen: true,
  },
} satisfies Meta<typeof Modal>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Open, with a title, a description and footer actions. */
export const Open: Story = {
  args: {
    footer: (
      <>
        <Modal.Close>
          <button type="button" className="parley-dialog__action">
            Stay
          </button>
        </Modal.Close>
        <Modal.Close>
          <button type="button" className="parley-dialog__action" data-variant="primary">
            Leave
          </button>
        </Modal.Close>
      </>
    ),
  },
};

/** Closed, with the trigger that opens it; the play function opens it and closes it with Escape. */
export const WithTrigger: Story = {
  args: {
    defaultOpen: false,
    trigger: <button type="button">End chat</button>,
    children: 'Body text of the dialog.',
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const trigger = canvas.getByRole('button', { name: 'End chat' });
    await userEvent.click(trigger);
    await expect(within(document.body).getByRole('dialog')).toHaveAttribute('aria-modal', 'true');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(document.querySelector('dialog')).toBeNull());
    await expect(trigger).toHaveFocus();
  },
};

/** Long content scrolls inside the dialog, never the page. */
export const LongContent: Story = {
  args: {
    description: undefined,
    title: 'Privacy notice',
    children: Array.from({ length: 12 }, (_, index) => index + 1).map((section) => (
      <p key={section}>
        Section {section}. We keep your messages only as long as needed to answer your request, and you can
        ask us to delete them at any time.
      </p>
    )),
  },
};

/** Without a close button: the footer must offer a way out (Escape still works). */
export const NoCloseButton: Story = {
  args: {
    showClose: false,
    title: 'Session ended',
    description: 'The agent has closed this conversation.',
    footer: (
      <Modal.Close>
        <button type="button" className="parley-dialog__action" data-variant="primary">
          OK
        </button>
      </Modal.Close>
    ),
  },
};
