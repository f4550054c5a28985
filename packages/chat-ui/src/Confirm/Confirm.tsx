import {
  forwardRef,
  type ReactElement,
  type ReactNode,
  type RefObject,
  useCallback,
  useRef,
  useState,
} from 'react';
import { cn } from '../internal/cn.js';
import {
  DialogContent,
  type DialogContentProps,
  DialogDescription,
  DialogRoot,
  DialogTitle,
  DialogTrigger,
} from '../internal/Dialog.js';
import { useControllableState } from '../internal/useControllableState.js';
import { useLocale } from '../LocaleProvider/LocaleProvider.js';

export interface ConfirmProps extends Omit<DialogContentProps, 'title' | 'role' | 'onCancel'> {
  /** Controlled open state. */
  open?: boolean;
  /** Initial state when uncontrolled. Default false. */
  defaultOpen?: boolean;
  /** Called with the new state whenever the dialog opens or closes. */
  onOpenChange?: (open: boolean) => void;
  /** An element that opens the confirmation: the uncontrolled way to use it. */
  trigger?: ReactElement<{ onClick?: (event: React.MouseEvent) => void }>;
  /** The question; it labels the dialog. */
  title: ReactNode;
  /** Details; they describe the dialog to screen readers. */
  description?: ReactNode;
  /** The confirm button's text. Without it, the locale's "OK". */
  confirmText?: ReactNode;
  /** The cancel button's text. Without it, the locale's "Cancel". */
  cancelText?: ReactNode;
  /** A destructive action: the confirm button is red and focus starts on Cancel. */
  destructive?: boolean;
  /** Called when the visitor confirms. The dialog then closes. */
  onConfirm?: () => void;
  /** Called when the visitor cancels: the Cancel button or Escape. */
  onCancel?: () => void;
  /**
   * Close when the backdrop is clicked.
   * @default false
   */
  closeOnBackdrop?: boolean;
  /** Element to focus on open. Without it, the Confirm button, or Cancel when `destructive`. */
  initialFocus?: RefObject<HTMLElement | null>;
}

/**
 * A confirmation (`role="alertdialog"`) that needs an answer: a question, Confirm and Cancel
 * buttons with localized default labels. Escape cancels; the backdrop does not close it. Focus
 * starts on Confirm (on Cancel when `destructive`) and returns to the opener afterwards.
 * For a promise-style call, see `useConfirm`.
 *
 * @example
 * <Confirm title="End the chat?" destructive confirmText="End chat"
 *   trigger={<button type="button">End</button>} onConfirm={endChat} />
 */
export const Confirm = forwardRef<HTMLDialogElement, ConfirmProps>(function Confirm(
  {
    open: openProp,
    defaultOpen = false,
    onOpenChange,
    trigger,
    title,
    description,
    confirmText,
    cancelText,
    destructive = false,
    onConfirm,
    onCancel,
    className,
    initialFocus,
    ...rest
  },
  ref,
) {
  const { t } = useLocale();
  const [open, setOpen] = useControllableState(openProp, defaultOpen, onOpenChange);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const handleOpenChange = (next: boolean) => {
    // Any close that is not a confirmation (Escape, Cancel) is a cancel.
    if (!next) onCancel?.();
    setOpen(next);
  };
  return (
    <DialogRoot open={open} onOpenChange={handleOpenChange}>
      {trigger && <DialogTrigger>{trigger}</DialogTrigger>}
      <DialogContent
        ref={ref}
        role="alertdialog"
        closeOnBackdrop={false}
        initialFocus={initialFocus ?? (destructive ? cancelRef : confirmRef)}
        {...rest}
        className={cn('parley-dialog parley-confirm', className)}
        data-variant="confirm"
      >
        <div className="parley-dialog__header">
          <DialogTitle className="parley-dialog__title">{title}</DialogTitle>
        </div>
        {description !== undefined && (
          <DialogDescription className="parley-dialog__description">{description}</DialogDescription>
        )}
        <div className="parley-dialog__footer">
          <button
            ref={cancelRef}
            type="button"
            className="parley-dialog__action"
            data-action="cancel"
            onClick={() => handleOpenChange(false)}
          >
            {cancelText ?? t('confirm.cancel')}
          </button>
          <button
            ref={confirmRef}
            type="button"
            className="parley-dialog__action"
            data-action="confirm"
            data-variant={destructive ? 'danger' : 'primary'}
            onClick={() => {
              onConfirm?.();
              setOpen(false);
            }}
          >
            {confirmText ?? t('confirm.confirm')}
          </button>
        </div>
      </DialogContent>
    </DialogRoot>
  );
});

/** What `confirm()` from `useConfirm` accepts: Confirm's texts and style. */
export type ConfirmOptions = Pick<
  ConfirmProps,
  'title' | 'description' | 'confirmText' | 'cancelText' | 'destructive'
>;

/**
 * Promise-style confirmation. Render the returned `element` once (inside your LocaleProvider and
 * themed container); `confirm(options)` opens it and resolves `true` on confirm, `false` on
 * cancel or Escape.
 *
 * @example
 * const [confirm, confirmElement] = useConfirm();
 * async function end() {
 *   if (await confirm({ title: 'End the chat?', destructive: true })) endChat();
 * }
 * return <>{confirmElement}<button type="button" onClick={end}>End</button></>;
 */
export function useConfirm(): [(options: ConfirmOptions) => Promise<boolean>, ReactNode] {
  const [request, setRequest] = useState<{
    options: ConfirmOptions;
    resolve: (answer: boolean) => void;
  } | null>(null);
  const confirm = useCallback(
    (options: ConfirmOptions) =>
      new Promise<boolean>((resolve) => {
        setRequest((previous) => {
          previous?.resolve(false);
          return { options, resolve };
        });
      }),
    [],
  );
  const settle = (answer: boolean) => {
    request?.resolve(answer);
    setRequest(null);
  };
  const element = request ? (
    <Confirm
      {...request.options}
      open
      onOpenChange={() => {}}
      onConfirm={() => settle(true)}
      onCancel={() => settle(false)}
    />
  ) : null;
  return [confirm, element];
}
