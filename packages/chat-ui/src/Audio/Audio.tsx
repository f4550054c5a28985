import { forwardRef, type HTMLAttributes, useRef, useState } from 'react';
import { IconPause, IconPlay } from '../Icon/icons.js';
import { cn } from '../internal/cn.js';
import { isSafeMediaUrl } from '../internal/safeUrl.js';
import { useLocale } from '../LocaleProvider/LocaleProvider.js';

/** Formats seconds as m:ss (`65` is `1:05`); minutes are not wrapped into hours. */
export function formatDuration(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds) : 0;
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

export interface AudioProps extends HTMLAttributes<HTMLDivElement> {
  /**
   * The audio file: http, https, blob, relative, or an audio `data:` URL. Any other (javascript:,
   * data:text/html, ...) is not loaded.
   */
  src: string;
  /** The length in seconds, if known before the file loads (e.g. from the message). The file's metadata replaces it once read. */
  duration?: number;
  /** Called when playback starts or stops. */
  onPlayingChange?: (playing: boolean) => void;
}

/**
 * A voice message or audio clip: a play/pause toggle (`aria-pressed`), its duration as m:ss
 * (from the `duration` prop, then from the file's metadata) and a progress bar. Only metadata
 * loads before the visitor presses play.
 *
 * @example
 * <Audio src="/voice/42.m4a" duration={12} />
 */
export const Audio = forwardRef<HTMLDivElement, AudioProps>(function Audio(
  { src, duration: durationProp, onPlayingChange, className, ...rest },
  ref,
) {
  const { t } = useLocale();
  const audioRef = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [metaDuration, setMetaDuration] = useState<number | null>(null);
  const [current, setCurrent] = useState(0);
  const duration = metaDuration ?? durationProp ?? 0;
  const changeRef = useRef(onPlayingChange);
  changeRef.current = onPlayingChange;

  // A new file starts over (state adjusted during render, as React recommends over an effect).
  const [shownSrc, setShownSrc] = useState(src);
  if (shownSrc !== src) {
    setShownSrc(src);
    setMetaDuration(null);
    setCurrent(0);
    setPlaying(false);
  }

  const toggle = () => {
    const audio = audioRef.current;
    if (!audio) return;
    if (audio.paused) {
      audio.play()?.catch(() => setPlaying(false));
    } else {
      audio.pause();
    }
  };

  const report = (next: boolean) => {
    setPlaying(next);
    changeRef.current?.(next);
  };

  return (
    <div
      ref={ref}
      {...rest}
      className={cn('parley-audio', className)}
      data-state={playing ? 'playing' : 'paused'}
    >
      <button
        type="button"
        className="parley-audio__toggle"
        aria-pressed={playing}
        aria-label={t('audio.play')}
        onClick={toggle}
      >
        {playing ? <IconPause /> : <IconPlay />}
      </button>
      <progress
        className="parley-audio__progress"
        aria-label={t('audio.progress')}
        max={duration || 1}
        value={Math.min(current, duration || 1)}
      />
      <span className="parley-audio__time" dir="ltr">
        {formatDuration(playing || current > 0 ? duration - current : duration)}
      </span>
      {/* biome-ignore lint/a11y/useMediaCaption: a voice message has no caption track; the toggle and time are the interface */}
      <audio
        ref={audioRef}
        src={isSafeMediaUrl(src) ? src : undefined}
        preload="metadata"
        onLoadedMetadata={(event) => {
          const value = event.currentTarget.duration;
          if (Number.isFinite(value)) setMetaDuration(value);
        }}
        onTimeUpdate={(event) => setCurrent(event.currentTarget.currentTime)}
        onPlay={() => report(true)}
        onPause={() => report(false)}
        onEnded={(event) => {
          event.currentTarget.currentTime = 0;
          setCurrent(0);
          report(false);
        }}
      />
    </div>
  );
});
