import { createContext, useContext } from 'react';

// What a Field tells the control inside it: the ids that wire its label, description and error
// message for screen readers, and its state.
export interface FieldContextValue {
  controlId: string;
  labelId: string;
  descriptionId?: string;
  errorId?: string;
  invalid: boolean;
  required: boolean;
  disabled: boolean;
}

export const FieldContext = createContext<FieldContextValue | null>(null);

export function useFieldContext(): FieldContextValue | null {
  return useContext(FieldContext);
}

/** Joins ids for aria-describedby, dropping empty ones. */
export function joinIds(...ids: Array<string | undefined | false>): string | undefined {
  const joined = ids.filter(Boolean).join(' ');
  return joined || undefined;
}

/**
 * The ARIA and native attributes a control gets from its Field (if any), merged with its own
 * props. Own props win; aria-describedby is merged.
 */
export function fieldControlProps(
  field: FieldContextValue | null,
  own: {
    id?: string;
    'aria-describedby'?: string;
    'aria-invalid'?: boolean | 'true' | 'false' | 'grammar' | 'spelling';
    required?: boolean;
    disabled?: boolean;
  },
) {
  const invalid = own['aria-invalid'] ?? (field?.invalid ? true : undefined);
  return {
    id: own.id ?? field?.controlId,
    'aria-describedby': joinIds(field?.descriptionId, field?.errorId, own['aria-describedby']),
    'aria-invalid': invalid,
    'aria-errormessage': field?.invalid ? field.errorId : undefined,
    required: own.required ?? field?.required,
    disabled: own.disabled ?? field?.disabled,
  };
}
