import type { FormField } from '@parley/chat-core';
import { useMemo } from 'react';
import { useT } from '../../i18n/useT.js';
import { FieldsDialog } from './FieldsDialog.js';

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
  return (
    <FieldsDialog
      title={t('transcript.title')}
      description={t('transcript.intro')}
      fields={fields}
      initialValues={{ email }}
      onSubmit={(values) => onSubmit(values.email ?? '')}
      sentText={(values) => t('transcript.sent', { email: values.email ?? '' })}
      submitLabel={t('transcript.submit')}
      cancelLabel={t('transcript.cancel')}
      onClose={onClose}
    />
  );
}
