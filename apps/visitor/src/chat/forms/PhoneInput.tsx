import { Input, Select } from '@parley/chat-ui/Form';
import { useLocale } from '@parley/chat-ui/LocaleProvider';
import { type InputHTMLAttributes, useMemo } from 'react';
import { useT } from '../../i18n/useT.js';
import type { PhoneRules } from './phoneRules.js';

/** A country's name in the visitor's language, from the browser (no names to download). */
export function useCountryName(): (country: string) => string {
  const { locale } = useLocale();
  return useMemo(() => {
    try {
      const names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
      return (country: string) => names.of(country) ?? country;
    } catch {
      return (country: string) => country;
    }
  }, [locale]);
}

export interface PhoneInputProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'type' | 'inputMode' | 'dir'> {
  /** The number's control id (the field's label points at the number). */
  id: string;
  value: string;
  onValueChange: (value: string) => void;
  /** The country the number is read in; undefined until guessed or chosen. */
  country: string | undefined;
  onCountryChange: (country: string) => void;
  /** The checks, once downloaded; until then the list holds the guessed country alone. */
  rules: PhoneRules | null;
}

/**
 * A phone number read in a country: the country (guessed from the visitor's language, any other
 * one a choice away, named in the visitor's language with its calling code) and the number as the
 * visitor dials it at home, or with + and the calling code, which picks the country by itself.
 */
export function PhoneInput({
  id,
  value,
  onValueChange,
  country,
  onCountryChange,
  rules,
  disabled,
  ...rest
}: PhoneInputProps) {
  const t = useT();
  const { locale } = useLocale();
  const countryName = useCountryName();
  const options = useMemo(() => {
    const known = rules?.phoneCountries() ?? (country ? [{ country, callingCode: '' }] : []);
    const collator = new Intl.Collator(locale);
    return known
      .map((entry) => ({
        value: entry.country,
        label: entry.callingCode
          ? `${countryName(entry.country)} +${entry.callingCode}`
          : countryName(entry.country),
      }))
      .sort((a, b) => collator.compare(a.label, b.label));
  }, [rules, country, countryName, locale]);
  return (
    <div className="visitor-phone">
      <Select
        id={`${id}-country`}
        aria-label={t('userForm.phoneCountry')}
        aria-invalid={false}
        required={false}
        disabled={disabled}
        value={country ?? ''}
        placeholder={country ? undefined : '—'}
        options={options}
        onChange={(event) => onCountryChange(event.target.value)}
      />
      <Input
        {...rest}
        id={id}
        type="tel"
        inputMode="tel"
        // Digits and + read left to right in every language.
        dir="ltr"
        disabled={disabled}
        value={value}
        onChange={(event) => {
          const text = event.target.value;
          onValueChange(text);
          // "+45…" names its country: the list follows it.
          const named = rules?.countryOfNumber(text);
          if (named && named !== country) onCountryChange(named);
        }}
      />
    </div>
  );
}
