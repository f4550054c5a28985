import { describe, expect, it } from 'vitest';
import { formatOffset, languageName, localTime, webLink, zoneOffset } from './visitorDetails.js';

// How the console's visitor panel writes what a visitor's page told (visitorDetails.ts).

describe("the visitor panel's links", () => {
  it.each([
    ['https://shop.example/cart?step=2', 'https://shop.example/cart?step=2'],
    ['http://shop.example/', 'http://shop.example/'],
    ['javascript:alert(1)', null],
    ['data:text/html,<script>alert(1)</script>', null],
    ['ftp://files.example/a', null],
    ['shop.example/cart', null],
  ])('given %s, should link to %s', (address, link) => {
    expect(webLink(address)).toBe(link);
  });
});

describe("the visitor's local time", () => {
  const june = Date.UTC(2026, 5, 1, 12, 5, 30);
  const january = Date.UTC(2026, 0, 15, 12, 5);

  it.each([
    ['Europe/Vienna', june, 120],
    ['Europe/Vienna', january, 60],
    ['America/St_Johns', january, -210],
    ['Asia/Kathmandu', june, 345],
    ['UTC', june, 0],
  ])('given %s, should know its offset from UTC that day', (zone, time, minutes) => {
    expect(zoneOffset(time, zone)).toBe(minutes);
  });

  it.each([
    [120, 'UTC+02:00'],
    [-210, 'UTC-03:30'],
    [0, 'UTC+00:00'],
    [345, 'UTC+05:45'],
  ])('given %i minutes, should write %s', (minutes, text) => {
    expect(formatOffset(minutes)).toBe(text);
  });

  it("given a time zone, should write the visitor's wall clock the console's way, with the offset", () => {
    expect(localTime(june, 'Europe/Vienna', 'de-DE')).toBe('14:05 (UTC+02:00)');
    // ICU versions differ on the space before AM
    expect(localTime(june, 'America/New_York', 'en-US')).toMatch(/^8:05\sAM \(UTC-04:00\)$/);
  });

  it('given a time zone the browser does not know, should write nothing', () => {
    expect(localTime(june, 'Mars/Olympus_Mons', 'en-US')).toBeNull();
  });
});

describe("the visitor's language", () => {
  it("given a tag, should name the language in the console's language", () => {
    expect(languageName('de-AT', 'en-US')).toBe('Austrian German');
    expect(languageName('pt-BR', 'de-DE')).toBe('Portugiesisch (Brasilien)');
  });

  it('given a tag the browser cannot name, should give the tag', () => {
    expect(languageName('not a tag', 'en-US')).toBe('not a tag');
  });
});
