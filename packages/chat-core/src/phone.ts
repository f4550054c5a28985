// `@parley/chat-core/phone`: phone numbers by the visitor's country, on libphonenumber's small
// ("min") metadata. Its own entry, 29 kB of gzip: a page loads it with the form that asks for
// a number, never on its first screen.
import { PHONE_PATTERN, PhoneRule } from '@parley/chat-protocol';
import {
  type CountryCode,
  getCountries,
  getCountryCallingCode,
  isSupportedCountry,
  parsePhoneNumberFromString,
} from 'libphonenumber-js/min';

/** A country a number can belong to, with its calling code (`DK`, `45`). */
export interface PhoneCountry {
  /** ISO 3166-1 alpha-2, upper case. */
  country: string;
  /** Digits only, no +. */
  callingCode: string;
}

/**
 * Every country the metadata knows (about 245, some sharing a calling code, like US and CA).
 *
 * @example
 * phoneCountries().find((entry) => entry.country === 'DK') // { country: 'DK', callingCode: '45' }
 */
export function phoneCountries(): PhoneCountry[] {
  return getCountries().map((country) => ({ country, callingCode: getCountryCallingCode(country) }));
}

/** A country's calling code (`DK`: `45`), or '' for a country the metadata does not know. */
export function callingCodeOf(country: string): string {
  return isSupportedCountry(country) ? getCountryCallingCode(country) : '';
}

/** Whether a code names a country the metadata knows (`DK` yes, `EU` no). */
export function isPhoneCountry(country: string): boolean {
  return isSupportedCountry(country);
}

/**
 * The country of a number written with + and its calling code, when it says: `+45 2020 1234` is
 * Denmark. A number without + says nothing (undefined), nor does a calling code shared by several
 * countries until enough digits tell them apart.
 *
 * @example
 * countryOfNumber('+33 6 12 34 56 78') // 'FR'
 */
export function countryOfNumber(text: string): string | undefined {
  const trimmed = text.trim();
  if (!trimmed.startsWith('+')) return undefined;
  return parsePhoneNumberFromString(trimmed)?.country;
}

/** A number checked under a rule. */
export interface CheckedPhone {
  valid: boolean;
  /**
   * What to send: under `international` a valid number in E.164 (`+4520201234`), whatever way it
   * was written; otherwise the trimmed text as typed.
   */
  value: string;
}

/**
 * Checks a phone number under the channel's rule: `international` reads it as dialled in
 * `country` (or by its own + and calling code) and asks the country's numbering plan whether it
 * can exist (its length and leading digits: the small metadata does not hold every number range);
 * `cn-mobile` is the spec's 11 digits starting with 1.
 *
 * @example
 * checkPhone('2020 1234', { rule: 'international', country: 'DK' }) // { valid: true, value: '+4520201234' }
 * checkPhone('+45 2020 1234', { rule: 'cn-mobile', country: 'CN' }) // { valid: false, value: '+45 2020 1234' }
 */
export function checkPhone(
  text: string,
  { rule, country }: { rule: PhoneRule; country?: string },
): CheckedPhone {
  const trimmed = text.trim();
  if (rule === PhoneRule.cnMobile) return { valid: PHONE_PATTERN.test(trimmed), value: trimmed };
  const number = parsePhoneNumberFromString(
    trimmed,
    country && isSupportedCountry(country) ? (country as CountryCode) : undefined,
  );
  return number?.isValid() ? { valid: true, value: number.number } : { valid: false, value: trimmed };
}
