import { forwardRef, type ReactElement, type ReactNode, type RefObject } from 'react';
import { IconClose } from '../Icon/icons.js';
import { useLocale } from '../LocaleProvider/LocaleProvider.js';
import { cn } from './cn.js';
import {
  DialogClose,
  DialogContent,
  type DialogContentProps,
  DialogDescription,
  DialogRoot,
  DialogTitle,
  DialogTrigger,
} from './Dialog.js';

/** Props shared by Modal and Popup's ready-made assemblies. */
export interface DialogShellProps extends Omit<DialogContentProps, 'title' | 'role'> {
  /** Controlled open state. */
  open?: boolean;
  /**
   * Initial state when uncontrolled.
   * @default false
   */
  defaultOpen?: boolean;
  /** Called with the new state when the dialog asks to open or close. */
  onOpenChange?: (open: boolean) => void;
  /** An element (usually a button) that opens the dialog: the uncontrolled way to use it. */
  trigger?: ReactElement<{ onClick?: (event: React.MouseEvent) => void }>;
  /** The heading; it labels the dialog. Give `aria-label` instead if there is none. */
  title?: ReactNode;
  /** A short description under the title; it describes the dialog to screen readers. */
  description?: ReactNode;
  /** Actions shown at the bottom, e.g. buttons. */
  footer?: ReactNode;
  /**
   * Show the close button in the header.
   * @default true
   */
  showClose?: boolean;
  /** Element to focus on open. Without it, the first focusable element inside. */
  initialFocus?: RefObject<HTMLElement | null>;
  children?: ReactNode;
}

/** The header / body / footer layout shared by Modal and Popup. */
export const DialogShell = forwardRef<HTMLDialogElement, DialogShellProps & { kind: 'modal' | 'popup' }>(
  function DialogShell(
    {
      kind,
      open,
      defaultOpen,
      onOpenChange,
      trigger,
      title,
      description,
      footer,
      showClose = true,
      className,
      children,
      ...rest
    },
    ref,
  ) {
    const { t } = useLocale();
    const base = `parley-dialog parley-${kind}`;
    return (
      <DialogRoot open={open} defaultOpen={defaultOpen} onOpenChange={onOpenChange}>
        {trigger && <DialogTrigger>{trigger}</DialogTrigger>}
        <DialogContent ref={ref} {...rest} className={cn(base, className)} data-variant={kind}>
          {(title !== undefined || showClose) && (
            <div className="parley-dialog__header">
              {title !== undefined && <DialogTitle className="parley-dialog__title">{title}</DialogTitle>}
              {showClose && (
                <DialogClose>
                  <button type="button" className="parley-dialog__close" aria-label={t('dialog.close')}>
                    <IconClose />
                  </button>
                </DialogClose>
              )}
            </div>
          )}
          {description !== undefined && (
            <DialogDescription className="parley-dialog__description">{description}</DialogDescription>
          )}
          {children !== undefined && <div className="parley-dialog__body">{children}</div>}
          {footer !== undefined && <div className="parley-dialog__footer">{footer}</div>}
        </DialogContent>
      </DialogRoot>
    );
  },
);
