import {
  type ButtonHTMLAttributes,
  forwardRef,
  type HTMLAttributes,
  useEffect,
  useId,
  useMemo,
  useRef,
} from 'react';
import { IconClose, IconMic } from '../Icon/icons.js';
import { cn } from '../internal/cn.js';
import { useLocale } from '../LocaleProvider/LocaleProvider.js';
import {
  type RecorderError,
  type RecorderState,
  type UseRecorderOptions,
  useRecorder,
} from './useRecorder.js';

export interface RecorderProps extends Omit<HTMLAttributes<HTMLDivElement>, 'onError'>, UseRecorderOptions {
  /** Disables the button (a recording in progress is cancelled). */
  disabled?: boolean;
}

const labelKey = {
  inited: 'recorder.hold',
  recording: 'recorder.release',
  willCancel: 'recorder.willCancel',
  handsFree: 'recorder.stopAndSend',
} as const satisfies Record<RecorderState, string>;

const errorKey = {
  denied: 'recorder.denied',
  unavailable: 'recorder.unavailable',
  failed: 'recorder.failed',
  tooShort: 'recorder.tooShort',
} as const;

export interface RecorderViewProps extends HTMLAttributes<HTMLDivElement> {
  /** The hold-to-talk state. */
  state: RecorderState;
  /** Elapsed seconds. */
  duration?: number;
  /** The longest recording in seconds, shown after the elapsed time ("12s / 60s"). */
  maxDuration?: number;
  /** Input level from 0 to 1. */
  level?: number;
  /** The reason recording failed, shown as a message. */
  error?: RecorderError | null;
  /** Props for the button, usually `useRecorder().getButtonProps()`. */
  buttonProps?: ButtonHTMLAttributes<HTMLButtonElement>;
  /**
   * Shows a "Cancel recording" button while recording, which calls this (usually
   * `useRecorder().cancel`) and gives the focus back to the record button: the way to cancel with
   * a single tap or click, beside the slide up and Escape.
   */
  onCancelRecording?: () => void;
  /** Disables the button. */
  disabled?: boolean;
}

/**
 * The Recorder's markup without behaviour: a hold-to-talk button whose label follows the state,
 * the elapsed seconds, a level meter and a Cancel recording button while recording, and the error
 * message. Pair it with `useRecorder`, or use `Recorder`, which does.
 */
export const RecorderView = forwardRef<HTMLDivElement, RecorderViewProps>(function RecorderView(
  {
    state,
    duration = 0,
    maxDuration,
    level = 0,
    error = null,
    buttonProps,
    onCancelRecording,
    disabled,
    className,
    ...rest
  },
  ref,
) {
  const { t, locale } = useLocale();
  const hintId = useId();
  const recordButton = useRef<HTMLButtonElement>(null);
  const seconds = useMemo(
    () => new Intl.NumberFormat(locale, { style: 'unit', unit: 'second', unitDisplay: 'narrow' }),
    [locale],
  );
  const active = state !== 'inited';
  const percent = Math.round(Math.min(1, Math.max(0, level)) * 100);
  const classes = cn('parley-recorder', className);
  return (
    <div ref={ref} {...rest} className={classes} data-slot="recorder" data-state={state}>
      <button
        ref={recordButton}
        type="button"
        className="parley-recorder__button"
        aria-pressed={active}
        aria-describedby={hintId}
        data-state={state}
        {...buttonProps}
        disabled={disabled}
      >
        <IconMic />
        <span className="parley-recorder__label">{t(labelKey[state])}</span>
      </button>
      <span id={hintId} className="parley-visually-hidden">
        {t('recorder.keyboardHint')}
      </span>
      {active && (
        <div className="parley-recorder__status">
          <span className="parley-recorder__duration">
            {maxDuration
              ? `${seconds.format(duration)} / ${seconds.format(maxDuration)}`
              : seconds.format(duration)}
          </span>
          {/* biome-ignore lint/a11y/useSemanticElements: a native <meter> cannot be styled alike in every browser */}
          <div
            className="parley-recorder__meter"
            role="meter"
            aria-label={t('recorder.level')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
          >
            <span className="parley-recorder__level" style={{ inlineSize: `${percent}%` }} />
          </div>
          {onCancelRecording && (
            <button
              type="button"
              data-slot="recorder-cancel"
              className="parley-recorder__cancel"
              disabled={disabled}
              onClick={() => {
                onCancelRecording();
                // This button goes with the recording: the focus stays in the recorder.
                recordButton.current?.focus();
              }}
            >
              <IconClose />
              {t('recorder.cancel')}
            </button>
          )}
        </div>
      )}
      {error && (
        <p className="parley-recorder__error" role="alert">
          {t(errorKey[error])}
        </p>
      )}
    </div>
  );
});

/**
 * Hold-to-talk voice recording. Press and hold the button (touch or mouse) to record; drag up
 * more than 80 px to arm the cancel, release to send. A tap records hands-free: tap the button
 * again to send. While recording, a Cancel recording button cancels with a single tap or click.
 * With the keyboard, Space or Enter starts and stops, Escape cancels. Shows the elapsed seconds
 * and a level meter while recording, and a clear message when the microphone is denied or
 * missing. State shows as `data-state` (`inited`, `recording`, `willCancel`, `handsFree`).
 * Behaviour comes from `useRecorder`; the markup is `RecorderView`.
 *
 * @example
 * <Recorder onSend={({ blob, duration, mimeType }) => upload(blob, duration, mimeType)} />
 */
export const Recorder = forwardRef<HTMLDivElement, RecorderProps>(function Recorder(
  {
    onSend,
    onCancel,
    onError,
    cancelDistance,
    tapDuration,
    getUserMedia,
    MediaRecorder,
    createAudioContext,
    mimeType,
    maxDuration,
    minDuration,
    disabled = false,
    ...rest
  },
  ref,
) {
  const recorder = useRecorder({
    onSend,
    onCancel,
    onError,
    cancelDistance,
    tapDuration,
    getUserMedia,
    MediaRecorder,
    createAudioContext,
    mimeType,
    maxDuration,
    minDuration,
  });
  const { cancel } = recorder;
  useEffect(() => {
    if (disabled) cancel();
  }, [disabled, cancel]);
  return (
    <RecorderView
      ref={ref}
      {...rest}
      disabled={disabled}
      state={recorder.state}
      duration={recorder.duration}
      maxDuration={maxDuration}
      level={recorder.level}
      error={recorder.error}
      buttonProps={recorder.getButtonProps()}
      onCancelRecording={cancel}
    />
  );
});
