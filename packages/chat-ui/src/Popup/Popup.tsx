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

/** Props of the ready-made Popup. Any other prop goes to the `<dialog>` element. */
export type PopupProps = DialogShellProps;

const PopupAssembly = forwardRef<HTMLDialogElement, PopupProps>(function Popup(props, ref) {
  return <DialogShell ref={ref} kind="popup" {...props} />;
});

/**
 * A bottom sheet: a modal dialog that slides up from the bottom edge, full width on phones, with
 * the device's safe-area inset below its content. Same behaviour as Modal (focus trap, Escape,
 * backdrop, focus return, scroll lock) and the same compound parts (`Popup.Root`, ...).
 *
 * @example
 * <Popup title="Choose a topic" open={open} onOpenChange={setOpen}>
 *   <TopicList />
 * </Popup>
 */
export const Popup = Object.assign(PopupAssembly, {
  Root: DialogRoot,
  Trigger: DialogTrigger,
  Content: DialogContent,
  Title: DialogTitle,
  Description: DialogDescription,
  Close: DialogClose,
});
