import {
  autoUpdate,
  FloatingFocusManager,
  flip,
  offset,
  type Placement,
  shift,
  size,
  useClick,
  useDismiss,
  useFloating,
  useInteractions,
  useMergeRefs,
  useRole,
} from '@floating-ui/react';
import { type HTMLAttributes, type ReactElement, type ReactNode, useId } from 'react';
import { IconClose } from '../Icon/icons.js';
import { childRef, cloneTrigger } from '../internal/cloneTrigger.js';
import { cn } from '../internal/cn.js';
import { useControllableState } from '../internal/useControllableState.js';
import { useLocale } from '../LocaleProvider/LocaleProvider.js';

export interface PopoverProps extends Omit<HTMLAttributes<HTMLDivElement>, 'title' | 'content' | 'children'> {
  /** The element that toggles the popover on click (usually a button). */
  children: ReactElement;
  /** The popover's content. */
  content: ReactNode;
  /** A heading that labels the popover. Give `aria-label` instead when there is none. */
  title?: ReactNode;
  /** Show a close button. Default false (Escape, an outside click and the trigger close it). */
  showClose?: boolean;
  /** Preferred side; it flips and shifts to stay on screen. Default `bottom-start`. */
  placement?: Placement;
  /** Controlled open state. */
  open?: boolean;
  /** Initial state when uncontrolled. Default false. */
  defaultOpen?: boolean;
  /** Called when the popover opens or closes. */
  onOpenChange?: (open: boolean) => void;
  /**
   * Move focus into the popover on open (default), or keep it on the trigger (`false`), e.g. for
   * a menu of chips the visitor reaches with Tab.
   */
  moveFocus?: boolean;
}

/**
 * A non-modal popover (`role="dialog"`) toggled by a click on its trigger
 * (`aria-expanded`, `aria-controls`). On open, focus moves into it; Escape and an outside click
 * close it and focus returns to the trigger. Positioned with @floating-ui: it flips, shifts and
 * limits its height to stay in view. Rendered next to its trigger, so it keeps the theme and
 * direction of its place.
 *
 * @example
 * <Popover title="Emoji" content={<EmojiGrid onPick={insert} />}>
 *   <button type="button" aria-label="Emoji"><IconSmile /></button>
 * </Popover>
 */
export function Popover({
  children,
  content,
  title,
  showClose = false,
  placement = 'bottom-start',
  open: openProp,
  defaultOpen = false,
  onOpenChange,
  moveFocus = true,
  className,
  style,
  ...rest
}: PopoverProps) {
  const { t } = useLocale();
  const titleId = useId();
  const [open, setOpen] = useControllableState(openProp, defaultOpen, onOpenChange);
  const {
    refs,
    floatingStyles,
    context,
    placement: finalPlacement,
  } = useFloating({
    open,
    onOpenChange: setOpen,
    placement,
    strategy: 'fixed',
    whileElementsMounted: autoUpdate,
    middleware: [
      offset(8),
      flip({ padding: 8 }),
      shift({ padding: 8 }),
      size({
        padding: 8,
        apply({ availableHeight, elements }) {
          elements.floating.style.maxBlockSize = `${Math.max(120, availableHeight)}px`;
        },
      }),
    ],
  });
  const { getReferenceProps, getFloatingProps } = useInteractions([
    useClick(context),
    useDismiss(context),
    useRole(context, { role: 'dialog' }),
  ]);
  const ref = useMergeRefs([refs.setReference, childRef(children)]);
  const trigger = cloneTrigger(children, getReferenceProps({ ref, ...(children.props as object) }));
  return (
    <>
      {trigger}
      {open && (
        <FloatingFocusManager context={context} modal={false} initialFocus={moveFocus ? 0 : -1}>
          <div
            ref={refs.setFloating}
            role="dialog"
            aria-labelledby={title !== undefined ? titleId : undefined}
            {...getFloatingProps(rest)}
            className={cn('parley-popover', className)}
            data-side={finalPlacement.split('-')[0]}
            style={{ ...floatingStyles, ...style }}
          >
            {(title !== undefined || showClose) && (
              <div className="parley-popover__header">
                {title !== undefined && (
                  <h2 id={titleId} className="parley-popover__title">
                    {title}
                  </h2>
                )}
                {showClose && (
                  <button
                    type="button"
                    className="parley-popover__close"
                    aria-label={t('dialog.close')}
                    onClick={() => setOpen(false)}
                  >
                    <IconClose />
                  </button>
                )}
              </div>
            )}
            {content}
          </div>
        </FloatingFocusManager>
      )}
    </>
  );
}
