import { forwardRef, type HTMLAttributes } from 'react';
import { cn } from '../internal/cn.js';
import { useLocale } from '../LocaleProvider/LocaleProvider.js';

const DAY_MS = 86_400_000;

/** Spec section 9: the visible message time is HH:mm:ss (24-hour clock, localized digits). */
export function formatClockTime(date: Date, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(date);
}

// Formatters are costly to make and a conversation formats one time per message: one per locale.
const shortFormats = new Map<string, Intl.DateTimeFormat>();
const fullFormats = new Map<string, Intl.DateTimeFormat>();

function formatterOf(
  cache: Map<string, Intl.DateTimeFormat>,
  locale: string,
  options: Intl.DateTimeFormatOptions,
) {
  let format = cache.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    cache.set(locale, format);
  }
  return format;
}

/** A message's own time: hours and minutes on a 24-hour clock, in the locale's digits (14:05). */
export function formatShortTime(date: Date, locale: string): string {
  return formatterOf(shortFormats, locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    date,
  );
}

/** The full date and time in the locale ("Wednesday, March 18, 2026 at 14:05"), for a time's tooltip. */
export function formatFullDateTime(date: Date, locale: string): string {
  return formatterOf(fullFormats, locale, { dateStyle: 'full', timeStyle: 'short', hourCycle: 'h23' }).format(
    date,
  );
}

function startOfDay(date: Date): number {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}

/**
 * Spec section 9, relative time: today shows the time, yesterday shows 'Yesterday', within a week
 * shows the weekday, otherwise the full date. 'Yesterday' comes from Intl.RelativeTimeFormat, so it
 * is localized without a kit string.
 */
export function formatRelativeTime(date: Date, now: Date, locale: string): string {
  const days = Math.round((startOfDay(now) - startOfDay(date)) / DAY_MS);
  if (days <= 0) return formatClockTime(date, locale);
  if (days === 1) {
    const text = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(-1, 'day');
    return text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);
  }
  if (days < 7) return new Intl.DateTimeFormat(locale, { weekday: 'long' }).format(date);
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(date);
}

export interface TimeProps extends Omit<HTMLAttributes<HTMLTimeElement>, 'children'> {
  /** The moment to show: a Date or epoch milliseconds. */
  date: Date | number;
  /**
   * `clock` shows HH:mm:ss; `relative` shows the time today, 'Yesterday', a weekday or a date;
   * `short` shows HH:mm (a message's own time) with the full date and time as its tooltip (`title`,
   * unless you give one). Default `clock`.
   */
  variant?: 'clock' | 'relative' | 'short';
  /**
   * The reference moment for `relative` (pass it for deterministic rendering).
   * @default Date.now()
   */
  now?: Date | number;
}

/**
 * A message time in a `<time dateTime>` element (ISO 8601), formatted for the kit locale.
 *
 * @example
 * <Time date={message.createdAt} variant="relative" />
 */
export const Time = forwardRef<HTMLTimeElement, TimeProps>(function Time(
  { date, variant = 'clock', now, className, ...rest },
  ref,
) {
  const { locale } = useLocale();
  const value = new Date(date);
  const text =
    variant === 'relative'
      ? formatRelativeTime(value, new Date(now ?? Date.now()), locale)
      : variant === 'short'
        ? formatShortTime(value, locale)
        : formatClockTime(value, locale);
  return (
    <time
      ref={ref}
      title={variant === 'short' ? formatFullDateTime(value, locale) : undefined}
      {...rest}
      className={cn('parley-time', className)}
      dateTime={value.toISOString()}
      data-variant={variant}
    >
      {text}
    </time>
  );
});
