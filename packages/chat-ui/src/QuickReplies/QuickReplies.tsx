import { cva } from 'class-variance-authority';
import {
  type FocusEvent,
  forwardRef,
  type HTMLAttributes,
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react';
import { IconChevronEnd, IconChevronStart } from '../Icon/icons.js';
import { cn } from '../internal/cn.js';
import { composeHandlers, mergeRefs } from '../internal/useControllableState.js';
import { useReducedMotion } from '../internal/useReducedMotion.js';
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

/** Whether a chip is cut by the row's edges or lies under one of its fades. */
function hiddenInPart(chip: Element, row: Element): boolean {
  const box = chip.getBoundingClientRect();
  const view = row.getBoundingClientRect();
  if (box.left < view.left - 1 || box.right > view.right + 1) return true;
  const fades = row.parentElement?.querySelectorAll('.parley-quick-replies__edge') ?? [];
  return [...fades].some((fade) => {
    const cover = fade.getBoundingClientRect();
    return box.right > cover.left + 1 && box.left < cover.right - 1;
  });
}

/** Which sides of the row have chips scrolled out of view. */
type Overflow = '' | 'start' | 'end' | 'both';

function overflowOf(scroller: HTMLElement): Overflow {
  // Right to left, scrollLeft runs from 0 at the start to negative values.
  const offset = Math.abs(scroller.scrollLeft);
  const start = offset > 1;
  const end = offset + scroller.clientWidth < scroller.scrollWidth - 1;
  return start && end ? 'both' : start ? 'start' : end ? 'end' : '';
}

/**
 * A horizontally scrollable row of quick-reply chips. The row is a `toolbar` with one tab stop:
 * Left/Right arrows move between chips (mirrored right to left), Home/End jump to the ends, and a
 * chip that takes focus scrolls fully into view. When the row overflows, the cut side fades out
 * and shows a scroll button ("Previous quick replies", "Next quick replies"), only where there is
 * more to see; the buttons are for pointers (keyboard users have the arrows) and take no tab stop.
 * The scroll position returns to the start whenever `items` changes. `ref`, `className` and other
 * attributes go to the toolbar, inside a frame that holds the fades and buttons.
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
  const [overflow, setOverflow] = useState<Overflow>('');
  const reducedMotion = useReducedMotion();
  const measure = useCallback(() => {
    const root = rootRef.current;
    if (root) setOverflow(overflowOf(root));
  }, []);

  // Compared by content, so a parent passing a fresh array literal on every render does not
  // throw the visitor back to the start while they scroll.
  const signature = items.map((item) => `${item.code ?? ''}\u0000${item.name}`).join('\u0001');

  // New items: back to the first chip and the start of the row.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the items' content changes
  useEffect(() => {
    setActive(0);
    const root = rootRef.current;
    if (root) root.scrollLeft = 0;
    measure();
  }, [signature]);

  // The row's width and its chips' widths change with the container, the fonts, the locale.
  // biome-ignore lint/correctness/useExhaustiveDependencies: observe the new chips when the items change
  useEffect(() => {
    const root = rootRef.current;
    if (!root || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(root);
    for (const chip of root.children) observer.observe(chip);
    return () => observer.disconnect();
  }, [measure, signature]);

  const scrollAlong = (forward: boolean) => {
    const root = rootRef.current;
    if (!root) return;
    const along = (forward ? 1 : -1) * (isRightToLeft(root) ? -1 : 1);
    root.scrollBy({ left: along * root.clientWidth * 0.75, behavior: reducedMotion ? 'auto' : 'smooth' });
  };

  // A focused chip that is cut, or under a fade, comes fully into view at the row's start, clear of
  // the fade there (the row's scroll-padding): a place the row's snapping keeps.
  const revealChip = (event: FocusEvent<HTMLButtonElement>) => {
    const chip = event.currentTarget;
    if (!rootRef.current || !hiddenInPart(chip, rootRef.current)) return;
    chip.scrollIntoView?.({ block: 'nearest', inline: 'start', behavior: reducedMotion ? 'auto' : 'smooth' });
  };

  const focusChip = (index: number) => {
    const chips = rootRef.current?.querySelectorAll<HTMLButtonElement>('.parley-quick-replies__chip');
    const chip = chips?.[index];
    if (!chip) return;
    setActive(index);
    chip.focus({ preventScroll: true });
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
  const edge = (side: 'start' | 'end') => (
    <div className="parley-quick-replies__edge" data-side={side}>
      <button
        type="button"
        className="parley-quick-replies__scroll"
        aria-label={t(side === 'start' ? 'quickReplies.previous' : 'quickReplies.next')}
        tabIndex={-1}
        // A pointer's aid: it leaves focus where it was (the button may vanish at the end).
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => scrollAlong(side === 'end')}
      >
        {side === 'start' ? (
          <IconChevronStart className="parley-icon--mirror" />
        ) : (
          <IconChevronEnd className="parley-icon--mirror" />
        )}
      </button>
    </div>
  );
  return (
    <div className="parley-quick-replies-frame" data-overflow={overflow || undefined}>
      {/* biome-ignore lint/a11y/noNoninteractiveElementInteractions: a toolbar's arrow keys move focus between its buttons */}
      <div
        ref={mergeRefs(ref, rootRef)}
        role="toolbar"
        aria-label={ariaLabel ?? t('quickReplies.label')}
        aria-orientation="horizontal"
        {...rest}
        className={classes}
        data-slot="quick-replies"
        onKeyDown={composeHandlers(onKeyDown, handleKeyDown)}
        onScroll={measure}
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
              onFocus={(event) => {
                setActive(index);
                revealChip(event);
              }}
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
      {(overflow === 'start' || overflow === 'both') && edge('start')}
      {(overflow === 'end' || overflow === 'both') && edge('end')}
    </div>
  );
});
