import { checkFormField, type FormField, type FormValues } from '@parley/chat-core';
import { Field, Input, Select, Textarea } from '@parley/chat-ui/Form';
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import { useT } from '../../i18n/useT.js';

export interface FieldsFormProps {
  /** The fields, in order. */
  fields: readonly FormField[];
  /** Values the fields start with, by field name: what the visitor already gave. */
  initialValues?: { readonly [name: string]: string | undefined };
  /** Called with valid values; resolve false to keep the form open (the engine said why). */
  onSubmit: (values: FormValues) => Promise<boolean> | boolean;
  /** A rule across fields: field name -> message key. */
  check?: (values: FormValues) => Record<string, string>;
  submitLabel: string;
  /** Content before the fields, e.g. an introduction. */
  children?: ReactNode;
  /** Buttons beside submit, e.g. Cancel. */
  actions?: ReactNode;
  'aria-labelledby'?: string;
}

const INPUT_KIND = {
  text: { type: 'text', inputMode: 'text', autoComplete: 'off' },
  email: { type: 'email', inputMode: 'email', autoComplete: 'email' },
  phone: { type: 'tel', inputMode: 'tel', autoComplete: 'tel' },
} as const;

/** Fields that ask who the visitor is, by the spec's names: the browser may fill them in. */
const PURPOSE_BY_NAME: Record<string, string> = { name: 'name', email: 'email', phone: 'tel' };

/**
 * A form of channel-defined fields, checked with chat-core's rules (required, phone, email, the
 * field's own pattern) when submitted. Errors are wired to their controls for screen readers, the
 * first invalid control takes focus, and nothing typed is lost when the server refuses.
 */
export function FieldsForm({
  fields,
  initialValues,
  onSubmit,
  check,
  submitLabel,
  children,
  actions,
  'aria-labelledby': labelledBy,
}: FieldsFormProps) {
  const t = useT();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<FormValues>(() =>
    Object.fromEntries(fields.map((field) => [field.name, initialValues?.[field.name] ?? ''])),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const controlId = (name: string) => `${id}-${name}`;
  const set = (name: string, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    if (errors[name]) setErrors(({ [name]: _fixed, ...rest }) => rest);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const found: Record<string, string> = {};
    for (const field of fields) {
      const problem = checkFormField(field, values[field.name] ?? '');
      if (problem) found[field.name] = problem;
    }
    Object.assign(found, { ...check?.(values), ...found });
    setErrors(found);
    const firstInvalid = fields.find((field) => found[field.name]);
    if (firstInvalid) {
      formRef.current?.querySelector<HTMLElement>(`#${CSS.escape(controlId(firstInvalid.name))}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const trimmed = Object.fromEntries(Object.entries(values).map(([name, value]) => [name, value.trim()]));
      await onSubmit(trimmed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      ref={formRef}
      className="visitor-form"
      noValidate
      onSubmit={submit}
      aria-labelledby={labelledBy}
      aria-busy={busy || undefined}
    >
      {children}
      {fields.map((field) => {
        const value = values[field.name] ?? '';
        const error = errors[field.name] ? t(errors[field.name] as string) : undefined;
        const common = {
          name: field.name,
          value,
          disabled: busy,
        };
        return (
          <Field
            key={field.name}
            label={field.label}
            required={field.required}
            error={error}
            controlId={controlId(field.name)}
          >
            {field.type === 'textarea' ? (
              <Textarea {...common} rows={4} onChange={(event) => set(field.name, event.target.value)} />
            ) : field.type === 'select' ? (
              <Select
                {...common}
                placeholder="—"
                options={(field.options ?? []).map((option) => ({ value: option, label: option }))}
                onChange={(event) => set(field.name, event.target.value)}
              />
            ) : (
              <Input
                {...common}
                {...INPUT_KIND[field.type]}
                autoComplete={PURPOSE_BY_NAME[field.name] ?? INPUT_KIND[field.type].autoComplete}
                onChange={(event) => set(field.name, event.target.value)}
              />
            )}
          </Field>
        );
      })}
      <div className="visitor-form__actions">
        {actions}
        <button type="submit" className="visitor-button visitor-button--primary" disabled={busy}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
