// `@parley/chat-core/forms`: the form check a page runs before it submits a form. Its own entry,
// not the engine's: a page whose forms load on demand downloads it with them.
import {
  checkFormField as checkField,
  type FormProblem,
  type PhoneCheckOptions,
} from '@parley/chat-protocol';
import type { FormField } from './types.js';

export {
  EMAIL_PATTERN,
  PHONE_PATTERN,
  type PhoneCheckOptions,
  PhoneRule,
  phoneRuleOf,
} from '@parley/chat-protocol';

/** The page's message for each problem the contract's form check finds. */
const PROBLEM_KEYS: Record<FormProblem, string> = {
  required: 'userForm.required',
  invalidPattern: 'userForm.invalidPattern',
  invalidPhone: 'userForm.invalidPhone',
  invalidEmail: 'userForm.invalidEmail',
  // A select only offers its options; a value outside them reads as "not in the expected format".
  notAnOption: 'userForm.invalidPattern',
};

/**
 * Checks one value against its field with the contract's check (the server runs the same one, a
 * phone number's shape only): the key of the app's message for the first problem, or null. A page
 * gives `phone` the channel's rule and, for `international`, the full check by country
 * (`checkPhone` from `@parley/chat-core/phone`).
 *
 * @example
 * checkFormField({ name: 'tel', label: 'Phone', type: 'phone' }, '123') // 'userForm.invalidPhone'
 */
export function checkFormField(field: FormField, value: string, phone?: PhoneCheckOptions): string | null {
  const problem = checkField(field, value, phone);
  return problem && PROBLEM_KEYS[problem];
}
