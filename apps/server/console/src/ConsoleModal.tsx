import { Modal, type ModalProps } from '@parley/chat-ui/Modal';

/** The kit's Modal, open while mounted: `onClose` when the agent closes it (Escape, the close button, the backdrop). */
export function ConsoleModal({
  onClose,
  ...props
}: Omit<ModalProps, 'open' | 'onOpenChange'> & { onClose: () => void }) {
  return (
    <Modal
      {...props}
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    />
  );
}
