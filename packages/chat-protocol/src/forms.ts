import type { FormField } from './types.js';

/**
 * Spec section 5: 11 digits starting with 1, which is a mainland-China mobile number. The
 * `cn-mobile` phone rule; the spec names the pattern but not where it applies.
 */
export const PHONE_PATTERN = /^1\d{10}$/;

/**
 * How a channel checks phone numbers (`ChannelInfo.phoneRule`):
 * - `international`, the default: any number valid in its country, dialled as in the country the
 *   visitor picks (guessed from their language) or written with + and the country code; a page
 *   sends it in E.164 (`+4520201234`).
 * - `cn-mobile`: the spec's pattern, 11 digits starting with 1 (`PHONE_PATTERN`).
 */
export const PhoneRule = { international: 'international', cnMobile: 'cn-mobile' } as const;
export type PhoneRule = (typeof PhoneRule)[keyof typeof PhoneRule];

/**
 * The rule a channel's `phoneRule` names: a missing or unknown one is the default, so a server
 * that never heard of the setting, or a newer rule, never blocks a form.
 *
 * @example
 * phoneRuleOf(channelInfo.phoneRule) // 'international'
 */
export function phoneRuleOf(value: unknown): PhoneRule {
  return value === PhoneRule.cnMobile ? PhoneRule.cnMobile : PhoneRule.international;
}

/**
 * What a phone number of any country looks like: 6 to 15 digits (E.164 allows 15), a + ahead if
 * any, and spaces, dots, dashes or brackets between. Whether the number exists in its country is
 * the page's check (libphonenumber's metadata, `@parley/chat-core/phone`), too large for a check
 * that runs everywhere.
 */
export function looksLikePhone(value: string): boolean {
  const digits = value.replace(/\D/g, '').length;
  return /^\+?[\d\s().-]+$/.test(value) && digits >= 6 && digits <= 15;
}
/** A standard address: something@domain.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What can be wrong with a form value. */
export type FormProblem = 'required' | 'invalidPattern' | 'invalidPhone' | 'invalidEmail' | 'notAnOption';

/** How `checkFormField` checks a phone number, beyond the field's own pattern. */
export interface PhoneCheckOptions {
  /** The channel's rule; default `international`. */
  phoneRule?: PhoneRule;
  /**
   * The full check of a number under the rule (a page's, with the country chosen); without it an
   * international number is checked for its shape only (`looksLikePhone`).
   */
  isPhone?: (value: string) => boolean;
}

/**
 * Checks one value against its field, the same way in the page and on the server: the first
 * problem, or null. A field's own `pattern` must match the whole (trimmed) value and wins over the
 * phone and email rules; a pattern that does not compile is ignored rather than blocking the form.
 * A phone number follows the channel's rule (`PhoneRule`).
 *
 * @example
 * checkFormField({ name: 'tel', label: 'Phone', type: 'phone' }, '123') // 'invalidPhone'
 * checkFormField({ name: 'tel', label: 'Phone', type: 'phone' }, '+45 20 20 12 34') // null
 */
export function checkFormField(
  field: FormField,
  value: string,
  phone: PhoneCheckOptions = {},
): FormProblem | null {
  const trimmed = value.trim();
  if (!trimmed) return field.required ? 'required' : null;
  if (field.type === 'select' && field.options?.length && !field.options.includes(trimmed))
    return 'notAnOption';
  if (field.pattern) return wholePattern(field.pattern)?.test(trimmed) === false ? 'invalidPattern' : null;
  if (field.type === 'phone') return isPhone(trimmed, phone) ? null : 'invalidPhone';
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

function isPhone(value: string, { phoneRule, isPhone }: PhoneCheckOptions): boolean {
  if (isPhone) return isPhone(value);
  return phoneRule === PhoneRule.cnMobile ? PHONE_PATTERN.test(value) : looksLikePhone(value);
}
