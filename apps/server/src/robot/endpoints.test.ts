import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Endpoints, RETRY_AFTER_MAX_MS, retryAfterMs } from './endpoints.js';

// What the robot remembers of an endpoint, on fake timers: the clock is Date.now, which the test
// moves.

const breaker = { failures: 3, coolDownMs: 60_000 };
const url = 'https://api.example/v1';

describe('an endpoint that asks to be left alone or keeps failing', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-28T12:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it.each([
    ['seconds', { 'retry-after': '20' }, 20_000],
    ['fractional seconds', { 'retry-after': '1.5' }, 1_500],
    ['an HTTP date', { 'retry-after': 'Sat, 28 Nov 2026 12:00:30 GMT' }, 30_000],
    ['a date already past', { 'retry-after': 'Sat, 28 Nov 2026 11:00:00 GMT' }, 0],
    ['retry-after-ms, which wins', { 'retry-after-ms': '250', 'retry-after': '20' }, 250],
    ['a day, capped', { 'retry-after': '86400' }, RETRY_AFTER_MAX_MS],
    ['nonsense', { 'retry-after': 'soon' }, undefined],
    ['nothing', {}, undefined],
  ])('given Retry-After as %s, should wait %j ms', (_case, headers, expected) => {
    expect(retryAfterMs(new Headers(headers), Date.now())).toBe(expected);
  });

  it('given a 429 asking for 20 s, should not be called for 20 s, then be called again', () => {
    const endpoints = new Endpoints(() => Date.now());
    endpoints.failed(url, breaker, retryAfterMs(new Headers({ 'retry-after': '20' }), Date.now()));
    expect(endpoints.admit(url)).toMatchObject({ reason: 'retry-after' });
    vi.advanceTimersByTime(1_200);
    expect(endpoints.admit(url)).toBeDefined();
    expect(endpoints.admit(url)).toBeDefined();
    vi.advanceTimersByTime(18_799);
    expect(endpoints.admit(url)).toBeDefined();
    vi.advanceTimersByTime(1);
    // Past the Retry-After: every call may go.
    expect(endpoints.admit(url)).toBeUndefined();
    expect(endpoints.admit(url)).toBeUndefined();
    // Another endpoint was never paused.
    expect(endpoints.admit('https://other.example/v1')).toBeUndefined();
  });

  it('given failures in a row, should open after the third for the cool-down, let one call try after it, and close on a success', () => {
    const endpoints = new Endpoints(() => Date.now());
    endpoints.failed(url, breaker);
    endpoints.failed(url, breaker);
    expect(endpoints.admit(url)).toBeUndefined();
    endpoints.failed(url, breaker);
    expect(endpoints.admit(url)).toMatchObject({ reason: 'circuit-open' });
    vi.advanceTimersByTime(59_999);
    expect(endpoints.admit(url)).toMatchObject({ reason: 'circuit-open' });
    vi.advanceTimersByTime(1);
    // The one try; the calls after it wait for its outcome.
    expect(endpoints.admit(url)).toBeUndefined();
    expect(endpoints.admit(url)).toMatchObject({ reason: 'circuit-open' });
    vi.advanceTimersByTime(5_000);
    // The try fails: a whole cool-down again from now.
    endpoints.failed(url, breaker);
    vi.advanceTimersByTime(59_999);
    expect(endpoints.admit(url)).toMatchObject({ reason: 'circuit-open' });
    vi.advanceTimersByTime(1);
    expect(endpoints.admit(url)).toBeUndefined();
    endpoints.succeeded(url);
    expect(endpoints.admit(url)).toBeUndefined();
    expect(endpoints.admit(url)).toBeUndefined();
    // Counted from none again: one failure does not open it.
    endpoints.failed(url, breaker);
    expect(endpoints.admit(url)).toBeUndefined();
  });

  it('given a try after the cool-down that never reports, should let another call try a cool-down later', () => {
    const endpoints = new Endpoints(() => Date.now());
    for (let failure = 0; failure < 3; failure++) endpoints.failed(url, breaker);
    vi.advanceTimersByTime(60_000);
    expect(endpoints.admit(url)).toBeUndefined();
    vi.advanceTimersByTime(60_000);
    expect(endpoints.admit(url)).toBeUndefined();
  });

  it('given a success between failures, should count them from none again', () => {
    const endpoints = new Endpoints(() => Date.now());
    endpoints.failed(url, breaker);
    endpoints.failed(url, breaker);
    endpoints.succeeded(url);
    endpoints.failed(url, breaker);
    endpoints.failed(url, breaker);
    expect(endpoints.admit(url)).toBeUndefined();
  });

  it('given a breaker set to 0, should never open it', () => {
    const endpoints = new Endpoints(() => Date.now());
    for (let failure = 0; failure < 10; failure++) endpoints.failed(url, { failures: 0, coolDownMs: 60_000 });
    expect(endpoints.admit(url)).toBeUndefined();
  });

  it('given a Retry-After longer than the cool-down, should keep the longer pause', () => {
    const endpoints = new Endpoints(() => Date.now());
    endpoints.failed(url, { failures: 1, coolDownMs: 1_000 }, 5_000);
    vi.advanceTimersByTime(1_000);
    expect(endpoints.admit(url)).toMatchObject({ reason: 'retry-after' });
  });

  it('should remember the token limit name per endpoint and model', () => {
    const endpoints = new Endpoints(() => Date.now());
    endpoints.learnTokenLimitField(url, 'o4-mini', 'max_completion_tokens');
    expect(endpoints.tokenLimitField(url, 'o4-mini')).toBe('max_completion_tokens');
    expect(endpoints.tokenLimitField(url, 'gpt-4o-mini')).toBeUndefined();
  });
});
