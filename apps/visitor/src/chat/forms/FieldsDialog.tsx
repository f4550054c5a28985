import type { FormValues } from '@parley/chat-core';
import { Modal } from '@parley/chat-ui/Modal';
import { showToast } from '../../shell/toasts.js';
import { FieldsForm, type FieldsFormProps } from './FieldsForm.js';

export interface FieldsDialogProps extends Omit<FieldsFormProps, 'actions' | 'children' | 'aria-labelledby'> {
  title: string;
  description: string;
  cancelLabel: string;
  /** Shown as a success toast once the server took the form: it outlives the dialog. */
  sentText: (values: FormValues) => string;
  onClose: () => void;
}

/**
 * A dialog asking for channel-defined fields (a `FieldsForm` with Cancel): closing it, by Cancel,
 * Escape or the backdrop, calls `onClose`; a submit the server took says so in a toast, as the
 * engine closes the dialog.
 */
export function FieldsDialog({
  title,
  description,
  cancelLabel,
  sentText,
  onClose,
  onSubmit,
  ...form
}: FieldsDialogProps) {
  const submit = async (values: FormValues) => {
    const ok = await onSubmit(values);
    if (ok) void showToast('success', sentText(values));
    return ok;
  };
  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={title}
      description={description}
    >
      <FieldsForm
        {...form}
        onSubmit={submit}
        actions={
          <button type="button" className="visitor-button" onClick={onClose}>
            {cancelLabel}
          </button>
        }
      />
    </Modal>
  );
}
