import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { IconAudio, IconFile, IconImage, IconStar, IconVideo } from '../Icon/icons.js';
import { Composer, type ComposerToolbarItem } from './Composer.js';

// A 96x64 checkerboard PNG, pasted or dropped by the play functions (no network).
const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAGAAAABACAIAAABqVuVZAAAAhUlEQVR42u3asQ0AIAgEQHpns3ZU13AjmYFSvOTrT7jyQ4x1Srl7lvJ6fwACBAgQIECAAAECBAgQIECAADUD+u3gaj8gQIAAAQIECBAgQIAAAQIECFA3IIOZRREQIECAAAECBAgQIECAAAEC5D/IYGZRBAQIECBAgAABAgQIECBAgAC1BUpesH47ZTv9yAAAAABJRU5ErkJggg==';

function imageFile(): File {
  const bytes = Uint8Array.from(atob(PNG_BASE64), (char) => char.charCodeAt(0));
  return new File([bytes], 'pasted.png', { type: 'image/png' });
}

const toolbar: ComposerToolbarItem[] = [
  { type: 'image', title: 'Photo', icon: <IconImage /> },
  { type: 'video', title: 'Video', icon: <IconVideo /> },
  { type: 'order', title: 'My orders', icon: <IconFile /> },
  { type: 'rate', title: 'Rate us', icon: <IconStar />, render: () => <p>Thanks for rating us!</p> },
];

/**
 * The message composer. Text mode: the input grows up to `maxRows` (5), Enter sends,
 * Shift+Enter adds a line, Enter during IME composition never sends, Send is enabled only with
 * text. Voice mode shows the hold-to-talk Recorder. Toolbar items open in an accessory panel;
 * pasted images ask for confirmation; files can be picked or dropped.
 */
const meta = {
  title: 'Input/Composer',
  component: Composer,
  args: { onSend: fn(), onChange: fn() },
  decorators: [
    (Story) => (
      <div style={{ maxInlineSize: 420 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Composer>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Empty: the send button is disabled. */
export const Empty: Story = {};

/** With text: the send button is enabled. */
export const WithText: Story = { args: { defaultValue: 'Where is my order?' } };

/** Long text stops growing at 5 rows and scrolls. */
export const MaxRows: Story = {
  args: { defaultValue: 'One\nTwo\nThree\nFour\nFive\nSix\nSeven' },
};

/** Near the maximum length (from 80 % by default, `counterFrom`): the counter shows and is announced. */
export const CounterNearLimit: Story = {
  args: { maxLength: 50, defaultValue: 'I would like to change my delivery address please' },
};

/** Far from the maximum length: no counter. */
export const CounterFarFromLimit: Story = {
  args: { maxLength: 1000, defaultValue: 'I would like to change my delivery address please' },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.textContent).not.toContain('/1000');
  },
};

/** Voice mode: the toggle is pressed and the hold-to-talk button replaces the input. */
export const VoiceMode: Story = {
  args: { defaultMode: 'voice', onSendVoice: fn() },
};

/** Every control: voice toggle, attachment picker, "more" toolbar. The toggle switches modes. */
export const Full: Story = {
  args: { onSendVoice: fn(), onFiles: fn(), accept: 'image/*,video/*', toolbar, onToolbarClick: fn() },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const toggle = canvas.getByRole('button', { name: 'Voice input', pressed: false });
    await userEvent.click(toggle);
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect(canvas.getByRole('button', { name: /Hold to talk/ })).toBeVisible();
    await userEvent.click(toggle);
    await expect(canvas.getByRole('textbox')).toHaveFocus();
  },
};

/** The "more" button opens the toolbar items in an accessory panel. */
export const ToolbarOpen: Story = {
  args: { toolbar, onToolbarClick: fn() },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const more = canvas.getByRole('button', { name: 'More actions', expanded: false });
    await userEvent.click(more);
    await expect(more).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(canvas.getByRole('button', { name: 'Rate us' }));
    await expect(args.onToolbarClick).toHaveBeenCalledWith(toolbar[3]);
    await expect(canvas.getByText('Thanks for rating us!')).toBeVisible();
    await userEvent.click(more);
    await userEvent.click(more);
  },
};

/** Typing and Enter sends, then the input is cleared. */
export const SendWithEnter: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox'), 'Hello{Enter}');
    await expect(args.onSend).toHaveBeenCalledWith('Hello');
    await expect(canvas.getByRole('textbox')).toHaveValue('');
  },
};

/** Pasting an image asks before sending it: preview, Cancel and Send. */
export const PasteImage: Story = {
  args: { onFiles: fn() },
  decorators: [
    (Story) => (
      // Tall enough for the screenshot to hold the dialog.
      <div style={{ minBlockSize: '100vh' }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    const textbox = within(canvasElement).getByRole('textbox');
    textbox.focus();
    const data = new DataTransfer();
    data.items.add(imageFile());
    textbox.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
    const dialog = await within(canvasElement).findByRole('dialog', { name: 'Send this photo?' });
    const preview = within(dialog).getByRole('img', { name: 'Pasted image' }) as HTMLImageElement;
    await waitFor(() => expect(preview.complete && preview.naturalWidth).toBe(96));
  },
};

/** Files dragged over the composer show the drop target (`data-dragging`). */
export const Dragging: Story = {
  args: { onFiles: fn() },
  play: async ({ canvasElement }) => {
    const root = canvasElement.querySelector('.parley-composer') as HTMLElement;
    const data = new DataTransfer();
    data.items.add(imageFile());
    root.dispatchEvent(new DragEvent('dragenter', { dataTransfer: data, bubbles: true, cancelable: true }));
    await waitFor(() => expect(root).toHaveAttribute('data-dragging'));
  },
};

/** Disabled: nothing can be typed or sent. */
export const Disabled: Story = {
  args: { disabled: true, defaultValue: 'Chat ended', onSendVoice: fn() },
};

/**
 * Compound parts for your own layout: here one picker per kind of file (`accept` lists) and the
 * counter above the bar.
 */
export const CustomLayout: Story = {
  render: (args) => (
    <Composer.Root onSend={args.onSend} onFiles={fn()} maxLength={200} counterFrom={0}>
      <Composer.Counter />
      <div className="parley-composer__bar">
        <Composer.Input maxRows={3} />
        <Composer.Attach accept="image/*" aria-label="Attach an image">
          <IconImage />
        </Composer.Attach>
        <Composer.Attach accept="video/*" aria-label="Attach a video">
          <IconVideo />
        </Composer.Attach>
        <Composer.Attach accept="audio/*" aria-label="Attach an audio file">
          <IconAudio />
        </Composer.Attach>
        <Composer.Attach aria-label="Attach any file">
          <IconFile />
        </Composer.Attach>
        <Composer.Send />
      </div>
    </Composer.Root>
  ),
};
