// How the visitor panel writes what a visitor's page told: links, the local time, the language.

/**
 * The address as a link target when it is an http(s) URL, else null (shown as text only): a
 * `javascript:` or `data:` address from a visitor never becomes a link.
 *
 * @example
 * webLink('https://shop.example/cart') // 'https://shop.example/cart'
 * webLink('javascript:alert(1)') // null
 */
export function webLink(address: string): string | null {
  try {
    const { protocol } = new URL(address);
    return protocol === 'http:' || protocol === 'https:' ? address : null;
  } catch {
    return null;
  }
}

/** Minutes a time zone is ahead of UTC at `time`; null for a zone this browser does not know. */
export function zoneOffset(time: number, timeZone: string): number | null {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    }).formatToParts(time);
  } catch {
    return null;
  }
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((one) => one.type === type)?.value);
  const wallClock = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'));
  return Math.round((wallClock - Math.floor(time / 60_000) * 60_000) / 60_000);
}

/**
 * An offset from UTC as `UTC+02:00` (`UTC-03:30`, `UTC+00:00`).
 *
 * @example
 * formatOffset(120) // 'UTC+02:00'
 */
export function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const whole = Math.abs(minutes);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `UTC${sign}${pad(Math.floor(whole / 60))}:${pad(whole % 60)}`;
}

/**
 * The visitor's wall-clock time in their time zone, in the console's locale, with the zone's
 * offset: `14:05 (UTC+02:00)`. Null when the browser does not know the zone.
 *
 * @example
 * localTime(Date.UTC(2026, 5, 1, 12, 5), 'Europe/Vienna', 'de-DE') // '14:05 (UTC+02:00)'
 */
export function localTime(time: number, timeZone: string, locale: string): string | null {
  const offset = zoneOffset(time, timeZone);
  if (offset === null) return null;
  const clock = new Intl.DateTimeFormat(locale, { timeZone, timeStyle: 'short' }).format(time);
  return `${clock} (${formatOffset(offset)})`;
}

/**
 * A language tag's name in the console's locale (`de-AT` is "German (Austria)" in English); the
 * tag itself when the browser has no name for it.
 */
export function languageName(tag: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'language' }).of(tag) ?? tag;
  } catch {
    return tag;
  }
}
