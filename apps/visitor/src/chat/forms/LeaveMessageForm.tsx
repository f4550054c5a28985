import type { FormField, FormValues, VisitorContact } from '@parley/chat-core';
import { useMemo } from 'react';
import { useT } from '../../i18n/useT.js';
import { FieldsDialog } from './FieldsDialog.js';

export interface LeaveMessageValues {
  name?: string;
  phone?: string;
  email?: string;
  content: string;
}

export interface LeaveMessageFormProps {
  /** What the visitor already gave (chat start, the pre-chat form): the form starts with it. */
  contact?: VisitorContact;
  /** Sends the message; resolves true when the server took it. */
  onSubmit: (values: LeaveMessageValues) => Promise<boolean>;
  onClose: () => void;
}

/**
 * The leave-message form, offered when no agent is online, outside working hours, and on demand.
 * The message is required, and a phone number or an email address so the team can reply. The
 * visitor's name, phone and email are filled in from what they already gave (WCAG 3.3.7).
 */
export function LeaveMessageForm({ contact, onSubmit, onClose }: LeaveMessageFormProps) {
  const t = useT();
  const fields = useMemo<FormField[]>(
    () => [
      { name: 'name', label: t('leaveMessage.name'), type: 'text' },
      { name: 'phone', label: t('leaveMessage.phone'), type: 'phone' },
      { name: 'email', label: t('leaveMessage.email'), type: 'email' },
      { name: 'content', label: t('leaveMessage.content'), type: 'textarea', required: true },
    ],
    [t],
  );
  const needsContact = (values: FormValues): Record<string, string> =>
    values.phone?.trim() || values.email?.trim() ? {} : { phone: 'leaveMessage.contactHint' };
  return (
    <FieldsDialog
      title={t('leaveMessage.title')}
      description={t('leaveMessage.intro')}
      fields={fields}
      initialValues={{ ...contact }}
      check={needsContact}
      onSubmit={(values) =>
        onSubmit({
          name: values.name || undefined,
          phone: values.phone || undefined,
          email: values.email || undefined,
          content: values.content ?? '',
        })
      }
      sentText={() => t('leaveMessage.sent')}
      submitLabel={t('leaveMessage.submit')}
      cancelLabel={t('leaveMessage.cancel')}
      onClose={onClose}
    />
  );
}
