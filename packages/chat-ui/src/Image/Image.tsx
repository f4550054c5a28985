import { forwardRef, type HTMLAttributes, useState } from 'react';
import { IconClose, IconImage } from '../Icon/icons.js';
import { cn } from '../internal/cn.js';
import { DialogClose, DialogContent, DialogRoot, DialogTrigger } from '../internal/Dialog.js';
import { isSafeMediaUrl } from '../internal/safeUrl.js';
import { useLocale } from '../LocaleProvider/LocaleProvider.js';

export interface ImageProps extends Omit<HTMLAttributes<HTMLElement>, 'onError'> {
  /**
   * The full-size image, shown in the preview: http, https, blob, relative, or an image `data:`
   * URL. Any other (javascript:, data:text/html, ...) loads nothing: the fallback shows.
   */
  src: string;
  /** A smaller image for the thumbnail; `src` when absent or not a URL `src` could be. */
  thumbnail?: string;
  /** What the image shows. It names the thumbnail button and the preview. */
  alt: string;
  /** Thumbnail width in CSS pixels, reserved before it loads (no layout shift). */
  width?: number;
  /** Thumbnail height in CSS pixels, reserved before it loads (no layout shift). */
  height?: number;
  /** Controlled preview state. */
  open?: boolean;
  /**
   * Initial preview state when uncontrolled.
   * @default false
   */
  defaultOpen?: boolean;
  /** Called when the preview asks to open or close (thumbnail, Escape, close button, backdrop). */
  onOpenChange?: (open: boolean) => void;
  /** Called when the image fails to load; the fallback is shown then. */
  onError?: () => void;
}

/**
 * An image in the conversation: a lazily loaded thumbnail that opens a full-size preview in a
 * modal dialog (focus moves in and returns to the thumbnail; Escape, the close button and the
 * backdrop close it). A broken image, or a source the kit refuses, shows a labelled fallback instead.
 *
 * @example
 * <Image src="/uploads/receipt.jpg" alt="Photo of the receipt" width={160} height={120} />
 */
export const Image = forwardRef<HTMLElement, ImageProps>(function Image(
  { src, thumbnail, alt, width, height, open, defaultOpen, onOpenChange, onError, className, style, ...rest },
  ref,
) {
  const { t } = useLocale();
  const [failed, setFailed] = useState(false);
  const broken = failed || !isSafeMediaUrl(src);
  const thumbnailSrc = thumbnail !== undefined && isSafeMediaUrl(thumbnail) ? thumbnail : src;
  const classes = cn('parley-image', className);
  const size = { inlineSize: width, blockSize: height, ...style };
  if (broken) {
    return (
      <figure ref={ref} {...rest} className={classes} data-state="broken" style={size}>
        <span className="parley-image__fallback" role="img" aria-label={`${alt} (${t('image.broken')})`}>
          <IconImage size={24} />
          <span aria-hidden="true">{t('image.broken')}</span>
        </span>
      </figure>
    );
  }
  return (
    <DialogRoot open={open} defaultOpen={defaultOpen} onOpenChange={onOpenChange}>
      <figure ref={ref} {...rest} className={classes} data-state="loaded" style={size}>
        <DialogTrigger>
          <button type="button" className="parley-image__thumb" aria-label={t('image.open', { alt })}>
            {/* biome-ignore lint/a11y/noNoninteractiveElementInteractions: onError is a load event, not an interaction */}
            <img
              className="parley-image__img"
              src={thumbnailSrc}
              alt={alt}
              width={width}
              height={height}
              loading="lazy"
              decoding="async"
              onError={() => {
                setFailed(true);
                onError?.();
              }}
            />
          </button>
        </DialogTrigger>
      </figure>
      <DialogContent className="parley-dialog parley-image-preview" aria-label={alt || t('image.preview')}>
        <DialogClose>
          <button type="button" className="parley-image-preview__close" aria-label={t('dialog.close')}>
            <IconClose />
          </button>
        </DialogClose>
        <img className="parley-image-preview__img" src={src} alt={alt} />
      </DialogContent>
    </DialogRoot>
  );
});
