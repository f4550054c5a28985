import type { Group } from '@parley/chat-core';
import { Field, Radio, RadioGroup } from '@parley/chat-ui/Form';
import { Modal } from '@parley/chat-ui/Modal';
import { type FormEvent, useState } from 'react';
import { useT } from '../../i18n/useT.js';

export interface GroupPickerProps {
  groups: readonly Group[];
  /** The visitor chose a group. */
  onChoose: (groupId: string) => void;
  /** The visitor closed the picker without choosing. */
  onCancel: () => void;
}

/** Asks which department to talk to when a channel has more than one (spec section 4, "Transfer"). */
export function GroupPicker({ groups, onChoose, onCancel }: GroupPickerProps) {
  const t = useT();
  const [chosen, setChosen] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen) onChoose(chosen);
    else setError(t('userForm.required'));
  };
  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
      title={t('groupPicker.title')}
      description={t('groupPicker.intro')}
    >
      <form className="visitor-form" noValidate onSubmit={submit}>
        <Field label={t('groupPicker.title')} error={error} required>
          <RadioGroup
            value={chosen}
            onValueChange={(value) => {
              setChosen(value);
              setError(undefined);
            }}
          >
            {groups.map((group) => (
              <Radio key={group.groupId} value={group.groupId} label={group.groupName} />
            ))}
          </RadioGroup>
        </Field>
        <div className="visitor-form__actions">
          <button type="button" className="visitor-button" onClick={onCancel}>
            {t('groupPicker.cancel')}
          </button>
          <button type="submit" className="visitor-button visitor-button--primary">
            {t('groupPicker.confirm')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
