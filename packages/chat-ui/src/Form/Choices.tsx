import {
  type ChangeEvent,
  createContext,
  forwardRef,
  type HTMLAttributes,
  type InputHTMLAttributes,
  type ReactNode,
  useContext,
  useId,
} from 'react';
import { cn } from '../internal/cn.js';
import { fieldControlProps, joinIds, useFieldContext } from '../internal/field.js';
import { composeHandlers, useControllableState } from '../internal/useControllableState.js';
import { FieldMessages, RequiredMark } from './FieldMessages.js';

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'onChange'> {
  /** The label beside the box. */
  label: ReactNode;
  /** Help text under the label. */
  description?: ReactNode;
  /** An error message; marks the box invalid. */
  error?: ReactNode;
  /** Called with the new checked state. */
  onCheckedChange?: (checked: boolean) => void;
  /** Called with the native change event first; `preventDefault()` in it skips `onCheckedChange`. */
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
  /** Disables every radio in the group. Inside a Field, the Field's `disabled` applies when absent. */
  disabled?: boolean;
  /**
   * One radio must be chosen (native `required` on each). Inside a Field, the Field's `required`
   * applies when absent.
   */
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
  /** The value the group takes when this radio is chosen. */
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
