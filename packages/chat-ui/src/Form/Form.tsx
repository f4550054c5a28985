import {
  forwardRef,
  type HTMLAttributes,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react';
import { IconChevronDown } from '../Icon/icons.js';
import { cn } from '../internal/cn.js';
import {
  FieldContext,
  type FieldContextValue,
  fieldControlProps,
  useFieldContext,
} from '../internal/field.js';
import { FieldMessages, RequiredMark } from './FieldMessages.js';

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
