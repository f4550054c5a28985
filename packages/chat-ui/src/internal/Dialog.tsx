import {
  Children,
  cloneElement,
  createContext,
  type DialogHTMLAttributes,
  forwardRef,
  type HTMLAttributes,
  isValidElement,
  type KeyboardEvent,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  type RefObject,
  useCallback,
  useContext,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useLocale } from '../LocaleProvider/LocaleProvider.js';
import { modalLayer } from './modalLayer.js';
import { lockScroll } from './scrollLock.js';
import { composeHandlers, mergeRefs, useControllableState } from './useControllableState.js';

// The one modal primitive behind Modal, Popup and Confirm. It renders a native <dialog> opened
// with showModal(): the browser puts it in the top layer and makes the rest of the page inert, so
// no portal is needed and the dialog keeps inheriting the theme tokens and `dir` of where it is
// rendered. On top of that: a Tab cycle that never leaves the dialog, Escape, focus returned to
// the opener, scroll lock that restores the body's styles, and aria-labelledby/-describedby.

interface DialogContextValue {
  open: boolean;
  setOpen: (open: boolean) => void;
  titleId: string;
  descriptionId: string;
  hasTitle: boolean;
  hasDescription: boolean;
  setHasTitle: (has: boolean) => void;
  setHasDescription: (has: boolean) => void;
}

const DialogContext = createContext<DialogContextValue | null>(null);

export function useDialogContext(part: string): DialogContextValue {
  const context = useContext(DialogContext);
  if (!context) throw new Error(`${part} must be used inside its Root`);
  return context;
}

export interface DialogRootProps {
  /** Controlled open state. */
  open?: boolean;
  /** Initial open state when uncontrolled. Default false. */
  defaultOpen?: boolean;
  /** Called when the dialog asks to open or close (trigger, Escape, close button, backdrop). */
  onOpenChange?: (open: boolean) => void;
  children?: ReactNode;
}

/** Holds the open state (controlled or not) and the ids of the title and description. */
export function DialogRoot({ open: openProp, defaultOpen = false, onOpenChange, children }: DialogRootProps) {
  const [open, setOpen] = useControllableState(openProp, defaultOpen, onOpenChange);
  const [hasTitle, setHasTitle] = useState(false);
  const [hasDescription, setHasDescription] = useState(false);
  const id = useId();
  const value = useMemo(
    () => ({
      open,
      setOpen,
      titleId: `${id}-title`,
      descriptionId: `${id}-description`,
      hasTitle,
      hasDescription,
      setHasTitle,
      setHasDescription,
    }),
    [open, setOpen, id, hasTitle, hasDescription],
  );
  return <DialogContext.Provider value={value}>{children}</DialogContext.Provider>;
}

export interface DialogTriggerProps {
  /** One element that opens the dialog, usually a button. Its own onClick still runs. */
  children: ReactElement<{ onClick?: (event: MouseEvent) => void }>;
}

/** Makes its child open the dialog, and describes that to assistive technology. */
export function DialogTrigger({ children }: DialogTriggerProps) {
  const { open, setOpen } = useDialogContext('Trigger');
  const child = Children.only(children);
  if (!isValidElement(child)) return null;
  return cloneElement(child, {
    'aria-haspopup': 'dialog',
    'aria-expanded': open,
    onClick: composeHandlers(child.props.onClick, () => setOpen(true)),
  } as Record<string, unknown>);
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

function tabbables(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => !element.closest('[inert]') && element.getClientRects().length > 0,
  );
}

export interface DialogContentProps extends Omit<DialogHTMLAttributes<HTMLDialogElement>, 'open'> {
  /** `dialog` (default) or `alertdialog` for a confirmation that needs an answer. */
  role?: 'dialog' | 'alertdialog';
  /**
   * Close when the backdrop is clicked.
   * @default true
   */
  closeOnBackdrop?: boolean;
  /**
   * Close on Escape.
   * @default true
   */
  closeOnEscape?: boolean;
  /** Element to focus on open. Without it, the first focusable element inside. */
  initialFocus?: RefObject<HTMLElement | null>;
}

/**
 * The dialog itself, mounted only while open. Everything outside is inert; Tab and Shift+Tab
 * cycle inside; Escape and the backdrop close it (unless turned off); on close, focus goes back
 * to the element that had it before.
 */
export const DialogContent = forwardRef<HTMLDialogElement, DialogContentProps>(function DialogContent(
  {
    role = 'dialog',
    closeOnBackdrop = true,
    closeOnEscape = true,
    initialFocus,
    onKeyDown,
    onClick,
    onCancel,
    children,
    ...rest
  },
  ref,
) {
  const context = useDialogContext('Content');
  const { dir } = useLocale();
  if (!context.open) return null;
  return (
    <OpenDialog
      ref={ref}
      role={role}
      dir={dir}
      closeOnBackdrop={closeOnBackdrop}
      closeOnEscape={closeOnEscape}
      initialFocus={initialFocus}
      onKeyDown={onKeyDown}
      onClick={onClick}
      onCancel={onCancel}
      context={context}
      {...rest}
    >
      {children}
    </OpenDialog>
  );
});

const OpenDialog = forwardRef<
  HTMLDialogElement,
  DialogContentProps & { context: DialogContextValue; dir: string }
>(function OpenDialog(
  { context, closeOnBackdrop, closeOnEscape, initialFocus, onKeyDown, onClick, onCancel, children, ...rest },
  ref,
) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const { setOpen, titleId, descriptionId, hasTitle, hasDescription } = context;
  const close = useCallback(() => setOpen(false), [setOpen]);

  // Runs once per opening (the dialog mounts when it opens); the initial focus is read then.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per opening, by design
  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const unlock = lockScroll();
    if (!dialog.open) dialog.showModal();
    const leaveLayer = modalLayer.push(dialog);
    const target = initialFocus?.current ?? tabbables(dialog)[0];
    if (target) target.focus();
    else {
      dialog.tabIndex = -1;
      dialog.focus();
    }
    return () => {
      leaveLayer();
      unlock();
      if (dialog.open) dialog.close();
      // Give focus back to the opener, unless it is gone or focus moved on by itself.
      if (
        opener?.isConnected &&
        (!document.activeElement ||
          document.activeElement === document.body ||
          dialog.contains(document.activeElement))
      ) {
        opener.focus();
      }
    };
  }, []);

  const handleKeyDown = composeHandlers(onKeyDown, (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'Escape') {
      // Handled here so the browser's own close request never desynchronises our state.
      event.preventDefault();
      event.stopPropagation();
      if (closeOnEscape) close();
      return;
    }
    if (event.key !== 'Tab') return;
    const dialog = dialogRef.current;
    if (!dialog) return;
    const items = tabbables(dialog);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === dialog)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  });

  const handleClick = composeHandlers(onClick, (event: MouseEvent<HTMLDialogElement>) => {
    // A click on the <dialog> box itself (not its content) is a click on the backdrop.
    if (closeOnBackdrop && event.target === dialogRef.current) close();
  });

  return (
    <dialog
      ref={mergeRefs(ref, dialogRef)}
      aria-modal="true"
      aria-labelledby={hasTitle ? titleId : undefined}
      aria-describedby={hasDescription ? descriptionId : undefined}
      {...rest}
      onKeyDown={handleKeyDown}
      onClick={handleClick}
      onCancel={composeHandlers(onCancel, (event) => {
        event.preventDefault();
        if (closeOnEscape) close();
      })}
      // A close event that arrives after the dialog opened again (React's development double mount
      // closes and reopens it) is stale: only a dialog that is really closed closes the state.
      onClose={() => {
        if (!dialogRef.current?.open) close();
      }}
    >
      {children}
    </dialog>
  );
});

/** The dialog's title; the dialog is labelled by it. */
export const DialogTitle = forwardRef<HTMLHeadingElement, HTMLAttributes<HTMLHeadingElement>>(
  function DialogTitle(props, ref) {
    const { titleId, setHasTitle } = useDialogContext('Title');
    useLayoutEffect(() => {
      setHasTitle(true);
      return () => setHasTitle(false);
    }, [setHasTitle]);
    return <h2 ref={ref} id={titleId} {...props} />;
  },
);

/** The dialog's description; the dialog is described by it. */
export const DialogDescription = forwardRef<HTMLDivElement, HTMLAttributes<HTMLDivElement>>(
  function DialogDescription(props, ref) {
    const { descriptionId, setHasDescription } = useDialogContext('Description');
    useLayoutEffect(() => {
      setHasDescription(true);
      return () => setHasDescription(false);
    }, [setHasDescription]);
    return <div ref={ref} id={descriptionId} {...props} />;
  },
);

/** Closes the dialog when its child is clicked. Its own onClick still runs first. */
export function DialogClose({ children }: DialogTriggerProps) {
  const { setOpen } = useDialogContext('Close');
  const child = Children.only(children);
  if (!isValidElement(child)) return null;
  return cloneElement(child, {
    onClick: composeHandlers(child.props.onClick, () => setOpen(false)),
  } as Record<string, unknown>);
}
