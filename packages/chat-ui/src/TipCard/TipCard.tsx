import { forwardRef, type HTMLAttributes, type ReactNode, useId } from 'react';
import { IconInfo } from '../Icon/icons.js';
import { cn } from '../internal/cn.js';
import { isSafeUrl } from '../internal/safeUrl.js';
import { useLocale } from '../LocaleProvider/LocaleProvider.js';

/** A link shown on a tip card. Links with unsafe schemes (javascript:, data:, ...) are not rendered. */
export interface TipCardLink {
  /** The link text. */
  text: string;
  /** Where it goes; it opens in a new tab. */
  url: string;
}

export interface TipCardProps extends Omit<HTMLAttributes<HTMLElement>, 'title' | 'content'> {
  /** The tip's heading. */
  title?: ReactNode;
  /** The tip's text or content. */
  content?: ReactNode;
  /** An optional link, opened in a new tab with `rel="noopener noreferrer"`. */
  link?: TipCardLink;
  /** An optional action, e.g. a button. */
  action?: ReactNode;
}

/**
 * The auto-tip card (message type 13): a titled notice with optional link and action, shown
 * once per entry of the channel's auto-tip list.
 *
 * @example
 * <TipCard title="Opening hours" content="Agents answer 9:00-18:00." link={{ text: 'Help centre', url: 'https://example.com/help' }} />
 */
export const TipCard = forwardRef<HTMLElement, TipCardProps>(function TipCard(
  { title, content, link, action, className, ...rest },
  ref,
) {
  const { t } = useLocale();
  const titleId = useId();
  return (
    <aside
      ref={ref}
      aria-labelledby={title ? titleId : undefined}
      {...rest}
      className={cn('parley-tip-card', className)}
    >
      <span className="parley-tip-card__icon">
        <IconInfo />
      </span>
      <div className="parley-tip-card__body">
        {title && (
          <p className="parley-tip-card__title" id={titleId} dir="auto">
            {title}
          </p>
        )}
        {content && (
          <div className="parley-tip-card__content" dir="auto">
            {content}
          </div>
        )}
        {(link || action) && (
          <div className="parley-tip-card__footer">
            {link && isSafeUrl(link.url) && (
              <a className="parley-tip-card__link" href={link.url} target="_blank" rel="noopener noreferrer">
                {link.text}
                <span className="parley-visually-hidden"> {t('link.newTab')}</span>
              </a>
            )}
            {action}
          </div>
        )}
      </div>
    </aside>
  );
});
