import { forwardRef, type HTMLAttributes, type ReactNode, useId } from 'react';
import { IconChevronDown } from '../Icon/icons.js';
import { cn } from '../internal/cn.js';
import { useControllableState } from '../internal/useControllableState.js';
import { useLocale } from '../LocaleProvider/LocaleProvider.js';

export interface ThinkingProps extends Omit<HTMLAttributes<HTMLDivElement>, 'title'> {
  /** false while thinking ("Thinking…"), true once done ("Deep thinking done"). Default false. */
  done?: boolean;
  /** Seconds the thinking took, shown once done ("Deep thinking done (12 seconds)"). */
  elapsedSeconds?: number;
  /** Whether the reasoning is shown (controlled). */
  open?: boolean;
  /** Whether the reasoning is shown at first (uncontrolled). Default true. */
  defaultOpen?: boolean;
  /** Called when the reader opens or closes the block. */
  onOpenChange?: (open: boolean) => void;
  /** The reasoning text or any content. */
  children?: ReactNode;
}

/**
 * A collapsible "thinking" block. Its header is a disclosure button (`aria-expanded`,
 * `aria-controls`) that says "Thinking…" until `done`, then "Deep thinking done", with the
 * elapsed seconds when given (pluralized for the locale).
 *
 * @example
 * <Thinking done={finished} elapsedSeconds={12}>{reasoning}</Thinking>
 */
export const Thinking = forwardRef<HTMLDivElement, ThinkingProps>(function Thinking(
  { done = false, elapsedSeconds, open, defaultOpen = true, onOpenChange, className, children, ...rest },
  ref,
) {
  const { t, plural } = useLocale();
  const [isOpen, setOpen] = useControllableState(open, defaultOpen, onOpenChange);
  const contentId = useId();
  const label = !done
    ? t('thinking.thinking')
    : elapsedSeconds === undefined
      ? t('thinking.done')
      : plural('thinking.doneIn', Math.round(elapsedSeconds));
  return (
    <div
      ref={ref}
      {...rest}
      className={cn('parley-thinking', className)}
      data-state={done ? 'done' : 'thinking'}
      data-open={isOpen ? '' : undefined}
    >
      <button
        type="button"
        className="parley-thinking__toggle"
        aria-expanded={isOpen}
        aria-controls={contentId}
        onClick={() => setOpen(!isOpen)}
      >
        <span className="parley-thinking__label">{label}</span>
        <IconChevronDown className="parley-thinking__chevron" size="1em" />
      </button>
      <div id={contentId} className="parley-thinking__content" dir="auto" hidden={!isOpen}>
        {children}
      </div>
    </div>
  );
});
