import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Recorder, RecorderView } from './Recorder.js';

/** Stands in for the browser's MediaRecorder so stories never touch a real microphone. */
class StoryMediaRecorder extends EventTarget {
  static isTypeSupported = () => true;
  state: 'inactive' | 'recording' = 'inactive';
  mimeType = 'audio/webm';
  start() {
    this.state = 'recording';
  }
  stop() {
    this.state = 'inactive';
    this.dispatchEvent(new Event('stop'));
  }
}

const fakeMicrophone = () => Promise.resolve({ getTracks: () => [] } as unknown as MediaStream);
const denied = () => Promise.reject(Object.assign(new Error('denied'), { name: 'NotAllowedError' }));
const missing = () => Promise.reject(Object.assign(new Error('missing'), { name: 'NotFoundError' }));

/**
 * Hold-to-talk voice recording: press and hold (touch or mouse), drag up more than 80 px to arm
 * the cancel, release to send. A tap records hands-free (tap again to send), and while recording
 * a Cancel recording button cancels with one tap or click. Space or Enter starts and stops, Escape
 * cancels. `Recorder` wires `useRecorder` (MediaRecorder, injectable) to `RecorderView` (the markup
 * shown here in each state).
 */
const meta = {
  title: 'Input/Recorder',
  component: Recorder,
  args: {
    onSend: fn(),
    onCancel: fn(),
    getUserMedia: fakeMicrophone,
    MediaRecorder: StoryMediaRecorder as unknown as typeof MediaRecorder,
    createAudioContext: () => null,
  },
  decorators: [
    (Story) => (
      <div style={{ maxInlineSize: 360 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Recorder>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Idle (`inited`): "Hold to talk". */
export const Inited: Story = {};

/** Recording while held: elapsed seconds, the level meter and Cancel recording. */
export const Recording: Story = {
  render: () => <RecorderView state="recording" duration={7} level={0.6} onCancelRecording={fn()} />,
};

/** Recording with `maxDuration`: the limit shows beside the elapsed time, and reaching it sends. */
export const RecordingWithLimit: Story = {
  render: () => (
    <RecorderView state="recording" duration={52} maxDuration={60} level={0.6} onCancelRecording={fn()} />
  ),
};

/** Dragged up more than 80 px: releasing now cancels. */
export const WillCancel: Story = {
  render: () => <RecorderView state="willCancel" duration={12} level={0.3} onCancelRecording={fn()} />,
};

/**
 * Hands-free, after a tap or from the keyboard: nothing is held, the button sends and Cancel
 * recording discards, each with a single tap or click.
 */
export const HandsFree: Story = {
  render: () => <RecorderView state="handsFree" duration={4} level={0.4} onCancelRecording={fn()} />,
};

/** The microphone permission was denied. */
export const MicrophoneDenied: Story = {
  args: { getUserMedia: denied },
  play: async ({ canvasElement }) => {
    await userEvent.tab();
    await userEvent.keyboard(' ');
    await expect(await within(canvasElement).findByRole('alert')).toBeVisible();
  },
};

/** No microphone on the device. */
export const MicrophoneMissing: Story = {
  args: { getUserMedia: missing },
  play: async ({ canvasElement }) => {
    await userEvent.tab();
    await userEvent.keyboard(' ');
    await expect(await within(canvasElement).findByRole('alert')).toBeVisible();
  },
};

/** Keyboard: Space starts, Escape cancels. */
export const KeyboardStartAndCancel: Story = {
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole('button');
    await userEvent.tab();
    await userEvent.keyboard(' ');
    await expect(button).toHaveAttribute('aria-pressed', 'true');
    await userEvent.keyboard('{Escape}');
    await expect(button).toHaveAttribute('aria-pressed', 'false');
    await expect(args.onCancel).toHaveBeenCalled();
    await expect(args.onSend).not.toHaveBeenCalled();
  },
};
