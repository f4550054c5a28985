import {
  type ChangeEvent,
  createContext,
  forwardRef,
  type HTMLAttributes,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useContext,
  useId,
} from 'react';
import { IconAlert, IconChevronDown } from '../Icon/icons.js';
import { cn } from '../internal/cn.js';
import {
  FieldContext,
  type FieldContextValue,
  fieldControlProps,
  joinIds,
  useFieldContext,
} from '../internal/field.js';
import { composeHandlers, useControllableState } from '../internal/useControllableState.js';
import { useLocale } from '../LocaleProvider/LocaleProvider.js';

/** The required marker: an asterisk for sight, hidden from screen readers (the control says "required"). */
function RequiredMark() {
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

function FieldMessages({
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

export interface FieldProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children'> {
  /** The visible label. */
  label: ReactNode;
  /** Help text under the control; it describes the control to screen readers. */
  description?: ReactNode;
  /** An error message. When present the control is marked invalid and points to it. */
  error?: ReactNode;
  /** Marks the control required (asterisk + native `required`). */
  required?: boolean;
  /** Disables the control. */
  disabled?: boolean;
  /** The id for the control; generated when absent. */
  controlId?: string;
  /** One control: Input, Textarea, Select, RadioGroup or StarRating. */
  children: ReactNode;
}

/**
 * Labels a control and wires its description and error message for screen readers
 * (`aria-describedby`, `aria-invalid`, `aria-errormessage`; ids from `useId`). Put one control
 * inside: Input, Textarea, Select, RadioGroup or StarRating.
 *
 * @example
 * <Field label="Email" description="We reply here." error={emailError} required>
 *   <Input type="email" autoComplete="email" />
 * </Field>
 */
export const Field = forwardRef<HTMLDivElement, FieldProps>(function Field(
  { label, description, error, required = false, disabled = false, controlId, className, children, ...rest },
  ref,
) {
  const id = useId();
  const hasError = error !== undefined && error !== null && error !== false;
  const context: FieldContextValue = {
    controlId: controlId ?? `${id}-control`,
    labelId: `${id}-label`,
    descriptionId: description !== undefined ? `${id}-description` : undefined,
    errorId: hasError ? `${id}-error` : undefined,
    invalid: hasError,
    required,
    disabled,
  };
  return (
    <div
      ref={ref}
      {...rest}
      data-slot="field"
      className={cn('parley-field', className)}
      data-invalid={hasError || undefined}
      data-disabled={disabled || undefined}
    >
      <label id={context.labelId} htmlFor={context.controlId} className="parley-field__label">
        {label}
        {required && <RequiredMark />}
      </label>
      <FieldContext.Provider value={context}>{children}</FieldContext.Provider>
      <FieldMessages
        description={description}
        error={error}
        descriptionId={context.descriptionId}
        errorId={context.errorId}
      />
    </div>
  );
});

/**
 * The attributes a custom control needs to take part in a Field: `id` (so the label points at
 * it), `aria-describedby`, `aria-invalid`, `aria-errormessage`, `required`, `disabled`. Pass your
 * own values to override. Outside a Field it returns your values unchanged.
 *
 * @example
 * function PhoneInput(props) {
 *   return <MaskedInput {...props} {...useFieldControl(props)} />;
 * }
 */
export function useFieldControl(own: Parameters<typeof fieldControlProps>[1] = {}) {
  return fieldControlProps(useFieldContext(), own);
}

/** A text input; inside a Field it is labelled, described and marked invalid by it. */
export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function Input(
  { className, ...rest },
  ref,
) {
  const field = useFieldContext();
  return (
    <input
      ref={ref}
      {...rest}
      {...fieldControlProps(field, rest)}
      className={cn('parley-input', className)}
    />
  );
});

/** A multi-line text input; inside a Field it is labelled, described and marked invalid by it. */
export const Textarea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement>>(
  function Textarea({ className, rows = 3, ...rest }, ref) {
    const field = useFieldContext();
    return (
      <textarea
        ref={ref}
        rows={rows}
        {...rest}
        {...fieldControlProps(field, rest)}
        className={cn('parley-input', 'parley-textarea', className)}
      />
    );
  },
);

/** An option of a Select given as data. */
export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  /** Options as data; or pass `<option>` children. */
  options?: readonly SelectOption[];
  /** A first, empty choice shown until one is picked (e.g. "Choose a topic"). */
  placeholder?: string;
}

/** A native select (best on phones and with assistive technology), styled to match the kit. */
export const Select = forwardRef<HTMLSelectElement, SelectProps>(function Select(
  { className, options, placeholder, children, ...rest },
  ref,
) {
  const field = useFieldContext();
  return (
    <span className={cn('parley-select', className)}>
      <select
        ref={ref}
        {...rest}
        {...fieldControlProps(field, rest)}
        className="parley-input parley-select__native"
      >
        {placeholder !== undefined && (
          <option value="" disabled={rest.required ?? field?.required}>
            {placeholder}
          </option>
        )}
        {options?.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
        {children}
      </select>
      <IconChevronDown className="parley-select__chevron" />
    </span>
  );
});

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'onChange'> {
  /** The label beside the box. */
  label: ReactNode;
  /** Help text under the label. */
  description?: ReactNode;
  /** An error message; marks the box invalid. */
  error?: ReactNode;
  /** Called with the new checked state. */
  onCheckedChange?: (checked: boolean) => void;
  onChange?: (event: ChangeEvent<HTMLInputElement>) => void;
}

/**
 * A native checkbox with its label beside it, plus optional description and error message
 * wired for screen readers.
 *
 * @example
 * <Checkbox label="Send me a transcript" onCheckedChange={setTranscript} />
 */
export const Checkbox = forwardRef<HTMLInputElement, CheckboxProps>(function Checkbox(
  {
    label,
    description,
    error,
    onCheckedChange,
    onChange,
    className,
    id: idProp,
    required,
    disabled,
    ...rest
  },
  ref,
) {
  const id = useId();
  const controlId = idProp ?? `${id}-control`;
  const hasError = error !== undefined && error !== null && error !== false;
  const descriptionId = description !== undefined ? `${id}-description` : undefined;
  const errorId = hasError ? `${id}-error` : undefined;
  return (
    <div
      className={cn('parley-check', className)}
      data-invalid={hasError || undefined}
      data-disabled={disabled || undefined}
    >
      <input
        ref={ref}
        type="checkbox"
        {...rest}
        id={controlId}
        required={required}
        disabled={disabled}
        className="parley-check__input"
        aria-describedby={joinIds(descriptionId, errorId, rest['aria-describedby'])}
        aria-invalid={hasError || undefined}
        aria-errormessage={errorId}
        onChange={composeHandlers(onChange, (event) => onCheckedChange?.(event.currentTarget.checked))}
      />
      <label htmlFor={controlId} className="parley-check__label">
        {label}
        {required && <RequiredMark />}
      </label>
      <div className="parley-check__messages">
        <FieldMessages
          description={description}
          error={error}
          descriptionId={descriptionId}
          errorId={errorId}
        />
      </div>
    </div>
  );
});

interface RadioGroupContextValue {
  name: string;
  value: string | null;
  setValue: (value: string) => void;
  disabled: boolean;
  required: boolean;
}

const RadioGroupContext = createContext<RadioGroupContextValue | null>(null);

export interface RadioGroupProps extends Omit<HTMLAttributes<HTMLDivElement>, 'onChange' | 'defaultValue'> {
  /** The form field name of the radios. Generated when absent. */
  name?: string;
  /** Controlled selected value (`null` for none). */
  value?: string | null;
  /** Initial value when uncontrolled. */
  defaultValue?: string | null;
  /** Called with the newly selected value. */
  onValueChange?: (value: string) => void;
  /** Lay the radios out in a row. Default column. */
  orientation?: 'vertical' | 'horizontal';
  disabled?: boolean;
  required?: boolean;
  /** `Radio` children. */
  children?: ReactNode;
}

/**
 * A group of native radios (`role="radiogroup"`): arrow keys move and select, Tab enters and
 * leaves the group. Inside a Field it is labelled, described and marked invalid by it.
 *
 * @example
 * <Field label="Topic" required>
 *   <RadioGroup defaultValue="orders"><Radio value="orders" label="Orders" /><Radio value="other" label="Other" /></RadioGroup>
 * </Field>
 */
export const RadioGroup = forwardRef<HTMLDivElement, RadioGroupProps>(function RadioGroup(
  {
    name,
    value: valueProp,
    defaultValue = null,
    onValueChange,
    orientation = 'vertical',
    disabled,
    required,
    className,
    children,
    ...rest
  },
  ref,
) {
  const field = useFieldContext();
  const generated = useId();
  const [value, setValue] = useControllableState<string | null>(valueProp, defaultValue, (next) => {
    if (next !== null) onValueChange?.(next);
  });
  const wired = fieldControlProps(field, { ...rest, disabled, required });
  return (
    <div
      ref={ref}
      role="radiogroup"
      aria-labelledby={rest['aria-label'] ? undefined : field?.labelId}
      aria-required={wired.required || undefined}
      aria-orientation={orientation}
      {...rest}
      id={wired.id}
      aria-describedby={wired['aria-describedby']}
      aria-invalid={wired['aria-invalid']}
      aria-errormessage={wired['aria-errormessage']}
      aria-disabled={wired.disabled || undefined}
      className={cn('parley-radio-group', className)}
      data-orientation={orientation}
    >
      <RadioGroupContext.Provider
        value={{
          name: name ?? generated,
          value,
          setValue,
          disabled: Boolean(wired.disabled),
          required: Boolean(wired.required),
        }}
      >
        {children}
      </RadioGroupContext.Provider>
    </div>
  );
});

export interface RadioProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'value' | 'name'> {
  value: string;
  /** The label beside the radio. */
  label: ReactNode;
  /** Help text under the label. */
  description?: ReactNode;
}

/** One choice of a RadioGroup. */
export const Radio = forwardRef<HTMLInputElement, RadioProps>(function Radio(
  { value, label, description, disabled, className, onChange, ...rest },
  ref,
) {
  const group = useContext(RadioGroupContext);
  const id = useId();
  const descriptionId = description !== undefined ? `${id}-description` : undefined;
  const isDisabled = disabled ?? group?.disabled;
  return (
    <div className={cn('parley-check', 'parley-radio', className)} data-disabled={isDisabled || undefined}>
      <input
        ref={ref}
        type="radio"
        {...rest}
        id={`${id}-control`}
        name={group?.name}
        value={value}
        checked={group ? group.value === value : undefined}
        required={group?.required || undefined}
        disabled={isDisabled}
        aria-describedby={joinIds(descriptionId, rest['aria-describedby'])}
        className="parley-check__input"
        onChange={composeHandlers(onChange, () => group?.setValue(value))}
      />
      <label htmlFor={`${id}-control`} className="parley-check__label">
        {label}
      </label>
      {description !== undefined && (
        <div className="parley-check__messages">
          <p id={descriptionId} className="parley-field__description">
            {description}
          </p>
        </div>
      )}
    </div>
  );
});
