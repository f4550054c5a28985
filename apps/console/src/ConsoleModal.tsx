import { Modal, type ModalProps } from '@parley/chat-ui/Modal';
import type { ReactNode } from 'react';

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

/**
 * The end of a dialog's form: what went wrong (announced), then submit and Cancel.
 *
 * @example
 * <DialogActions failure={error && t(error.key)} submitLabel={t('admin.save')} submitDisabled={busy}
 *   cancelLabel={t('admin.cancel')} onCancel={onClose} />
 */
export function DialogActions({
  failure,
  submitLabel,
  submitDisabled,
  cancelLabel,
  onCancel,
}: {
  /** Why the last submit failed; nothing when it did not. */
  failure?: ReactNode;
  submitLabel: string;
  /** Submit is off while the form is being sent, or cannot be sent yet. */
  submitDisabled: boolean;
  cancelLabel: string;
  onCancel: () => void;
}) {
  return (
    <>
      {failure ? (
        <p className="console-error" role="alert">
          {failure}
        </p>
      ) : null}
      <div className="console-actions">
        <button className="console-button console-button--primary" type="submit" disabled={submitDisabled}>
          {submitLabel}
        </button>
        <button className="console-button" type="button" onClick={onCancel}>
          {cancelLabel}
        </button>
      </div>
    </>
  );
}
