import { forwardRef, type VideoHTMLAttributes } from 'react';
import { cn } from '../internal/cn.js';
import { isSafeMediaUrl } from '../internal/safeUrl.js';
import { useLocale } from '../LocaleProvider/LocaleProvider.js';

export interface VideoProps extends VideoHTMLAttributes<HTMLVideoElement> {
  /**
   * The video file: http, https, blob, relative, or a video `data:` URL. Any other (javascript:,
   * data:text/html, ...) is not loaded.
   */
  src: string;
  /** An image shown before playback; not loaded unless it is a URL an image may have (see `Image`). */
  poster?: string;
  /** The accessible name; the kit's "Video" when absent. */
  'aria-label'?: string;
}

/**
 * A video in the conversation with the browser's native controls (keyboard and screen-reader
 * support come with them) and a poster. Only metadata loads before the visitor presses play.
 *
 * @example
 * <Video src="/media/unboxing.mp4" poster="/media/unboxing.jpg" aria-label="Unboxing the parcel" />
 */
export const Video = forwardRef<HTMLVideoElement, VideoProps>(function Video(
  { src, poster, className, 'aria-label': label, children, ...rest },
  ref,
) {
  const { t } = useLocale();
  return (
    <video
      ref={ref}
      controls
      preload="metadata"
      playsInline
      {...rest}
      src={isSafeMediaUrl(src) ? src : undefined}
      poster={poster !== undefined && isSafeMediaUrl(poster) ? poster : undefined}
      aria-label={label ?? t('video.label')}
      className={cn('parley-video', className)}
    >
      {children}
    </video>
  );
});
