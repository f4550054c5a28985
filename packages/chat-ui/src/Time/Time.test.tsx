import { describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import { LocaleProvider } from '../LocaleProvider/LocaleProvider.js';
import frFR from '../locales/fr-FR.json' with { type: 'json' };
import { formatClockTime, formatRelativeTime, Time } from './Time.js';

// Local times so the test does not depend on the machine's time zone.
const now = new Date(2026, 2, 18, 15, 30, 0); // Wednesday 18 March 2026

describe('formatClockTime', () => {
  it('given an afternoon time, should format it HH:mm:ss on a 24-hour clock', () => {
    expect(formatClockTime(new Date(2026, 2, 18, 14, 5, 9), 'en-US')).toBe('14:05:09');
  });

  it('given midnight, should show 00 hours', () => {
    expect(formatClockTime(new Date(2026, 2, 18, 0, 0, 7), 'en-US')).toBe('00:00:07');
  });
});

describe('formatRelativeTime', () => {
  it('given a time earlier today, should show the clock time', () => {
    expect(formatRelativeTime(new Date(2026, 2, 18, 0, 1, 2), now, 'en-US')).toBe('00:01:02');
  });

  it('given a time yesterday, should say Yesterday in the locale', () => {
    const yesterday = new Date(2026, 2, 17, 23, 59, 0);
    expect(formatRelativeTime(yesterday, now, 'en-US')).toBe('Yesterday');
    expect(formatRelativeTime(yesterday, now, 'fr-FR')).toBe('Hier');
    expect(formatRelativeTime(yesterday, now, 'zh-CN')).toBe('昨天');
  });

  it('given a time two to six days ago, should show the weekday', () => {
    expect(formatRelativeTime(new Date(2026, 2, 16, 9, 0, 0), now, 'en-US')).toBe('Monday');
    expect(formatRelativeTime(new Date(2026, 2, 12, 9, 0, 0), now, 'en-US')).toBe('Thursday');
  });

  it('given a time seven days ago or more, should show the full date', () => {
    expect(formatRelativeTime(new Date(2026, 2, 11, 9, 0, 0), now, 'en-US')).toBe('March 11, 2026');
    expect(formatRelativeTime(new Date(2025, 11, 25, 9, 0, 0), now, 'fr-FR')).toBe('25 décembre 2025');
  });
});

describe('Time', () => {
  it('given a date, should render a time element with the ISO datetime and the clock text', async () => {
    const date = new Date(2026, 2, 18, 9, 8, 7);
    const screen = await render(<Time date={date.getTime()} />);
    const time = screen.container.querySelector('time');
    expect(time?.getAttribute('dateTime')).toBe(date.toISOString());
    expect(time?.textContent).toBe('09:08:07');
  });

  it('given the short variant, should show HH:mm with the full date and time as its tooltip, in the locale', async () => {
    const date = new Date(2026, 2, 18, 14, 5, 9);
    const screen = await render(
      <>
        <Time date={date} variant="short" />
        <LocaleProvider locale="fr-FR" messages={frFR}>
          <Time date={date} variant="short" />
        </LocaleProvider>
      </>,
    );
    const [english, french] = [...screen.container.querySelectorAll('time')];
    expect(english?.textContent).toBe('14:05');
    expect(english?.getAttribute('title')).toBe('Wednesday, March 18, 2026 at 14:05');
    expect(english?.getAttribute('dateTime')).toBe(date.toISOString());
    expect(french?.textContent).toBe('14:05');
    expect(french?.getAttribute('title')).toBe('mercredi 18 mars 2026 à 14:05');
  });

  it('given the relative variant and a French locale, should show the localized relative label', async () => {
    const screen = await render(
      <LocaleProvider locale="fr-FR" messages={frFR}>
        <Time date={new Date(2026, 2, 16, 9, 0, 0)} now={now} variant="relative" />
      </LocaleProvider>,
    );
    expect(screen.container.querySelector('time')?.textContent).toBe('lundi');
  });
});
