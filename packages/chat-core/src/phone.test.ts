import { describe, expect, it } from 'vitest';
import { checkFormField } from './formCheck.js';
import { callingCodeOf, checkPhone, countryOfNumber, isPhoneCountry, phoneCountries } from './phone.js';

const international = (country?: string) => ({ rule: 'international', country }) as const;

describe('checkPhone, the default rule (international)', () => {
  it.each([
    // As dialled at home, in the country the visitor picked.
    ['2020 1234', 'DK', '+4520201234'],
    ['020 7946 0958', 'GB', '+442079460958'],
    ['06 12 34 56 78', 'FR', '+33612345678'],
    ['030 123456', 'DE', '+4930123456'],
    ['(212) 555-0123', 'US', '+12125550123'],
    ['090-1234-5678', 'JP', '+819012345678'],
    ['138 0013 8000', 'CN', '+8613800138000'],
    ['98765 43210', 'IN', '+919876543210'],
    ['0803 123 4567', 'NG', '+2348031234567'],
    ['(11) 91234-5678', 'BR', '+5511912345678'],
    // With + and the calling code, whatever country is picked.
    ['+45 2020 1234', 'US', '+4520201234'],
    ['+33 6 12 34 56 78', 'CN', '+33612345678'],
    ['+81 90-1234-5678', undefined, '+819012345678'],
  ])('given %s in %s, should accept it as %s', (text, country, e164) => {
    expect(checkPhone(text, international(country))).toEqual({ valid: true, value: e164 });
  });

  it.each([
    ['202 0123', 'DK', 'a digit short for Denmark'],
    ['0791 112345', 'GB', 'a digit short for a British mobile'],
    ['(212) 055-0123', 'US', 'no American exchange starts with 0'],
    ['+1 212 055 0123', 'DK', 'the same, written with its calling code'],
    ['+44 1234', 'GB', 'far too short'],
    ['2020 1234', undefined, 'no country and no calling code'],
    ['+0 123', 'US', 'no calling code 0'],
    ['call me', 'US', 'no number at all'],
  ])('given %s in %s, should refuse it (%s) and keep what was typed', (text, country, _why) => {
    expect(checkPhone(text, international(country))).toEqual({ valid: false, value: text });
  });

  it('given a country the metadata does not know, should read the number by its calling code alone', () => {
    expect(checkPhone('+45 2020 1234', international('EU')).valid).toBe(true);
    expect(checkPhone('2020 1234', international('EU')).valid).toBe(false);
  });
});

describe("checkPhone, the cn-mobile preset (the spec's pattern)", () => {
  it.each([
    ['13800138000', true],
    [' 15912345678 ', true],
    ['1380013800', false],
    ['23800138000', false],
    ['+8613800138000', false],
    ['+45 2020 1234', false],
    ['2020 1234', false],
  ])('given %s, should answer valid: %s, keeping the number as typed', (text, valid) => {
    expect(checkPhone(text, { rule: 'cn-mobile', country: 'DK' })).toEqual({ valid, value: text.trim() });
  });
});

describe('countries', () => {
  it('given the metadata, should list every country with its calling code', () => {
    const countries = phoneCountries();
    expect(countries.length).toBeGreaterThan(200);
    expect(countries).toContainEqual({ country: 'DK', callingCode: '45' });
    expect(countries).toContainEqual({ country: 'CA', callingCode: '1' });
    expect(isPhoneCountry('ZA')).toBe(true);
    expect(isPhoneCountry('EU')).toBe(false);
    expect(callingCodeOf('DK')).toBe('45');
    expect(callingCodeOf('EU')).toBe('');
  });

  it.each([
    ['+45 2020 1234', 'DK'],
    ['+33 6 12 34 56 78', 'FR'],
    ['+1 416 555 0123', 'CA'],
    ['2020 1234', undefined],
    ['+', undefined],
  ])('given %s, should say the number is from %s', (text, country) => {
    expect(countryOfNumber(text)).toBe(country);
  });
});

describe("checkFormField with the page's check", () => {
  const phone = { name: 'phone', label: 'Phone', type: 'phone' } as const;

  it('given the full check by country, should use it for a phone field', () => {
    const isPhone = (value: string) => checkPhone(value, international('DK')).valid;
    expect(checkFormField(phone, '2020 1234', { isPhone })).toBeNull();
    expect(checkFormField(phone, '202 0123', { isPhone })).toBe('userForm.invalidPhone');
  });

  it('given no check of its own (the server), should accept any number of a plausible shape by default', () => {
    expect(checkFormField(phone, '+45 2020 1234')).toBeNull();
    expect(checkFormField(phone, '(212) 555-0123')).toBeNull();
    expect(checkFormField(phone, '12345')).toBe('userForm.invalidPhone');
    expect(checkFormField(phone, '+1 234 567 890 123 456')).toBe('userForm.invalidPhone');
    expect(checkFormField(phone, '555-CALL-NOW')).toBe('userForm.invalidPhone');
  });

  it('given the cn-mobile rule, should take 11 digits starting with 1 only', () => {
    expect(checkFormField(phone, '13800138000', { phoneRule: 'cn-mobile' })).toBeNull();
    expect(checkFormField(phone, '+45 2020 1234', { phoneRule: 'cn-mobile' })).toBe('userForm.invalidPhone');
  });
});
