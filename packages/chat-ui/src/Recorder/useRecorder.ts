import { type KeyboardEvent, type PointerEvent, useCallback, useEffect, useRef, useState } from 'react';
import { type Capture, startCapture } from './capture.js';
import { defaultGetUserMedia, meterLevel, microphoneError, openAudioContext } from './microphone.js';

/**
 * Hold-to-talk states (spec section 4): idle, recording while held, or about to cancel on
 * release; and `handsFree`, recording with nothing held (after a tap, or started from the
 * keyboard or `start()`), until stopped (sent) or cancelled.
 */
export type RecorderState = 'inited' | 'recording' | 'willCancel' | 'handsFree';

/**
 * Why there is no recording: the microphone denied or absent, another failure, or a recording
 * shorter than `minDuration` (discarded, not sent).
 */
export type RecorderError = 'denied' | 'unavailable' | 'failed' | 'tooShort';

/** What `onSend` receives when a recording ends without being cancelled. */
export interface Recording {
  blob: Blob;
  /** Length in whole seconds. */
  duration: number;
  mimeType: string;
}

/** Spec section 9: dragging up more than this many CSS pixels arms the cancel. */
export const RECORDER_CANCEL_DISTANCE = 80;

/**
 * A press released sooner than this (ms) is a tap: the recording goes on hands-free, to be sent
 * or cancelled with a single tap, so nothing needs a hold or a drag (WCAG 2.5.1, 2.5.7).
 */
export const RECORDER_TAP_MS = 300;

export interface UseRecorderOptions {
  /** Called with the recording when the visitor releases without cancelling. */
  onSend?: (recording: Recording) => void;
  /** Called when a recording is cancelled (dragged up, Escape, or `cancel()`). */
  onCancel?: () => void;
  /** Called with the reason when the microphone cannot be used or a recording is not sent. */
  onError?: (error: RecorderError, cause: unknown) => void;
  /**
   * The longest recording in seconds: when it is reached the recording ends as a release would
   * (sent, or cancelled if the cancel is armed). Without it, no limit.
   */
  maxDuration?: number;
  /**
   * The shortest recording in seconds that is sent: a shorter one (an accidental tap) is discarded
   * with the error `tooShort`.
   * @default 0
   */
  minDuration?: number;
  /**
   * Pixels to drag up before release cancels (the spec's distance).
   * @default 80
   */
  cancelDistance?: number;
  /**
   * A press released within this many ms starts a hands-free recording instead of sending at
   * once; 0 makes every release send (hold to talk only, no single-tap way).
   * @default 300
   */
  tapDuration?: number;
  /** Replaces `navigator.mediaDevices.getUserMedia` (tests, native bridges). */
  getUserMedia?: (constraints: MediaStreamConstraints) => Promise<MediaStream>;
  /** Replaces the global `MediaRecorder` constructor. */
  MediaRecorder?: typeof MediaRecorder;
  /**
   * Makes the AudioContext for the level meter and WAV recording; return null for neither.
   * Without it, a new one from the global `AudioContext`.
   */
  createAudioContext?: () => AudioContext | null;
  /**
   * The format to record in, or several, best first: the first this browser can record is used,
   * else MediaRecorder's default. `'audio/wav'` needs Web Audio only, so every current browser can
   * record it: 16-bit mono PCM at 16 kHz, about 32 KB a second. MediaRecorder makes Ogg/Opus in
   * Firefox only; Chromium makes WebM or MP4, Safari MP4.
   *
   * @example
   * useRecorder({ mimeType: ['audio/ogg;codecs=opus', 'audio/wav'] })
   */
  mimeType?: string | readonly string[];
}

export interface UseRecorderResult {
  state: RecorderState;
  /** Elapsed seconds of the current recording. */
  duration: number;
  /** Input level from 0 to 1 (0 without a level meter). */
  level: number;
  error: RecorderError | null;
  /** Starts a hands-free recording (asks for the microphone the first time). */
  start: () => Promise<void>;
  /** Stops and sends, unless the state is willCancel (then it cancels). */
  stop: () => void;
  /** Stops and discards. */
  cancel: () => void;
  /**
   * Props for a hold-to-talk button: pointer capture, drag-up to cancel, a tap to record
   * hands-free and a tap to send, keyboard toggle.
   */
  getButtonProps: () => {
    onPointerDown: (event: PointerEvent<HTMLElement>) => void;
    onPointerMove: (event: PointerEvent<HTMLElement>) => void;
    onPointerUp: (event: PointerEvent<HTMLElement>) => void;
    onPointerCancel: (event: PointerEvent<HTMLElement>) => void;
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
    onContextMenu: (event: { preventDefault: () => void }) => void;
  };
}

interface Session {
  stream: MediaStream | null;
  capture: Capture | null;
  startedAt: number;
  audio: AudioContext | null;
  stopMeter: () => void;
  tick: ReturnType<typeof setInterval> | undefined;
}

/**
 * Hold-to-talk recording with MediaRecorder, for the kit's Recorder or your own markup.
 * Pointer: press to start, drag up more than `cancelDistance` to arm the cancel (state
 * `willCancel`), come back to resume, release to send or cancel. A tap (released within
 * `tapDuration`) records hands-free instead: tap again to send, or call `cancel` (the kit's
 * Recorder shows a Cancel recording button). Keyboard: Space or Enter starts and stops (sends),
 * Escape cancels.
 *
 * @example
 * const recorder = useRecorder({ onSend: ({ blob, duration }) => upload(blob, duration) });
 * <button type="button" {...recorder.getButtonProps()}>{recorder.state}</button>
 */
export function useRecorder(options: UseRecorderOptions = {}): UseRecorderResult {
  const [state, setState] = useState<RecorderState>('inited');
  const [duration, setDuration] = useState(0);
  const [level, setLevel] = useState(0);
  const [error, setError] = useState<RecorderError | null>(null);
  const latest = useRef(options);
  latest.current = options;
  const session = useRef<Session | null>(null);
  const stateRef = useRef<RecorderState>('inited');
  const startY = useRef(0);
  /** The press that started the recording is still down (hold to talk), since this time. */
  const held = useRef<{ since: number } | null>(null);
  /** A press on the button while recording hands-free: its release sends. */
  const pressedToStop = useRef(false);

  const setRecorderState = useCallback((next: RecorderState) => {
    stateRef.current = next;
    setState(next);
  }, []);

  const release = useCallback((current: Session) => {
    clearInterval(current.tick);
    current.stopMeter();
    for (const track of current.stream?.getTracks() ?? []) track.stop();
    current.audio?.close().catch(() => {});
    setLevel(0);
  }, []);

  const finish = useCallback(
    (cancelled: boolean) => {
      const current = session.current;
      if (!current) return;
      session.current = null;
      setRecorderState('inited');
      setDuration(0);
      const capture = current.capture;
      const elapsed = Date.now() - current.startedAt;
      if (!capture) {
        // Released before the microphone answered: nothing was recorded.
        release(current);
      } else if (cancelled) {
        capture.discard();
        release(current);
      } else if (elapsed < (latest.current.minDuration ?? 0) * 1000) {
        capture.discard();
        release(current);
        setError('tooShort');
        latest.current.onError?.('tooShort', null);
      } else {
        const seconds = Math.round(elapsed / 1000);
        capture.stop().then(
          (blob) => {
            release(current);
            latest.current.onSend?.({ blob, duration: seconds, mimeType: blob.type });
          },
          (cause: unknown) => {
            release(current);
            setError('failed');
            latest.current.onError?.('failed', cause);
          },
        );
      }
      if (cancelled) latest.current.onCancel?.();
    },
    [release, setRecorderState],
  );

  const begin = useCallback(
    async (holding: boolean) => {
      if (session.current) return;
      const current: Session = {
        stream: null,
        capture: null,
        startedAt: Date.now(),
        audio: null,
        stopMeter: () => {},
        tick: undefined,
      };
      session.current = current;
      setError(null);
      setRecorderState(holding ? 'recording' : 'handsFree');
      const { getUserMedia = defaultGetUserMedia, mimeType } = latest.current;
      // Made now, inside the press or key that started it: browsers let an AudioContext made during
      // a user gesture run, and one made after the permission prompt may stay suspended.
      const audio = openAudioContext(latest.current.createAudioContext);
      current.audio = audio;
      try {
        const stream = await getUserMedia({ audio: true });
        current.stream = stream;
        if (session.current !== current) {
          // Released while the permission prompt was open.
          release(current);
          return;
        }
        current.capture = startCapture(stream, audio, mimeType, latest.current.MediaRecorder);
        current.startedAt = Date.now();
        setDuration(0);
        current.tick = setInterval(() => {
          const seconds = Math.floor((Date.now() - current.startedAt) / 1000);
          setDuration(seconds);
          const limit = latest.current.maxDuration;
          if (limit && seconds >= limit && session.current === current) {
            finish(stateRef.current === 'willCancel');
          }
        }, 1000);
        if (audio) current.stopMeter = meterLevel(audio, stream, setLevel);
      } catch (cause) {
        if (session.current === current) session.current = null;
        release(current);
        setRecorderState('inited');
        const kind = microphoneError(cause);
        setError(kind);
        latest.current.onError?.(kind, cause);
      }
    },
    [release, setRecorderState, finish],
  );

  const start = useCallback(() => begin(false), [begin]);
  const stop = useCallback(() => finish(stateRef.current === 'willCancel'), [finish]);
  const cancel = useCallback(() => finish(true), [finish]);

  // Unmounting mid-recording discards it and frees the microphone.
  useEffect(
    () => () => {
      const current = session.current;
      if (current) {
        session.current = null;
        current.capture?.discard();
        release(current);
      }
    },
    [release],
  );

  const getButtonProps = useCallback(
    () => ({
      onPointerDown: (event: PointerEvent<HTMLElement>) => {
        if (event.button !== 0) return;
        if (session.current) {
          pressedToStop.current = stateRef.current === 'handsFree';
          return;
        }
        event.preventDefault();
        try {
          // Keeps move and up events coming when the finger leaves the button.
          event.currentTarget.setPointerCapture(event.pointerId);
        } catch {
          // Synthetic or already released pointers cannot be captured; the gesture still works.
        }
        startY.current = event.clientY;
        held.current = { since: Date.now() };
        void begin(true);
      },
      onPointerMove: (event: PointerEvent<HTMLElement>) => {
        const current = stateRef.current;
        if (!held.current || current === 'inited' || current === 'handsFree') return;
        const distance = latest.current.cancelDistance ?? RECORDER_CANCEL_DISTANCE;
        const next = startY.current - event.clientY > distance ? 'willCancel' : 'recording';
        if (next !== current) setRecorderState(next);
      },
      onPointerUp: (event: PointerEvent<HTMLElement>) => {
        if (event.currentTarget.hasPointerCapture?.(event.pointerId)) {
          event.currentTarget.releasePointerCapture(event.pointerId);
        }
        const press = held.current;
        held.current = null;
        const tapped = pressedToStop.current;
        pressedToStop.current = false;
        if (!session.current) return;
        if (press) {
          const tapLimit = latest.current.tapDuration ?? RECORDER_TAP_MS;
          if (stateRef.current === 'recording' && Date.now() - press.since < tapLimit) {
            setRecorderState('handsFree');
          } else {
            stop();
          }
        } else if (tapped) {
          stop();
        }
      },
      onPointerCancel: () => {
        // Only a held recording goes with its pointer; a hands-free one waits for Send or Cancel.
        const wasHeld = held.current !== null;
        held.current = null;
        pressedToStop.current = false;
        if (wasHeld && session.current) cancel();
      },
      onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
        if (event.key === 'Escape') {
          if (!session.current) return;
          event.preventDefault();
          cancel();
        } else if (event.key === ' ' || event.key === 'Enter') {
          event.preventDefault();
          if (event.repeat) return;
          if (session.current) stop();
          else void start();
        }
      },
      onContextMenu: (event: { preventDefault: () => void }) => event.preventDefault(),
    }),
    [begin, start, stop, cancel, setRecorderState],
  );

  return { state, duration, level, error, start, stop, cancel, getButtonProps };
}
