import { afterEach, describe, expect, it, vi } from 'vitest';
import { chooseFormat, encodeWav, startCapture, WAV_MIME_TYPE, WAV_SAMPLE_RATE } from './capture.js';

async function read(blob: Blob) {
  const view = new DataView(await blob.arrayBuffer());
  const text = (offset: number, length: number) =>
    String.fromCharCode(...new Uint8Array(view.buffer, offset, length));
  const samples = Array.from({ length: (view.byteLength - 44) / 2 }, (_, index) =>
    view.getInt16(44 + index * 2, true),
  );
  return { view, text, samples };
}

describe('encodeWav', () => {
  it('should write a 16-bit mono PCM WAV header at 16 kHz', async () => {
    const blob = encodeWav([new Float32Array(48_000)], 48_000);
    const { view, text } = await read(blob);
    expect(blob.type).toBe(WAV_MIME_TYPE);
    expect(WAV_SAMPLE_RATE).toBe(16_000);
    expect(text(0, 4)).toBe('RIFF');
    expect(view.getUint32(4, true)).toBe(view.byteLength - 8);
    expect(text(8, 8)).toBe('WAVEfmt ');
    expect(view.getUint16(20, true)).toBe(1); // PCM
    expect(view.getUint16(22, true)).toBe(1); // mono
    expect(view.getUint32(24, true)).toBe(16_000);
    expect(view.getUint32(28, true)).toBe(32_000);
    expect(view.getUint16(32, true)).toBe(2);
    expect(view.getUint16(34, true)).toBe(16);
    expect(text(36, 4)).toBe('data');
    expect(view.getUint32(40, true)).toBe(32_000); // one second
  });

  it('given 48 kHz input in several chunks, should average each three samples into one', async () => {
    const { samples } = await read(
      encodeWav([Float32Array.of(0.5, 0.5, 0.5, -0.5), Float32Array.of(-0.5, -0.5, 0.2)], 48_000),
    );
    expect(samples).toEqual([Math.trunc(0.5 * 0x7fff), -0x4000]);
  });

  it('given a rate that does not divide evenly (44.1 kHz), should keep the duration', async () => {
    const { view } = await read(encodeWav([new Float32Array(44_100 * 2)], 44_100));
    expect(view.getUint32(40, true) / 2).toBe(32_000);
  });

  it('given samples beyond full scale, should clip them', async () => {
    const { samples } = await read(encodeWav([Float32Array.of(3, -3)], 16_000));
    expect(samples).toEqual([0x7fff, -0x8000]);
  });

  it('given input slower than 16 kHz, should keep its rate rather than invent samples', async () => {
    const { view, samples } = await read(encodeWav([Float32Array.of(0.25, -0.25)], 8_000));
    expect(view.getUint32(24, true)).toBe(8_000);
    expect(samples).toEqual([Math.trunc(0.25 * 0x7fff), -0x2000]);
  });

  it('given nothing captured, should still be a valid empty file', async () => {
    const { view } = await read(encodeWav([], 48_000));
    expect(view.byteLength).toBe(44);
    expect(view.getUint32(40, true)).toBe(0);
  });
});

/** A MediaRecorder that can make only 'audio/ogg', keeping the options each instance got. */
function oggOnlyRecorder() {
  const options: (MediaRecorderOptions | undefined)[] = [];
  class OggOnly extends EventTarget {
    static isTypeSupported = (type: string): boolean => type === 'audio/ogg';
    state: RecordingState = 'inactive';
    mimeType = 'audio/ogg';
    constructor(_stream: MediaStream, recorderOptions?: MediaRecorderOptions) {
      super();
      options.push(recorderOptions);
    }
    start() {
      this.state = 'recording';
    }
    stop() {
      this.state = 'inactive';
      this.dispatchEvent(new Event('stop'));
    }
  }
  return { MediaRecorder: OggOnly as unknown as typeof MediaRecorder, options };
}

/** An AudioContext that can capture WAV; `hear` plays samples into the capture's processor. */
function wavAudio() {
  const processor = {
    connect: () => {},
    disconnect: () => {},
    onaudioprocess: null as ((event: unknown) => void) | null,
  };
  const audio = {
    sampleRate: 16_000,
    destination: {},
    createMediaStreamSource: () => ({ connect: () => {}, disconnect: () => {} }),
    createScriptProcessor: () => processor,
  } as unknown as AudioContext;
  const hear = (samples: Float32Array) =>
    processor.onaudioprocess?.({ inputBuffer: { getChannelData: () => samples } });
  return { audio, hear };
}

describe('chooseFormat', () => {
  const { MediaRecorder } = oggOnlyRecorder();

  it('given one format the browser can record, should choose it', () => {
    expect(chooseFormat('audio/ogg', MediaRecorder, null)).toBe('audio/ogg');
  });

  it('given several formats, should choose the first the browser can record', () => {
    expect(chooseFormat(['audio/mp4', 'audio/ogg', 'audio/wav'], MediaRecorder, wavAudio().audio)).toBe(
      'audio/ogg',
    );
  });

  it('given no format the browser can record, or none wanted, should leave it to MediaRecorder', () => {
    expect(chooseFormat(['audio/mp4', 'audio/webm'], MediaRecorder, null)).toBeUndefined();
    expect(chooseFormat(undefined, MediaRecorder, null)).toBeUndefined();
    expect(chooseFormat([], MediaRecorder, null)).toBeUndefined();
  });

  it('given WAV wanted, should choose it only where Web Audio can capture it', () => {
    expect(chooseFormat(['audio/wav', 'audio/ogg'], undefined, wavAudio().audio)).toBe(WAV_MIME_TYPE);
    expect(chooseFormat(['audio/wav', 'audio/ogg'], MediaRecorder, null)).toBe('audio/ogg');
  });

  it('given a MediaRecorder that cannot say what it supports, should not guess', () => {
    const Unsure = class {} as unknown as typeof globalThis.MediaRecorder;
    expect(chooseFormat('audio/ogg', Unsure, null)).toBeUndefined();
  });
});

describe('startCapture', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('given a format the MediaRecorder supports, should record in it', () => {
    const { MediaRecorder, options } = oggOnlyRecorder();
    startCapture(new MediaStream(), null, ['audio/mp4', 'audio/ogg'], MediaRecorder).discard();
    expect(options).toEqual([{ mimeType: 'audio/ogg' }]);
  });

  it('given no format it supports, should record in its default', () => {
    const { MediaRecorder, options } = oggOnlyRecorder();
    startCapture(new MediaStream(), null, 'audio/mp4', MediaRecorder).discard();
    expect(options).toEqual([undefined]);
  });

  it("given no MediaRecorder of its own, should use the browser's", () => {
    const { MediaRecorder, options } = oggOnlyRecorder();
    vi.stubGlobal('MediaRecorder', MediaRecorder);
    startCapture(new MediaStream(), null, 'audio/ogg', undefined).discard();
    expect(options).toEqual([{ mimeType: 'audio/ogg' }]);
  });

  it('given WAV wanted and Web Audio, should record WAV without a MediaRecorder', async () => {
    const { MediaRecorder, options } = oggOnlyRecorder();
    const { audio, hear } = wavAudio();
    const capture = startCapture(new MediaStream(), audio, ['audio/wav', 'audio/ogg'], MediaRecorder);
    hear(new Float32Array(1600));
    const blob = await capture.stop();
    expect(options).toEqual([]);
    expect(blob.type).toBe(WAV_MIME_TYPE);
    expect(blob.size).toBe(44 + 1600 * 2); // a tenth of a second at 16 kHz
  });

  it('given neither Web Audio nor a MediaRecorder, should fail as not supported', () => {
    vi.stubGlobal('MediaRecorder', undefined);
    expect(() => startCapture(new MediaStream(), null, ['audio/wav', 'audio/ogg'], undefined)).toThrow(
      expect.objectContaining({ name: 'NotSupportedError' }),
    );
  });
});
