import { cva } from 'class-variance-authority';
import { Fragment, forwardRef, type HTMLAttributes, type ReactNode } from 'react';
import { cn } from '../internal/cn.js';
import { linkify } from '../internal/linkify.js';
import { useLocale } from '../LocaleProvider/LocaleProvider.js';

/** Where a message sits: received (left), sent (right), or a centred notice (pop). */
export type BubblePosition = 'left' | 'right' | 'pop';

const bubbleVariants = cva('parley-bubble', {
  variants: {
    position: {
      left: 'parley-bubble--left',
      right: 'parley-bubble--right',
      pop: 'parley-bubble--pop',
    },
  },
  defaultVariants: { position: 'left' },
});

export interface BubbleProps extends Omit<HTMLAttributes<HTMLDivElement>, 'content'> {
  /** Plain text. URLs in it become links that open in a new tab. Never parsed as HTML. */
  content?: string;
  /** Where the message sits. Default `left`. */
  position?: BubblePosition;
  /** Custom content, shown after `content`. */
  children?: ReactNode;
}

/**
 * A message bubble with plain text. URLs become links that open in a new tab with
 * `rel="noopener noreferrer"`; text is never interpreted as markup.
 *
 * @example
 * <Bubble position="right" content="Order 42 arrived? See https://example.com/track" />
 */
export const Bubble = forwardRef<HTMLDivElement, BubbleProps>(function Bubble(
  { content, position = 'left', className, children, ...rest },
  ref,
) {
  const { t } = useLocale();
  const classes = bubbleVariants({ position });
  return (
    <div ref={ref} {...rest} className={cn(classes, className)} data-slot="bubble" data-position={position}>
      {content !== undefined && (
        <p className="parley-bubble__text" dir="auto">
          {linkify(content).map((segment) =>
            segment.kind === 'text' ? (
              <Fragment key={segment.at}>{segment.text}</Fragment>
            ) : (
              <a
                key={segment.at}
                className="parley-bubble__link"
                href={segment.href}
                target="_blank"
                rel="noopener noreferrer"
              >
                {segment.text}
                <span className="parley-visually-hidden"> {t('link.newTab')}</span>
              </a>
            ),
          )}
        </p>
      )}
      {children}
    </div>
  );
});
