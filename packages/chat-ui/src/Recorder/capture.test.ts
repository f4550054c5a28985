import { describe, expect, it } from 'vitest';
import { encodeWav, WAV_MIME_TYPE, WAV_SAMPLE_RATE } from './capture.js';

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
