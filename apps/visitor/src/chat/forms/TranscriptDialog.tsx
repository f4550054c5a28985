import type { FormField, FormValues } from '@parley/chat-core';
import { Modal } from '@parley/chat-ui/Modal';
import { useMemo } from 'react';
import { useT } from '../../i18n/useT.js';
import { showToast } from '../../shell/toasts.js';
import { FieldsForm } from './FieldsForm.js';

export interface TranscriptDialogProps {
  /** The address to start with: one the visitor gave in this visit, or ''. */
  email: string;
  /** Asks for the transcript; resolves true when the server queued it (the engine then closes this). */
  onSubmit: (email: string) => Promise<boolean>;
  onClose: () => void;
}

/**
 * Once a chat has ended, on a server that mails transcripts: the visitor's email address (filled in
 * when they gave one, checked with the form's email rule) and the transcript sent to it.
 */
export function TranscriptDialog({ email, onSubmit, onClose }: TranscriptDialogProps) {
  const t = useT();
  const fields = useMemo<FormField[]>(
    () => [{ name: 'email', label: t('transcript.email'), type: 'email', required: true }],
    [t],
  );
  const submit = async (values: FormValues) => {
    const address = values.email ?? '';
    const ok = await onSubmit(address);
    // The engine closes the dialog on success; the confirmation outlives it as a toast.
    if (ok) void showToast('success', t('transcript.sent', { email: address }));
    return ok;
  };
  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('transcript.title')}
      description={t('transcript.intro')}
    >
      <FieldsForm
        fields={fields}
        initialValues={{ email }}
        onSubmit={submit}
        submitLabel={t('transcript.submit')}
        actions={
          <button type="button" className="visitor-button" onClick={onClose}>
            {t('transcript.cancel')}
          </button>
        }
      />
    </Modal>
  );
}
