import { cva } from 'class-variance-authority';
import {
  forwardRef,
  type HTMLAttributes,
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useRef,
  useState,
} from 'react';
import { cn } from '../internal/cn.js';
import { composeHandlers, mergeRefs } from '../internal/useControllableState.js';
import { useLocale } from '../LocaleProvider/LocaleProvider.js';

/** A quick reply (spec section 3): a chip the visitor taps instead of typing. */
export interface QuickReplyItem {
  /** The chip's text. */
  name: string;
  /** Your identifier for the reply (sent to the server, never shown). */
  code?: string;
  /** An icon element shown before the name, e.g. `<IconImage />`. Decorative. */
  icon?: ReactNode;
  /** An image URL shown before the name. Decorative. */
  img?: string;
  /** Shows a "new" dot (announced as "new" to screen readers). */
  isNew?: boolean;
  /** Emphasised chip (brand colours). */
  isHighlight?: boolean;
}

const chipVariants = cva('parley-quick-replies__chip', {
  variants: {
    variant: {
      default: '',
      highlight: 'parley-quick-replies__chip--highlight',
    },
  },
  defaultVariants: { variant: 'default' },
});

export interface QuickRepliesProps extends Omit<HTMLAttributes<HTMLDivElement>, 'onClick'> {
  /** The chips, in order. When their names or codes change, the row scrolls back to its start. */
  items: readonly QuickReplyItem[];
  /** Called with the chip and its index when it is chosen (pointer, Enter or Space). */
  onClick?: (item: QuickReplyItem, index: number) => void;
}

function isRightToLeft(element: Element): boolean {
  return getComputedStyle(element).direction === 'rtl';
}

/**
 * A horizontally scrollable row of quick-reply chips. The row is a `toolbar` with one tab stop:
 * Left/Right arrows move between chips (mirrored right to left), Home/End jump to the ends.
 * The scroll position returns to the start whenever `items` changes.
 *
 * @example
 * <QuickReplies
 *   items={[{ name: 'Track my order', isHighlight: true }, { name: 'Refunds', isNew: true }]}
 *   onClick={(item) => send(item.name)}
 * />
 */
export const QuickReplies = forwardRef<HTMLDivElement, QuickRepliesProps>(function QuickReplies(
  { items, onClick, className, onKeyDown, 'aria-label': ariaLabel, ...rest },
  ref,
) {
  const { t } = useLocale();
  const rootRef = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);

  // Compared by content, so a parent passing a fresh array literal on every render does not
  // throw the visitor back to the start while they scroll.
  const signature = items.map((item) => `${item.code ?? ''}\u0000${item.name}`).join('\u0001');

  // New items: back to the first chip and the start of the row.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the items' content changes
  useEffect(() => {
    setActive(0);
    const root = rootRef.current;
    if (root) root.scrollLeft = 0;
  }, [signature]);

  const focusChip = (index: number) => {
    const chips = rootRef.current?.querySelectorAll<HTMLButtonElement>('.parley-quick-replies__chip');
    const chip = chips?.[index];
    if (!chip) return;
    setActive(index);
    chip.focus();
    chip.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const count = items.length;
    if (count === 0) return;
    const rtl = isRightToLeft(event.currentTarget);
    const current = Math.min(active, count - 1);
    let next: number | null = null;
    if (event.key === 'ArrowRight') next = rtl ? current - 1 : current + 1;
    else if (event.key === 'ArrowLeft') next = rtl ? current + 1 : current - 1;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = count - 1;
    if (next === null) return;
    event.preventDefault();
    focusChip(Math.max(0, Math.min(count - 1, next)));
  };

  const classes = cn('parley-quick-replies', className);
  const tabStop = Math.min(active, Math.max(items.length - 1, 0));
  return (
    // biome-ignore lint/a11y/noNoninteractiveElementInteractions: a toolbar's arrow keys move focus between its buttons
    <div
      ref={mergeRefs(ref, rootRef)}
      role="toolbar"
      aria-label={ariaLabel ?? t('quickReplies.label')}
      aria-orientation="horizontal"
      {...rest}
      className={classes}
      data-slot="quick-replies"
      onKeyDown={composeHandlers(onKeyDown, handleKeyDown)}
    >
      {items.map((item, index) => {
        const variant = item.isHighlight ? 'highlight' : 'default';
        return (
          <button
            // biome-ignore lint/suspicious/noArrayIndexKey: items have no required unique field
            key={`${index}-${item.code ?? item.name}`}
            type="button"
            className={chipVariants({ variant })}
            data-variant={variant}
            data-new={item.isNew ? '' : undefined}
            tabIndex={index === tabStop ? 0 : -1}
            onFocus={() => setActive(index)}
            onClick={() => onClick?.(item, index)}
          >
            {item.img && <img className="parley-quick-replies__img" src={item.img} alt="" />}
            {item.icon && (
              <span className="parley-quick-replies__icon" aria-hidden="true">
                {item.icon}
              </span>
            )}
            <span className="parley-quick-replies__name">{item.name}</span>
            {item.isNew && (
              <span className="parley-quick-replies__new">
                <span className="parley-visually-hidden"> ({t('quickReplies.new')})</span>
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
});
