import { describe, expect, it } from 'vitest';
import { formatFileSize } from './fileSize.js';

/** The text as read: CLDR puts a plain, no-break or narrow no-break space depending on the unit. */
const shown = (bytes: number, locale?: string) => formatFileSize(bytes, locale).replace(/\s/g, ' ');

describe('formatFileSize', () => {
  it.each([
    [0, '0 B'],
    [193, '193 B'],
    [1023, '1,023 B'],
    [1024, '1.00 kB'],
    [1536, '1.50 kB'],
    [1024 ** 2 - 1, '1,024.00 kB'],
    [1024 ** 2, '1.00 MB'],
    [1024 ** 3, '1.00 GB'],
    [1024 ** 4, '1.00 TB'],
    [1024 ** 5, '1.00 PB'],
    [1024 ** 6, '1.00 EB'],
    [1024 ** 7, '1.00 ZB'],
    [1024 ** 8, '1.00 YB'],
    [1024 ** 9, '1,024.00 YB'],
  ])('given %d bytes in en-US, should step by 1024 and show %s', (bytes, expected) => {
    expect(shown(bytes, 'en-US')).toBe(expected);
  });

  it('given no locale, should format for en-US', () => {
    expect(shown(1536)).toBe('1.50 kB');
  });

  it('given a size just under the next step, should stay in the smaller unit', () => {
    expect(shown(1000, 'en-US')).toBe('1,000 B');
    const units = ['kB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB'];
    units.forEach((unit, index) => {
      expect(shown(1000 * 1024 ** (index + 1), 'en-US')).toBe(`1,000.00 ${unit}`);
    });
  });

  it('given de-DE, should use its separators and unit names', () => {
    expect(shown(1023, 'de-DE')).toBe('1.023 Byte');
    expect(shown(1536, 'de-DE')).toBe('1,50 kB');
    expect(shown(2.25 * 1024 ** 3, 'de-DE')).toBe('2,25 GB');
    expect(shown(1.5 * 1024 ** 6, 'de-DE')).toBe('1,50 EB');
  });

  it('given ar-EG, should use Arabic digits and unit names, and the abbreviation past the petabyte', () => {
    expect(shown(0, 'ar-EG')).toBe('٠ بايت');
    expect(shown(193, 'ar-EG')).toBe('١٩٣ بايت');
    expect(shown(1536, 'ar-EG')).toBe('١٫٥٠ كيلوبايت');
    expect(shown(1024 ** 7, 'ar-EG')).toBe('١٫٠٠ ZB');
  });

  it('given zh-CN, should use its unit names', () => {
    expect(shown(0, 'zh-CN')).toBe('0 B');
    expect(shown(1536, 'zh-CN')).toBe('1.50 kB');
    expect(shown(3.5 * 1024 ** 2, 'zh-CN')).toBe('3.50 MB');
    expect(shown(1024 ** 8, 'zh-CN')).toBe('1.00 YB');
  });

  it('given fr-FR, should use the French unit names', () => {
    expect(shown(193, 'fr-FR')).toBe('193 o');
    expect(shown(1536, 'fr-FR')).toBe('1,50 ko');
  });

  it('given a whole number of bytes in any of the kit locales, should show it without decimals', () => {
    for (const locale of ['en-US', 'zh-CN', 'fr-FR', 'ar-EG']) {
      expect(shown(193, locale)).not.toMatch(/[.,٫]/);
      expect(shown(193, locale)).not.toMatch(/\bbytes?\b/);
    }
  });

  it('given a locale whose short unit is the English word, should show the abbreviation B', () => {
    expect(shown(193, 'nl-NL')).toBe('193 B');
    expect(shown(2, 'pt-BR')).toBe('2 B');
  });

  it('given an invalid locale, should format for en-US', () => {
    expect(shown(1536, 'not a locale')).toBe('1.50 kB');
  });

  it('given a negative or non-finite size, should show nothing', () => {
    expect(shown(-1, 'en-US')).toBe('');
    expect(shown(Number.NaN, 'de-DE')).toBe('');
    expect(shown(Number.POSITIVE_INFINITY, 'ar-EG')).toBe('');
  });
});
