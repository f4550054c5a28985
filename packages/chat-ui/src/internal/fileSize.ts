/** The size units of the spec, in steps of 1024: B, KB, MB, ... YB. */
const ABBREVIATIONS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'] as const;
/** The units Intl names in each language; there is none above the petabyte. */
const INTL_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte', 'petabyte'] as const;
const LARGEST_INTL_UNIT = INTL_UNITS.length - 1;

const DEFAULT_LOCALE = 'en-US';
const formats = new Map<string, Intl.NumberFormat>();

/**
 * A cached formatter for `unit` in `locale` (en-US when it is invalid): whole bytes, exactly two
 * decimals for every larger unit.
 */
function numberFormat(locale: string, unit: (typeof INTL_UNITS)[number]): Intl.NumberFormat {
  const key = `${locale}|${unit}`;
  let format = formats.get(key);
  if (!format) {
    const decimals = unit === 'byte' ? 0 : 2;
    const options: Intl.NumberFormatOptions = {
      style: 'unit',
      unit,
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    };
    try {
      format = new Intl.NumberFormat(locale, options);
    } catch {
      format = new Intl.NumberFormat(DEFAULT_LOCALE, options);
    }
    formats.set(key, format);
  }
  return format;
}

/**
 * Formats a byte count for a locale: steps of 1024 from B up to YB with exactly two decimals
 * (spec section 9), the number and the unit written the locale's way. Bytes are whole (`193 B`,
 * never `193.00`). Up to the petabyte the unit is the locale's own (`1.50 kB` in en-US, `1,50 kB`
 * in de-DE, `193 o` and `1,50 ko` in fr-FR, `١٫٥٠ كيلوبايت` in ar-EG); where the locale's short
 * name of the byte is the English word (en-US and a dozen others that do not translate it), the
 * spec's `B` is shown instead. Intl names no unit above the petabyte, so EB, ZB and YB keep their
 * abbreviation in the locale's number format and word order. Values past YB stay in YB.
 * Negative or non-finite input gives `""`. An invalid locale falls back to en-US.
 *
 * Widgets pass the locale of the `LocaleProvider` (`useLocale().locale`).
 *
 * @example
 * formatFileSize(193, 'en-US') // '193 B'
 * formatFileSize(1536, 'de-DE') // '1,50 kB'
 * formatFileSize(1024 ** 6, 'en-US') // '1.00 EB'
 */
export function formatFileSize(bytes: number, locale: string = DEFAULT_LOCALE): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  let value = bytes;
  let step = 0;
  while (value >= 1024 && step < ABBREVIATIONS.length - 1) {
    value /= 1024;
    step += 1;
  }
  if (step === 0) {
    return numberFormat(locale, 'byte')
      .formatToParts(value)
      .map((part) => (part.type === 'unit' && /^bytes?$/.test(part.value) ? ABBREVIATIONS[0] : part.value))
      .join('');
  }
  if (step <= LARGEST_INTL_UNIT) return numberFormat(locale, INTL_UNITS[step] ?? 'byte').format(value);
  // Above the petabyte: the petabyte's pattern with the spec's abbreviation as its unit.
  const abbreviation = ABBREVIATIONS[step] ?? 'YB';
  return numberFormat(locale, 'petabyte')
    .formatToParts(value)
    .map((part) => (part.type === 'unit' ? abbreviation : part.value))
    .join('');
}
