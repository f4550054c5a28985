import { Modal, type ModalProps } from '@parley/chat-ui/Modal';
import { useLayoutEffect, useRef } from 'react';

/**
 * The kit's Modal, open while mounted: `onClose` when the agent closes it (Escape, the close
 * button, the backdrop).
 *
 * One close request is ignored: the one React's development double mount (StrictMode) causes. The
 * kit's dialog closes its `<dialog>` when unmounted and opens it again when mounted; the `close`
 * event of that first close arrives after the dialog is open again, and the kit would take it for
 * the agent closing it. A real close event comes from a dialog that is already closed.
 */
export function ConsoleModal({
  onClose,
  ...props
}: Omit<ModalProps, 'open' | 'onOpenChange'> & { onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const staleClose = useRef(false);
  useLayoutEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const closed = () => {
      if (element.open) staleClose.current = true;
    };
    element.addEventListener('close', closed, true);
    return () => element.removeEventListener('close', closed, true);
  }, []);
  return (
    <Modal
      ref={dialog}
      {...props}
      open
      onOpenChange={(open) => {
        if (open) return;
        // After the close event's dispatch (its listeners, and the microtasks between them): a stale
        // one has been marked by then.
        setTimeout(() => {
          if (staleClose.current) staleClose.current = false;
          else onClose();
        }, 0);
      }}
    />
  );
}
