import { describe, expect, it, vi } from 'vitest';
import { levelOf, meterLevel, microphoneError, openAudioContext } from './microphone.js';

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));

/** An AudioContext whose analyser hears every sample at `sample` (128 is silence). */
function analysingAudio(sample: number) {
  const sizes: number[] = [];
  const analyser = {
    fftSize: 0,
    getByteTimeDomainData: (samples: Uint8Array) => {
      sizes.push(samples.length);
      samples.fill(sample);
    },
  };
  const createMediaStreamSource = vi.fn(() => ({ connect: () => {} }));
  const audio = { createAnalyser: () => analyser, createMediaStreamSource } as unknown as AudioContext;
  return { audio, sizes, createMediaStreamSource };
}

describe('microphoneError', () => {
  it.each(['NotAllowedError', 'SecurityError', 'PermissionDeniedError'])(
    'given %s, should say the microphone was denied',
    (name) => {
      expect(microphoneError(new DOMException('', name))).toBe('denied');
    },
  );

  it.each(['NotFoundError', 'OverconstrainedError', 'DevicesNotFoundError'])(
    'given %s, should say there is no microphone',
    (name) => {
      expect(microphoneError(Object.assign(new Error(''), { name }))).toBe('unavailable');
    },
  );

  it.each([
    ['a browser without MediaRecorder', Object.assign(new Error(''), { name: 'NotSupportedError' })],
    ['a plain error', new Error('boom')],
    ['null', null],
    ['a string', 'NotAllowedError'],
  ])('given %s, should say recording failed', (_, cause) => {
    expect(microphoneError(cause)).toBe('failed');
  });
});

describe('levelOf', () => {
  it('given silence, should be 0', () => {
    expect(levelOf(new Uint8Array(256).fill(128))).toBe(0);
  });

  it('given a steady quarter deflection, should be half the meter (RMS doubled)', () => {
    expect(levelOf(new Uint8Array(256).fill(160))).toBe(0.5);
  });

  it('given half the samples silent, should average their energy', () => {
    const samples = new Uint8Array(256).fill(128).fill(160, 0, 128);
    expect(levelOf(samples)).toBeCloseTo(Math.sqrt(0.25 ** 2 / 2) * 2);
  });

  it('given a voice louder than half scale, should stop at a full meter', () => {
    expect(levelOf(new Uint8Array(256).fill(0))).toBe(1);
    expect(levelOf(new Uint8Array(256).fill(255))).toBe(1);
  });
});

describe('meterLevel', () => {
  it('given a stream, should report its level at once and each frame until stopped', async () => {
    const { audio, sizes, createMediaStreamSource } = analysingAudio(160);
    const stream = new MediaStream();
    const onLevel = vi.fn();
    const stop = meterLevel(audio, stream, onLevel);
    expect(createMediaStreamSource).toHaveBeenCalledWith(stream);
    expect(onLevel).toHaveBeenCalledExactlyOnceWith(0.5);
    await nextFrame();
    await nextFrame();
    expect(onLevel.mock.calls.length).toBeGreaterThan(1);
    expect(sizes.every((size) => size === 256)).toBe(true);
    stop();
    const reported = onLevel.mock.calls.length;
    await nextFrame();
    await nextFrame();
    expect(onLevel).toHaveBeenCalledTimes(reported);
  });

  it('given an AudioContext that cannot analyse, should report nothing and stop quietly', () => {
    const audio = {
      createAnalyser: () => {
        throw new Error('closed');
      },
    } as unknown as AudioContext;
    const onLevel = vi.fn();
    const stop = meterLevel(audio, new MediaStream(), onLevel);
    expect(onLevel).not.toHaveBeenCalled();
    expect(stop).not.toThrow();
  });
});

describe('openAudioContext', () => {
  it('given a factory, should use what it makes, null included', () => {
    const audio = {} as AudioContext;
    expect(openAudioContext(() => audio)).toBe(audio);
    expect(openAudioContext(() => null)).toBeNull();
  });

  it('given a factory that throws, should go on without an AudioContext', () => {
    expect(
      openAudioContext(() => {
        throw new Error('too many contexts');
      }),
    ).toBeNull();
  });

  it('given no factory, should make one from the browser', async () => {
    const audio = openAudioContext();
    expect(audio).toBeInstanceOf(AudioContext);
    await audio?.close();
  });
});
