import type { FormField } from './types.js';

/** Spec section 5: 11 digits starting with 1. */
export const PHONE_PATTERN = /^1\d{10}$/;
/** A standard address: something@domain.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What can be wrong with a form value. */
export type FormProblem = 'required' | 'invalidPattern' | 'invalidPhone' | 'invalidEmail' | 'notAnOption';

/**
 * Checks one value against its field, the same way in the page and on the server: the first
 * problem, or null. A field's own `pattern` must match the whole (trimmed) value and wins over the
 * phone and email patterns; a pattern that does not compile is ignored rather than blocking the form.
 *
 * @example
 * checkFormField({ name: 'tel', label: 'Phone', type: 'phone' }, '123') // 'invalidPhone'
 */
export function checkFormField(field: FormField, value: string): FormProblem | null {
  const trimmed = value.trim();
  if (!trimmed) return field.required ? 'required' : null;
  if (field.type === 'select' && field.options?.length && !field.options.includes(trimmed))
    return 'notAnOption';
  if (field.pattern) return wholePattern(field.pattern)?.test(trimmed) === false ? 'invalidPattern' : null;
  if (field.type === 'phone') return PHONE_PATTERN.test(trimmed) ? null : 'invalidPhone';
  if (field.type === 'email') return EMAIL_PATTERN.test(trimmed) ? null : 'invalidEmail';
  return null;
}

function wholePattern(source: string): RegExp | undefined {
  try {
    return new RegExp(`^(?:${source})$`);
  } catch {
    return undefined;
  }
}
