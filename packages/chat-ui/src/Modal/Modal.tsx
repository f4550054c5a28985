import { forwardRef } from 'react';
import {
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogRoot,
  DialogTitle,
  DialogTrigger,
} from '../internal/Dialog.js';
import { DialogShell, type DialogShellProps } from '../internal/DialogShell.js';

export type {
  DialogContentProps as ModalContentProps,
  DialogRootProps as ModalRootProps,
} from '../internal/Dialog.js';

/** Props of the ready-made Modal. Any other prop goes to the `<dialog>` element. */
export type ModalProps = DialogShellProps;

const ModalAssembly = forwardRef<HTMLDialogElement, ModalProps>(function Modal(props, ref) {
  return <DialogShell ref={ref} kind="modal" {...props} />;
});

/**
 * A centred modal dialog (`role="dialog"`, `aria-modal="true"`), labelled by its title and
 * described by its description. While open, the page behind is inert and does not scroll;
 * Tab stays inside; Escape, the close button and the backdrop close it; focus returns to the
 * element that opened it. Controlled (`open` + `onOpenChange`) or uncontrolled with a `trigger`.
 *
 * Compound parts build your own layout: `Modal.Root`, `Modal.Trigger`, `Modal.Content`,
 * `Modal.Title`, `Modal.Description`, `Modal.Close`.
 *
 * @example
 * <Modal title="Leave the chat?" trigger={<button type="button">End chat</button>}
 *   footer={<Modal.Close><button type="button">Stay</button></Modal.Close>}>
 *   Your conversation will be saved.
 * </Modal>
 */
export const Modal = Object.assign(ModalAssembly, {
  Root: DialogRoot,
  Trigger: DialogTrigger,
  Content: DialogContent,
  Title: DialogTitle,
  Description: DialogDescription,
  Close: DialogClose,
});
