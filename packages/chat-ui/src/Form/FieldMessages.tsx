import type { ReactNode } from 'react';
import { IconAlert } from '../Icon/icons.js';
import { useLocale } from '../LocaleProvider/LocaleProvider.js';

/** The required marker: an asterisk for sight, hidden from screen readers (the control says "required"). */
export function RequiredMark() {
  const { t } = useLocale();
  return (
    <span
      data-slot="field-required"
      className="parley-field__required"
      aria-hidden="true"
      title={t('form.required')}
    >
      *
    </span>
  );
}

export function FieldMessages({
  description,
  error,
  descriptionId,
  errorId,
}: {
  description?: ReactNode;
  error?: ReactNode;
  descriptionId?: string;
  errorId?: string;
}) {
  return (
    <>
      {description !== undefined && (
        <p id={descriptionId} className="parley-field__description">
          {description}
        </p>
      )}
      {error !== undefined && error !== false && error !== null && (
        <p id={errorId} className="parley-field__error">
          <IconAlert />
          {error}
        </p>
      )}
    </>
  );
}
