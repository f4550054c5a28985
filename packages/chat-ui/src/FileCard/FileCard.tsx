import { forwardRef, type HTMLAttributes, type ReactNode } from 'react';
import { IconAudio, IconDownload, IconFile, IconImage, IconVideo } from '../Icon/icons.js';
import { cn } from '../internal/cn.js';
import { formatFileSize } from '../internal/fileSize.js';
import { isSafeUrl } from '../internal/safeUrl.js';
import { useLocale } from '../LocaleProvider/LocaleProvider.js';

/** The file size as the kit shows it: see `formatFileSize` (localised, whole bytes, then 2 decimals up to YB). */
export { formatFileSize };

/** The broad kind of a file, from its extension. */
export type FileKind = 'image' | 'video' | 'audio' | 'file';

const KINDS: Record<string, FileKind> = {};
for (const ext of ['png', 'jpg', 'jpeg', 'gif', 'webp', 'svg', 'bmp', 'avif', 'heic']) KINDS[ext] = 'image';
for (const ext of ['mp4', 'webm', 'mov', 'mkv', 'avi', 'm4v']) KINDS[ext] = 'video';
for (const ext of ['mp3', 'wav', 'ogg', 'oga', 'm4a', 'aac', 'flac', 'amr', 'opus']) KINDS[ext] = 'audio';

/** The kind of a file from the extension of its name (case-insensitive); `file` when unknown. */
export function fileKindOf(name: string): FileKind {
  const dot = name.lastIndexOf('.');
  if (dot < 0) return 'file';
  return KINDS[name.slice(dot + 1).toLowerCase()] ?? 'file';
}

const ICONS = { image: IconImage, video: IconVideo, audio: IconAudio, file: IconFile };

export interface FileCardProps extends HTMLAttributes<HTMLDivElement> {
  /** The file name; its extension picks the icon. */
  name: string;
  /** The size in bytes, shown from B (whole) to YB (2 decimals). */
  size?: number;
  /**
   * Where to download the file. Without it, or when it is not http, https, mailto, tel or relative
   * (javascript:, data:, ...), there is no download link: the name still shows, as text.
   */
  url?: string;
  /** Extra content under the name, e.g. an upload progress. */
  children?: ReactNode;
}

/**
 * A file shared in the conversation: its type icon, name, size and a download link (the
 * `download` attribute, opened with `rel="noopener noreferrer"`). The link's URL goes through the
 * same check as text links: an unsafe one (javascript:, data:, ...) makes no link.
 *
 * @example
 * <FileCard name="invoice-1042.pdf" size={48213} url="/files/invoice-1042.pdf" />
 */
export const FileCard = forwardRef<HTMLDivElement, FileCardProps>(function FileCard(
  { name, size, url, className, children, ...rest },
  ref,
) {
  const { t, locale } = useLocale();
  const kind = fileKindOf(name);
  const Icon = ICONS[kind];
  return (
    <div
      ref={ref}
      {...rest}
      data-slot="file-card"
      className={cn('parley-file-card', className)}
      data-kind={kind}
    >
      <span className="parley-file-card__icon">
        <Icon size={28} />
      </span>
      <span className="parley-file-card__body">
        {/* A name too long for the card is cut with an ellipsis: the tooltip shows it whole. */}
        <span className="parley-file-card__name" title={name}>
          {name}
        </span>
        {size !== undefined && (
          <span className="parley-file-card__size" dir="ltr">
            {formatFileSize(size, locale)}
          </span>
        )}
        {children}
      </span>
      {url && isSafeUrl(url) && (
        <a
          className="parley-file-card__download"
          href={url}
          download={name}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t('fileCard.download', { name })}
        >
          <IconDownload />
        </a>
      )}
    </div>
  );
});
