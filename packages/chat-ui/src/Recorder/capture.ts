/** The MIME type of the kit's own WAV recordings, which every browser with Web Audio can make. */
export const WAV_MIME_TYPE = 'audio/wav';

/** The sample rate of WAV recordings: wideband speech, 32 KB a second (16-bit mono). */
export const WAV_SAMPLE_RATE = 16_000;

/** A recording in progress. */
export interface Capture {
  /** Ends the recording and resolves to it. */
  stop: () => Promise<Blob>;
  /** Ends the recording and drops it. */
  discard: () => void;
}

/**
 * Encodes mono samples (-1 to 1) as a 16-bit PCM WAV file at `outputRate` (never above
 * `inputRate`). Each output sample is the mean of the input samples it covers: a box filter, which
 * keeps the resampled voice free of the worst aliasing without a filter library.
 */
export function encodeWav(
  chunks: readonly Float32Array[],
  inputRate: number,
  outputRate = WAV_SAMPLE_RATE,
): Blob {
  const rate = Math.min(outputRate, inputRate);
  const step = inputRate / rate;
  const total = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
  const frames = Math.floor(total / step);
  const view = new DataView(new ArrayBuffer(44 + frames * 2));
  const ascii = (offset: number, text: string) => {
    for (let index = 0; index < text.length; index += 1)
      view.setUint8(offset + index, text.charCodeAt(index));
  };
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + frames * 2, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true); // size of the fmt chunk
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, rate, true);
  view.setUint32(28, rate * 2, true); // bytes a second
  view.setUint16(32, 2, true); // bytes a frame
  view.setUint16(34, 16, true); // bits a sample
  ascii(36, 'data');
  view.setUint32(40, frames * 2, true);

  let written = 0;
  let read = 0;
  let sum = 0;
  let count = 0;
  let boundary = step;
  for (const chunk of chunks) {
    for (const sample of chunk) {
      sum += sample;
      count += 1;
      read += 1;
      if (read < boundary || written >= frames) continue;
      const mean = Math.max(-1, Math.min(1, sum / count));
      view.setInt16(44 + written * 2, mean < 0 ? mean * 0x8000 : mean * 0x7fff, true);
      written += 1;
      boundary += step;
      sum = 0;
      count = 0;
    }
  }
  return new Blob([view.buffer], { type: WAV_MIME_TYPE });
}

/** True when `audio` can capture the samples a WAV recording needs. */
export function canCaptureWav(audio: AudioContext | null): audio is AudioContext {
  return typeof audio?.createScriptProcessor === 'function';
}

/**
 * Records the microphone as WAV through Web Audio. It uses a ScriptProcessorNode, not an
 * AudioWorklet: a worklet must load a module file, which a strict Content-Security-Policy or an npm
 * consumer's bundler may not allow, and a voice note's few callbacks a second cost nothing.
 */
export function captureWav(audio: AudioContext, stream: MediaStream): Capture {
  const source = audio.createMediaStreamSource(stream);
  const processor = audio.createScriptProcessor(4096, 1, 1);
  const chunks: Float32Array[] = [];
  processor.onaudioprocess = (event) => {
    chunks.push(new Float32Array(event.inputBuffer.getChannelData(0)));
  };
  source.connect(processor);
  // Its output stays silent (nothing is written to it); unconnected, Chromium would not run it.
  processor.connect(audio.destination);
  audio.resume?.().catch(() => {});
  const end = () => {
    processor.onaudioprocess = null;
    source.disconnect();
    processor.disconnect();
  };
  return {
    stop: async () => {
      end();
      // A context the browser kept suspended hands over no samples: fail rather than send silence.
      if (chunks.length === 0) throw new Error('No sound was captured from the microphone');
      return encodeWav(chunks, audio.sampleRate);
    },
    discard: end,
  };
}

/** Records the microphone with the browser's MediaRecorder, in `mimeType` or its default format. */
export function captureMedia(
  Recorder: typeof MediaRecorder,
  stream: MediaStream,
  mimeType: string | undefined,
): Capture {
  const recorder = new Recorder(stream, mimeType ? { mimeType } : undefined);
  const chunks: Blob[] = [];
  recorder.addEventListener('dataavailable', (event: BlobEvent) => {
    if (event.data.size > 0) chunks.push(event.data);
  });
  recorder.start();
  return {
    stop: () =>
      new Promise<Blob>((resolve) => {
        const done = () =>
          resolve(new Blob(chunks, { type: recorder.mimeType || chunks[0]?.type || 'audio/webm' }));
        // A recorder the browser already stopped (the track ended) fires no second 'stop'.
        if (recorder.state === 'inactive') return done();
        recorder.addEventListener('stop', done, { once: true });
        recorder.stop();
      }),
    discard: () => {
      if (recorder.state !== 'inactive') recorder.stop();
    },
  };
}

/**
 * The first of `wanted` this browser can record, or undefined for MediaRecorder's default: WAV
 * where `audio` can capture it, another format where `Recorder` says it is supported.
 *
 * @example
 * chooseFormat(['audio/ogg;codecs=opus', 'audio/wav'], MediaRecorder, new AudioContext())
 * // 'audio/ogg;codecs=opus' in Firefox, 'audio/wav' in Chromium and Safari
 */
export function chooseFormat(
  wanted: string | readonly string[] | undefined,
  Recorder: typeof MediaRecorder | undefined,
  audio: AudioContext | null,
): string | undefined {
  const formats: readonly string[] = typeof wanted === 'string' ? [wanted] : (wanted ?? []);
  return formats.find((type) =>
    type === WAV_MIME_TYPE ? canCaptureWav(audio) : Boolean(Recorder?.isTypeSupported?.(type)),
  );
}

/**
 * Starts recording `stream` in the first of `wanted` formats this browser can record (see
 * `chooseFormat`): WAV through `audio`, any other with `ownRecorder` or else the global MediaRecorder.
 * Throws a NotSupportedError when it needs a MediaRecorder and there is none.
 */
export function startCapture(
  stream: MediaStream,
  audio: AudioContext | null,
  wanted: string | readonly string[] | undefined,
  ownRecorder: typeof MediaRecorder | undefined,
): Capture {
  const Recorder = ownRecorder ?? (typeof MediaRecorder === 'undefined' ? undefined : MediaRecorder);
  const format = chooseFormat(wanted, Recorder, audio);
  if (format === WAV_MIME_TYPE && canCaptureWav(audio)) return captureWav(audio, stream);
  if (!Recorder) throw Object.assign(new Error('No MediaRecorder'), { name: 'NotSupportedError' });
  return captureMedia(Recorder, stream, format);
}
