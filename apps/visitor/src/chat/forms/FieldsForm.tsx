import type { FormField, FormValues } from '@parley/chat-core';
import { checkFormField, PhoneRule, phoneRuleOf } from '@parley/chat-core/forms';
import { Field, Input, Select, Textarea } from '@parley/chat-ui/Form';
import { useLocale } from '@parley/chat-ui/LocaleProvider';
import { useAtomValue } from 'jotai';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useT } from '../../i18n/useT.js';
import { phoneRuleAtom } from '../../state/chatAtoms.js';
import { PhoneInput, useCountryName } from './PhoneInput.js';
import { guessPhoneCountry, loadPhoneRules, type PhoneRules } from './phoneRules.js';

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

/** A phone field read by country: the channel's default rule, and no pattern of the field's own. */
const byCountry = (field: FormField, rule: PhoneRule) =>
  field.type === 'phone' && !field.pattern && rule === PhoneRule.international;

/**
 * A form of channel-defined fields, checked with chat-core's rules (required, phone, email, the
 * field's own pattern) when submitted. Errors are wired to their controls for screen readers, the
 * first invalid control takes focus, and nothing typed is lost when the server refuses. Phone
 * numbers follow the channel's rule: by default any valid number of the country the visitor picks
 * (guessed from their language), sent in E.164; the checks download with the form.
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
  const phoneRule = phoneRuleOf(useAtomValue(phoneRuleAtom));
  const { locale } = useLocale();
  const countryName = useCountryName();
  const phoneFields = fields.filter((field) => byCountry(field, phoneRule));
  const [rules, setRules] = useState<PhoneRules | null>(null);
  // Each phone field's country: the number's own (+45…) once the checks are here, else the guess.
  const [countries, setCountries] = useState<Record<string, string | undefined>>(() => {
    const guess = guessPhoneCountry(locale, typeof navigator === 'undefined' ? [] : navigator.languages);
    return Object.fromEntries(phoneFields.map((field) => [field.name, guess]));
  });
  const needsRules = phoneFields.length > 0;
  // What the visitor has typed so far, for the checks that arrive after it: a number typed
  // with +45 while they download still picks its country. (A parent's new initialValues object
  // must not reset a chosen country, so this starts once, from the form's first values.)
  const typed = useRef(values);
  useEffect(() => {
    if (!needsRules) return;
    let current = true;
    loadPhoneRules().then(
      (loaded) => {
        if (!current) return;
        setRules(loaded);
        setCountries((chosen) =>
          Object.fromEntries(
            Object.entries(chosen).map(([name, country]) => [
              name,
              loaded.countryOfNumber(typed.current[name] ?? '') ?? country,
            ]),
          ),
        );
      },
      // Without the checks the form still works: the contract's check of a number's shape.
      (error: unknown) => console.warn('[parley] the phone checks did not load', error),
    );
    return () => {
      current = false;
    };
  }, [needsRules]);

  const controlId = (name: string) => `${id}-${name}`;
  const set = (name: string, value: string) => {
    typed.current = { ...typed.current, [name]: value };
    setValues((current) => ({ ...current, [name]: value }));
    if (errors[name]) setErrors(({ [name]: _fixed, ...rest }) => rest);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    // A visitor quicker than the download waits for it (a failed one leaves the shape check).
    const phone = needsRules ? (rules ?? (await loadPhoneRules().catch(() => null))) : null;
    const sent: FormValues = {};
    const found: Record<string, string> = {};
    for (const field of fields) {
      const value = values[field.name] ?? '';
      const checked =
        phone && byCountry(field, phoneRule)
          ? phone.checkPhone(value, { rule: phoneRule, country: countries[field.name] })
          : null;
      const problem = checkFormField(field, value, {
        phoneRule,
        ...(checked && { isPhone: () => checked.valid }),
      });
      if (problem)
        found[field.name] =
          problem === 'userForm.invalidPhone' && byCountry(field, phoneRule)
            ? 'userForm.invalidPhoneFor'
            : problem;
      // A valid number by country is sent in E.164, however it was typed.
      sent[field.name] = checked?.valid ? checked.value : value.trim();
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
      await onSubmit(sent);
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
        const country = countries[field.name];
        const code = country && rules?.callingCodeOf(country);
        // "for Denmark (+45)" once the country and its code are known, else "with + and its code".
        const problem =
          errors[field.name] === 'userForm.invalidPhoneFor' && !code
            ? 'userForm.invalidPhoneAny'
            : errors[field.name];
        const error = problem
          ? t(problem, { country: country ? countryName(country) : '', code: code || '' })
          : undefined;
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
            ) : byCountry(field, phoneRule) ? (
              <PhoneInput
                {...common}
                id={controlId(field.name)}
                autoComplete="tel"
                onValueChange={(text) => set(field.name, text)}
                country={country}
                onCountryChange={(chosen) => {
                  setCountries((current) => ({ ...current, [field.name]: chosen }));
                  if (errors[field.name]) setErrors(({ [field.name]: _fixed, ...rest }) => rest);
                }}
                rules={rules}
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
