import { FormModal, type FormValues, type UserFormConfig } from '@parley/chat-core';
import { Modal } from '@parley/chat-ui/Modal';
import { useId } from 'react';
import { useT } from '../../i18n/useT.js';
import { FieldsForm } from './FieldsForm.js';

export interface UserFormProps {
  config: UserFormConfig;
  /** Sends the form; resolves true when the server took it (the engine then closes the form). */
  onSubmit: (values: FormValues) => Promise<boolean>;
}

/**
 * The channel's pre-chat user form: a modal dialog when the channel says `formModal: 1`, otherwise
 * a section inline above the conversation (spec section 4, "User form"). The modal cannot be
 * dismissed: the channel asks for these details before the chat goes on.
 */
export function UserForm({ config, onSubmit }: UserFormProps) {
  const t = useT();
  const titleId = useId();
  const form = (
    <FieldsForm
      fields={config.fields}
      onSubmit={onSubmit}
      submitLabel={t('userForm.submit')}
      aria-labelledby={config.formModal === FormModal.always ? undefined : titleId}
    >
      <p className="visitor-form__intro">{t('userForm.intro')}</p>
    </FieldsForm>
  );
  if (config.formModal === FormModal.always) {
    return (
      <Modal open title={t('userForm.title')} showClose={false} closeOnEscape={false} closeOnBackdrop={false}>
        {form}
      </Modal>
    );
  }
  return (
    <section className="visitor-inline-form" aria-labelledby={titleId}>
      <h2 id={titleId} className="visitor-inline-form__title">
        {t('userForm.title')}
      </h2>
      {form}
    </section>
  );
}
