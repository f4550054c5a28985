import {
  arrow,
  autoUpdate,
  FloatingArrow,
  flip,
  offset,
  type Placement,
  safePolygon,
  shift,
  useDismiss,
  useFloating,
  useFocus,
  useHover,
  useInteractions,
  useMergeRefs,
  useRole,
} from '@floating-ui/react';
import { type HTMLAttributes, type ReactElement, type ReactNode, useRef } from 'react';
import { childRef, cloneTrigger } from '../internal/cloneTrigger.js';
import { cn } from '../internal/cn.js';
import { useControllableState } from '../internal/useControllableState.js';

/** How long the pointer must rest on the trigger before the tooltip shows (ms). */
export const TOOLTIP_OPEN_DELAY = 400;
/** How long the tooltip stays after the pointer leaves, so it can be reached (ms). */
export const TOOLTIP_CLOSE_DELAY = 100;

export interface TooltipProps extends Omit<HTMLAttributes<HTMLDivElement>, 'content' | 'children'> {
  /** What the tooltip says: a short supplement, never the only name of the trigger. */
  content: ReactNode;
  /** One focusable element (usually a button) that the tooltip describes. */
  children: ReactElement;
  /** Preferred side; it flips and shifts to stay on screen. Default `top`. */
  placement?: Placement;
  /** Hover delays in ms. Default `{ open: 400, close: 100 }`; keyboard focus shows it at once. */
  delay?: number | { open?: number; close?: number };
  /** Controlled open state. */
  open?: boolean;
  /** Initial state when uncontrolled. */
  defaultOpen?: boolean;
  /** Called when the tooltip wants to show or hide. */
  onOpenChange?: (open: boolean) => void;
}

/**
 * A tooltip (`role="tooltip"`) that describes its trigger (`aria-describedby`). It shows on hover
 * after a short delay (the pointer can travel into it without it closing) and at once on
 * keyboard focus; Escape hides it. Positioned with @floating-ui: it flips and shifts to stay
 * in view. Rendered next to its trigger, so it keeps the theme and direction of its place.
 *
 * @example
 * <Tooltip content="Attach a photo or a file">
 *   <button type="button" aria-label="Attach"><IconPlus /></button>
 * </Tooltip>
 */
export function Tooltip({
  content,
  children,
  placement = 'top',
  delay = { open: TOOLTIP_OPEN_DELAY, close: TOOLTIP_CLOSE_DELAY },
  open: openProp,
  defaultOpen = false,
  onOpenChange,
  className,
  style,
  ...rest
}: TooltipProps) {
  const [open, setOpen] = useControllableState(openProp, defaultOpen, onOpenChange);
  const arrowRef = useRef<SVGSVGElement>(null);
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
    middleware: [offset(8), flip({ padding: 8 }), shift({ padding: 8 }), arrow({ element: arrowRef })],
  });
  const { getReferenceProps, getFloatingProps } = useInteractions([
    useHover(context, { delay, handleClose: safePolygon(), move: false }),
    useFocus(context, { visibleOnly: true }),
    useDismiss(context),
    useRole(context, { role: 'tooltip' }),
  ]);
  const ref = useMergeRefs([refs.setReference, childRef(children)]);
  const trigger = cloneTrigger(children, getReferenceProps({ ref, ...(children.props as object) }));
  return (
    <>
      {trigger}
      {open && (
        <div
          ref={refs.setFloating}
          {...getFloatingProps(rest)}
          className={cn('parley-tooltip', className)}
          data-side={finalPlacement.split('-')[0]}
          style={{ ...floatingStyles, ...style }}
        >
          {content}
          <FloatingArrow ref={arrowRef} context={context} className="parley-tooltip__arrow" />
        </div>
      )}
    </>
  );
}
