/**
 * Why a recording could not start, from the error it failed with: the microphone denied or
 * absent, or anything else (no MediaRecorder, a recorder that would not start) as `failed`.
 *
 * @example
 * microphoneError(new DOMException('', 'NotAllowedError')) // 'denied'
 */
export function microphoneError(cause: unknown): 'denied' | 'unavailable' | 'failed' {
  const name = (cause as { name?: string } | null)?.name;
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError')
    return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError')
    return 'unavailable';
  return 'failed';
}

// Defaults read the globals only when recording starts, never at import (SSR, tests).

/** Asks the browser for the microphone; a NotFoundError where there are no media devices. */
export function defaultGetUserMedia(constraints: MediaStreamConstraints): Promise<MediaStream> {
  const devices = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
  if (!devices?.getUserMedia) {
    return Promise.reject(Object.assign(new Error('No media devices'), { name: 'NotFoundError' }));
  }
  return devices.getUserMedia(constraints);
}

function defaultCreateAudioContext(): AudioContext | null {
  const Context = typeof window === 'undefined' ? undefined : window.AudioContext;
  return Context ? new Context() : null;
}

/**
 * The AudioContext for the level meter and WAV recording, from `create` or else the global
 * `AudioContext`; null when there is none or making it fails.
 */
export function openAudioContext(create?: () => AudioContext | null): AudioContext | null {
  try {
    return (create ?? defaultCreateAudioContext)();
  } catch {
    return null; // no meter and no WAV is better than no recording
  }
}

/**
 * The input level from 0 to 1 of a frame of 8-bit time-domain samples (128 is silence): their RMS,
 * doubled, since the RMS of speech rarely passes 0.5, so a normal voice fills most of the meter.
 */
export function levelOf(samples: Uint8Array): number {
  let sum = 0;
  for (const sample of samples) sum += ((sample - 128) / 128) ** 2;
  return Math.min(1, Math.sqrt(sum / samples.length) * 2);
}

/**
 * Reports the level of `stream` to `onLevel` at once and then every animation frame, until the
 * function it returns is called. Where `audio` cannot analyse the stream it reports nothing.
 */
export function meterLevel(
  audio: AudioContext,
  stream: MediaStream,
  onLevel: (level: number) => void,
): () => void {
  let frame = 0;
  try {
    const analyser = audio.createAnalyser();
    analyser.fftSize = 256;
    audio.createMediaStreamSource(stream).connect(analyser);
    const samples = new Uint8Array(analyser.fftSize);
    const read = () => {
      analyser.getByteTimeDomainData(samples);
      onLevel(levelOf(samples));
      frame = requestAnimationFrame(read);
    };
    read();
  } catch {
    // No meter is better than no recording.
  }
  return () => {
    if (frame && typeof cancelAnimationFrame !== 'undefined') cancelAnimationFrame(frame);
  };
}
