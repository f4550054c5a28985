import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { LocaleProvider } from '../LocaleProvider/LocaleProvider.js';
import frFR from '../locales/fr-FR.json' with { type: 'json' };
import { Recorder } from './Recorder.js';
import { RECORDER_CANCEL_DISTANCE, RECORDER_TAP_MS } from './useRecorder.js';

/** A MediaRecorder stand-in: emits one chunk and a stop event when stopped. */
class FakeMediaRecorder extends EventTarget {
  static instances: FakeMediaRecorder[] = [];
  static isTypeSupported = (_type: string): boolean => true;
  state: 'inactive' | 'recording' = 'inactive';
  mimeType = 'audio/webm';
  constructor(public stream: MediaStream) {
    super();
    FakeMediaRecorder.instances.push(this);
  }
  start() {
    this.state = 'recording';
  }
  stop() {
    this.state = 'inactive';
    const data = new Event('dataavailable') as Event & { data: Blob };
    data.data = new Blob(['voice'], { type: 'audio/webm' });
    this.dispatchEvent(data);
    this.dispatchEvent(new Event('stop'));
  }
}

/** A MediaRecorder that can make only 'audio/ogg', keeping the options each instance got. */
function oggOnlyRecorder() {
  const options: unknown[] = [];
  class OggOnly extends FakeMediaRecorder {
    static override isTypeSupported = (type: string): boolean => type === 'audio/ogg';
    constructor(stream: MediaStream, recorderOptions?: MediaRecorderOptions) {
      super(stream);
      options.push(recorderOptions);
    }
  }
  return { MediaRecorder: OggOnly as unknown as typeof globalThis.MediaRecorder, options };
}

function fakeStream() {
  const track = { stop: vi.fn() };
  return { stream: { getTracks: () => [track] } as unknown as MediaStream, track };
}

function setup(overrides: Partial<Parameters<typeof Recorder>[0]> = {}) {
  const { stream, track } = fakeStream();
  const onSend = vi.fn();
  const onCancel = vi.fn();
  const getUserMedia = vi.fn(() => Promise.resolve(stream));
  return {
    track,
    onSend,
    onCancel,
    getUserMedia,
    element: (
      <Recorder
        onSend={onSend}
        onCancel={onCancel}
        getUserMedia={getUserMedia}
        MediaRecorder={FakeMediaRecorder as unknown as typeof MediaRecorder}
        createAudioContext={() => null}
        {...overrides}
      />
    ),
  };
}

function pointer(target: Element, type: string, clientY: number, pointerType = 'mouse') {
  target.dispatchEvent(
    new PointerEvent(type, {
      bubbles: true,
      cancelable: true,
      pointerId: 7,
      button: 0,
      clientY,
      isPrimary: true,
      pointerType,
    }),
  );
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Holds the press longer than a tap (the clock alone is faked; timers stay real). */
function holdPastTap() {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.advanceTimersByTime(RECORDER_TAP_MS);
}

describe('Recorder', () => {
  beforeEach(() => {
    FakeMediaRecorder.instances = [];
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('given a press, when released without dragging, should record and send blob, duration and type', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    const { element, onSend, track } = setup();
    const screen = await render(element);
    const button = screen.getByRole('button', { name: 'Hold to talk' }).element();
    pointer(button, 'pointerdown', 300);
    await flush();
    await expect
      .element(screen.getByRole('button', { pressed: true, name: /Release to send/ }))
      .toBeVisible();
    expect(button.closest('[data-slot="recorder"]')).toHaveAttribute('data-state', 'recording');
    vi.advanceTimersByTime(3000);
    await expect.element(screen.getByText('3s')).toBeVisible();
    pointer(button, 'pointerup', 300);
    await flush();
    expect(onSend).toHaveBeenCalledOnce();
    const recording = onSend.mock.calls[0]?.[0];
    expect(recording.duration).toBe(3);
    expect(recording.mimeType).toBe('audio/webm');
    expect(await recording.blob.text()).toBe('voice');
    expect(track.stop).toHaveBeenCalled();
    await expect
      .element(screen.getByRole('button', { name: 'Hold to talk' }))
      .toHaveAttribute('aria-pressed', 'false');
  });

  it('given a maxDuration, should send the recording when it is reached, once', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    const { element, onSend, track } = setup({ maxDuration: 3 });
    const screen = await render(element);
    const button = screen.getByRole('button', { name: 'Hold to talk' }).element();
    pointer(button, 'pointerdown', 300);
    await flush();
    vi.advanceTimersByTime(2000);
    await flush();
    expect(onSend).not.toHaveBeenCalled();
    // The limit shows beside the elapsed time.
    await expect.element(screen.getByText('2s / 3s')).toBeVisible();
    vi.advanceTimersByTime(1000);
    await flush();
    expect(onSend).toHaveBeenCalledOnce();
    expect(onSend.mock.calls[0]?.[0].duration).toBe(3);
    expect(track.stop).toHaveBeenCalled();
    await expect
      .element(screen.getByRole('button', { name: 'Hold to talk' }))
      .toHaveAttribute('aria-pressed', 'false');
    // The finger lifted afterwards ends nothing more.
    pointer(button, 'pointerup', 300);
    await flush();
    expect(onSend).toHaveBeenCalledOnce();
  });

  it('given a minDuration, should discard a shorter recording and say it was too short', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    const onError = vi.fn();
    const { element, onSend, track } = setup({ minDuration: 1, onError });
    const screen = await render(element);
    const button = screen.getByRole('button', { name: 'Hold to talk' }).element();
    pointer(button, 'pointerdown', 300);
    await flush();
    vi.advanceTimersByTime(999);
    pointer(button, 'pointerup', 300);
    await flush();
    expect(onSend).not.toHaveBeenCalled();
    expect(onError).toHaveBeenCalledWith('tooShort', null);
    expect(track.stop).toHaveBeenCalled();
    expect(FakeMediaRecorder.instances[0]?.state).toBe('inactive');
    await expect
      .element(screen.getByRole('alert'))
      .toHaveTextContent('Too short to send. Speak a little longer.');
    // One second is long enough, and the message goes away with the next recording.
    pointer(button, 'pointerdown', 300);
    await flush();
    await expect.element(screen.getByRole('alert')).not.toBeInTheDocument();
    vi.advanceTimersByTime(1000);
    pointer(button, 'pointerup', 300);
    await flush();
    expect(onSend).toHaveBeenCalledOnce();
  });

  it(`given a drag up of more than ${RECORDER_CANCEL_DISTANCE} px, should arm the cancel, and coming back should resume`, async () => {
    const { element, onSend, onCancel } = setup();
    const screen = await render(element);
    const button = screen.getByRole('button').element();
    const root = button.closest('[data-slot="recorder"]');
    pointer(button, 'pointerdown', 400);
    await flush();
    pointer(button, 'pointermove', 400 - 80);
    await flush();
    expect(root).toHaveAttribute('data-state', 'recording');
    pointer(button, 'pointermove', 400 - 81);
    await expect.element(screen.getByRole('button', { name: /Release to cancel/ })).toBeVisible();
    expect(root).toHaveAttribute('data-state', 'willCancel');
    pointer(button, 'pointermove', 400 - 30);
    await flush();
    expect(root).toHaveAttribute('data-state', 'recording');
    pointer(button, 'pointermove', 200);
    await flush();
    pointer(button, 'pointerup', 200);
    await flush();
    expect(onSend).not.toHaveBeenCalled();
    expect(onCancel).toHaveBeenCalledOnce();
    expect(root).toHaveAttribute('data-state', 'inited');
  });

  it('given a custom cancelDistance, should use it instead of 80 px', async () => {
    const { element } = setup({ cancelDistance: 20 });
    const screen = await render(element);
    const button = screen.getByRole('button').element();
    pointer(button, 'pointerdown', 400);
    await flush();
    pointer(button, 'pointermove', 379);
    await flush();
    expect(button.closest('[data-slot="recorder"]')).toHaveAttribute('data-state', 'willCancel');
  });

  it('given the keyboard, Space should start and stop (send), and Escape should cancel', async () => {
    const { element, onSend, onCancel } = setup();
    const screen = await render(element);
    await userEvent.tab();
    await userEvent.keyboard(' ');
    await expect.element(screen.getByRole('button', { pressed: true })).toBeVisible();
    await userEvent.keyboard(' ');
    await expect.element(screen.getByRole('button', { pressed: false })).toBeVisible();
    expect(onSend).toHaveBeenCalledOnce();
    await userEvent.keyboard('{Enter}');
    await expect.element(screen.getByRole('button', { pressed: true })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await expect.element(screen.getByRole('button', { pressed: false })).toBeVisible();
    expect(onCancel).toHaveBeenCalledOnce();
    expect(onSend).toHaveBeenCalledOnce();
  });

  it('given a tap, should go on recording hands-free, and a tap on the button should send it', async () => {
    const { element, onSend, onCancel } = setup();
    const screen = await render(element);
    const button = screen.getByRole('button', { name: 'Hold to talk' }).element();
    const root = button.closest('[data-slot="recorder"]');
    pointer(button, 'pointerdown', 300);
    await flush();
    pointer(button, 'pointerup', 300);
    await flush();
    expect(root).toHaveAttribute('data-state', 'handsFree');
    await expect.element(screen.getByRole('button', { name: 'Stop and send', pressed: true })).toBeVisible();
    await expect.element(screen.getByRole('button', { name: 'Cancel recording' })).toBeVisible();
    // Nothing held now: moving the pointer arms no cancel.
    pointer(button, 'pointermove', 0);
    expect(root).toHaveAttribute('data-state', 'handsFree');
    expect(onSend).not.toHaveBeenCalled();
    pointer(button, 'pointerdown', 300);
    pointer(button, 'pointerup', 300);
    await flush();
    expect(onSend).toHaveBeenCalledOnce();
    expect(onCancel).not.toHaveBeenCalled();
    expect(root).toHaveAttribute('data-state', 'inited');
    await expect.element(screen.getByRole('button', { name: 'Cancel recording' })).not.toBeInTheDocument();
  });

  it('given a recording, Cancel recording should discard it with one click, and give the focus back', async () => {
    const { element, onSend, onCancel, track } = setup();
    const screen = await render(element);
    const button = screen.getByRole('button', { name: 'Hold to talk' }).element();
    pointer(button, 'pointerdown', 300);
    await flush();
    pointer(button, 'pointerup', 300);
    await screen.getByRole('button', { name: 'Cancel recording' }).click();
    expect(onCancel).toHaveBeenCalledOnce();
    expect(onSend).not.toHaveBeenCalled();
    expect(track.stop).toHaveBeenCalled();
    expect(FakeMediaRecorder.instances[0]?.state).toBe('inactive');
    await expect.element(screen.getByRole('button', { name: 'Hold to talk', pressed: false })).toHaveFocus();
  });

  it('given the keyboard, Tab should reach Cancel recording while recording, and Enter on it should cancel', async () => {
    const { element, onSend, onCancel } = setup();
    const screen = await render(element);
    await userEvent.tab();
    await userEvent.keyboard(' ');
    await expect.element(screen.getByRole('button', { name: 'Stop and send', pressed: true })).toHaveFocus();
    await userEvent.tab();
    await expect.element(screen.getByRole('button', { name: 'Cancel recording' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(onCancel).toHaveBeenCalledOnce();
    expect(onSend).not.toHaveBeenCalled();
    await expect.element(screen.getByRole('button', { name: 'Hold to talk' })).toHaveFocus();
  });

  it('given a tapDuration of 0, every release should send, as pure hold to talk', async () => {
    const { element, onSend } = setup({ tapDuration: 0 });
    const screen = await render(element);
    const button = screen.getByRole('button').element();
    pointer(button, 'pointerdown', 300);
    await flush();
    pointer(button, 'pointerup', 300);
    await flush();
    expect(onSend).toHaveBeenCalledOnce();
  });

  it('given a denied microphone, should show a localized alert and stay idle', async () => {
    const denied = Object.assign(new Error('denied'), { name: 'NotAllowedError' });
    const { element, onSend } = setup({ getUserMedia: () => Promise.reject(denied) });
    const screen = await render(
      <LocaleProvider locale="fr-FR" messages={frFR}>
        {element}
      </LocaleProvider>,
    );
    await userEvent.tab();
    await userEvent.keyboard(' ');
    await expect
      .element(screen.getByRole('alert'))
      .toHaveTextContent(
        'L’accès au micro a été refusé. Autorisez-le dans les réglages du navigateur pour envoyer des messages vocaux.',
      );
    expect(screen.getByRole('button').element()).toHaveAttribute('aria-pressed', 'false');
    expect(onSend).not.toHaveBeenCalled();
  });

  it('given no microphone, should say none was found', async () => {
    const missing = Object.assign(new Error('none'), { name: 'NotFoundError' });
    const { element } = setup({ getUserMedia: () => Promise.reject(missing) });
    const screen = await render(element);
    await userEvent.tab();
    await userEvent.keyboard(' ');
    await expect
      .element(screen.getByRole('alert'))
      .toHaveTextContent('No microphone was found on this device.');
  });

  it('given a level meter, should show the input level while recording', async () => {
    const analyser = {
      fftSize: 0,
      getByteTimeDomainData: (samples: Uint8Array) => samples.fill(192),
    };
    const audio = {
      createAnalyser: () => analyser,
      createMediaStreamSource: () => ({ connect: () => {} }),
      close: () => Promise.resolve(),
    } as unknown as AudioContext;
    const { element } = setup({ createAudioContext: () => audio });
    const screen = await render(element);
    await userEvent.tab();
    await userEvent.keyboard(' ');
    // RMS of a constant 0.5 deflection is 0.5, scaled by 2: a full meter.
    await expect
      .element(screen.getByRole('meter', { name: 'Microphone level' }))
      .toHaveAttribute('aria-valuenow', '100');
    await userEvent.keyboard('{Escape}');
  });

  it('given a press, should capture the pointer so moves outside the button still count', async () => {
    const capture = vi.spyOn(Element.prototype, 'setPointerCapture').mockImplementation(() => {});
    const { element } = setup();
    const screen = await render(element);
    pointer(screen.getByRole('button').element(), 'pointerdown', 100);
    expect(capture).toHaveBeenCalledWith(7);
    capture.mockRestore();
  });

  it('given a release before the microphone answers, should send nothing and free the microphone', async () => {
    let grant: (stream: MediaStream) => void = () => {};
    const { stream, track } = fakeStream();
    const { element, onSend } = setup({ getUserMedia: () => new Promise((resolve) => (grant = resolve)) });
    const screen = await render(element);
    const button = screen.getByRole('button').element();
    pointer(button, 'pointerdown', 100);
    holdPastTap();
    pointer(button, 'pointerup', 100);
    grant(stream);
    await flush();
    expect(track.stop).toHaveBeenCalled();
    expect(FakeMediaRecorder.instances).toHaveLength(0);
    expect(onSend).not.toHaveBeenCalled();
    expect(button).toHaveAttribute('aria-pressed', 'false');
  });

  it('given a press, should make its AudioContext inside the gesture, and close it if released before the microphone answers', async () => {
    const close = vi.fn(() => Promise.resolve());
    const createAudioContext = vi.fn(() => ({ close }) as unknown as AudioContext);
    const { element } = setup({ createAudioContext, getUserMedia: () => new Promise<MediaStream>(() => {}) });
    const screen = await render(element);
    const button = screen.getByRole('button').element();
    pointer(button, 'pointerdown', 100);
    expect(createAudioContext).toHaveBeenCalledOnce();
    holdPastTap();
    pointer(button, 'pointerup', 100);
    expect(close).toHaveBeenCalled();
  });

  it('given an unmount while recording, should discard the recording and free the microphone', async () => {
    const { element, onSend, track } = setup();
    const screen = await render(element);
    pointer(screen.getByRole('button').element(), 'pointerdown', 100);
    await flush();
    expect(FakeMediaRecorder.instances[0]?.state).toBe('recording');
    screen.unmount();
    expect(track.stop).toHaveBeenCalled();
    expect(FakeMediaRecorder.instances[0]?.state).toBe('inactive');
    expect(onSend).not.toHaveBeenCalled();
  });

  it('given a touch, should follow the same hold, drag-up and release rules', async () => {
    const { element, onSend, onCancel } = setup();
    const screen = await render(element);
    const button = screen.getByRole('button').element();
    const root = button.closest('[data-slot="recorder"]');
    pointer(button, 'pointerdown', 500, 'touch');
    await flush();
    pointer(button, 'pointermove', 400, 'touch');
    await flush();
    expect(root).toHaveAttribute('data-state', 'willCancel');
    pointer(button, 'pointerup', 400, 'touch');
    await flush();
    expect(onCancel).toHaveBeenCalledOnce();
    pointer(button, 'pointerdown', 500, 'touch');
    await flush();
    holdPastTap();
    pointer(button, 'pointerup', 490, 'touch');
    await flush();
    expect(onSend).toHaveBeenCalledOnce();
  });

  it('given the touch is taken away by the system (pointercancel), should cancel', async () => {
    const { element, onSend, onCancel } = setup();
    const screen = await render(element);
    const button = screen.getByRole('button').element();
    pointer(button, 'pointerdown', 500, 'touch');
    await flush();
    pointer(button, 'pointercancel', 500, 'touch');
    await flush();
    expect(onCancel).toHaveBeenCalledOnce();
    expect(onSend).not.toHaveBeenCalled();
  });

  it('given it becomes disabled while recording, should cancel and disable the button', async () => {
    const { element, onSend, onCancel } = setup();
    const screen = await render(element);
    pointer(screen.getByRole('button').element(), 'pointerdown', 100);
    await flush();
    await screen.rerender(<Recorder {...(element.props as object)} disabled />);
    await expect.element(screen.getByRole('button', { name: 'Hold to talk' })).toBeDisabled();
    expect(onCancel).toHaveBeenCalledOnce();
    expect(onSend).not.toHaveBeenCalled();
  });

  it('given a browser without mediaDevices and no injected getUserMedia, should say no microphone was found', async () => {
    Object.defineProperty(navigator, 'mediaDevices', { value: undefined, configurable: true });
    try {
      const screen = await render(
        <Recorder MediaRecorder={FakeMediaRecorder as unknown as typeof MediaRecorder} />,
      );
      await userEvent.tab();
      await userEvent.keyboard(' ');
      await expect
        .element(screen.getByRole('alert'))
        .toHaveTextContent('No microphone was found on this device.');
    } finally {
      // Removes the own property: the prototype's getter shows through again.
      Reflect.deleteProperty(navigator, 'mediaDevices');
    }
  });

  it('given a preferred mimeType, should ask for it only when the browser supports it', async () => {
    const { MediaRecorder, options } = oggOnlyRecorder();
    const screen = await render(setup({ MediaRecorder, mimeType: 'audio/ogg' }).element);
    await userEvent.tab();
    await userEvent.keyboard(' ');
    await expect.poll(() => options.length).toBe(1);
    await userEvent.keyboard('{Escape}');
    await screen.rerender(setup({ MediaRecorder, mimeType: 'audio/mp4' }).element);
    await userEvent.keyboard(' ');
    await expect.poll(() => options.length).toBe(2);
    expect(options).toEqual([{ mimeType: 'audio/ogg' }, undefined]);
    await userEvent.keyboard('{Escape}');
  });

  it('given several formats, should use the first this browser can record', async () => {
    const { MediaRecorder, options } = oggOnlyRecorder();
    // No Web Audio here (createAudioContext gives null), so WAV cannot be made either.
    const screen = await render(setup({ MediaRecorder, mimeType: ['audio/mp4', 'audio/ogg'] }).element);
    await userEvent.tab();
    await userEvent.keyboard(' ');
    await expect.poll(() => options.length).toBe(1);
    await userEvent.keyboard('{Escape}');
    await screen.rerender(setup({ MediaRecorder, mimeType: ['audio/mp4', 'audio/wav'] }).element);
    await userEvent.keyboard(' ');
    await expect.poll(() => options.length).toBe(2);
    expect(options).toEqual([{ mimeType: 'audio/ogg' }, undefined]);
    await userEvent.keyboard('{Escape}');
  });

  it('given WAV wanted but no sound ever captured, should say recording failed and send nothing', async () => {
    // A context the browser keeps suspended: the processor is wired but never called.
    const node = { connect: () => {}, disconnect: () => {}, onaudioprocess: null };
    const silent = {
      sampleRate: 48_000,
      destination: {},
      createMediaStreamSource: () => node,
      createScriptProcessor: () => node,
      createAnalyser: () => ({ fftSize: 0, getByteTimeDomainData: () => {} }),
      resume: () => Promise.reject(new Error('not allowed')),
      close: () => Promise.resolve(),
    } as unknown as AudioContext;
    const onError = vi.fn();
    const { element, onSend, track } = setup({
      createAudioContext: () => silent,
      mimeType: 'audio/wav',
      onError,
    });
    const screen = await render(element);
    await userEvent.tab();
    await userEvent.keyboard(' ');
    await expect.element(screen.getByRole('button', { name: 'Stop and send' })).toBeVisible();
    await userEvent.keyboard(' ');
    await expect.element(screen.getByRole('alert')).toHaveTextContent('Recording failed. Please try again.');
    expect(onSend).not.toHaveBeenCalled();
    expect(onError).toHaveBeenCalledWith('failed', expect.any(Error));
    expect(FakeMediaRecorder.instances).toHaveLength(0);
    expect(track.stop).toHaveBeenCalled();
  });

  it('given WAV wanted and Web Audio, should record a 16 kHz WAV a browser plays, as long as the sound', async () => {
    // The microphone is a 440 Hz tone, through the real Web Audio of the test browser.
    const source = new AudioContext();
    const tone = source.createOscillator();
    const microphone = source.createMediaStreamDestination();
    tone.connect(microphone);
    tone.start();
    class NothingNative extends FakeMediaRecorder {
      static override isTypeSupported = (): boolean => false;
    }
    const { element, onSend } = setup({
      getUserMedia: () => Promise.resolve(microphone.stream),
      createAudioContext: () => new AudioContext(),
      MediaRecorder: NothingNative as unknown as typeof MediaRecorder,
      mimeType: ['audio/ogg;codecs=opus', 'audio/wav'],
    });
    try {
      const screen = await render(element);
      await userEvent.tab();
      await userEvent.keyboard(' ');
      await source.resume();
      // A second of recording, as the widget counts it.
      await expect.element(screen.getByText('1s', { exact: true }), { timeout: 5000 }).toBeVisible();
      await userEvent.keyboard(' ');
      await expect.poll(() => onSend.mock.calls.length).toBe(1);
      expect(FakeMediaRecorder.instances).toHaveLength(0);
      const { blob, mimeType, duration } = onSend.mock.calls[0]?.[0] ?? {};
      expect(mimeType).toBe('audio/wav');
      expect(duration).toBeGreaterThanOrEqual(1);
      const decoded = await new OfflineAudioContext(1, 1, 16_000).decodeAudioData(await blob.arrayBuffer());
      expect(decoded.sampleRate).toBe(16_000);
      // Up to one 4096-sample buffer at the end is not captured.
      expect(decoded.duration).toBeGreaterThan(1.2);
      expect(decoded.duration).toBeLessThan(1.8);
      const samples = decoded.getChannelData(0);
      const rms = Math.sqrt(samples.reduce((sum, sample) => sum + sample * sample, 0) / samples.length);
      expect(rms).toBeGreaterThan(0.3); // a full-scale sine is 0.71: the tone, not silence
    } finally {
      tone.stop();
      await source.close();
    }
  });
});
