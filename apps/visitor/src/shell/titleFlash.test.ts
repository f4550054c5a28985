import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTitleFlash } from './titleFlash.js';

const ALERT = 'You received a new message';

describe('title flash', () => {
  let doc: { title: string };
  beforeEach(() => {
    vi.useFakeTimers();
    doc = { title: '' };
  });
  afterEach(() => vi.useRealTimers());

  it('given no waiting message, should show the channel title', () => {
    const flash = createTitleFlash({ document: doc });
    flash.update({ title: 'Acme support', alert: ALERT, flashing: false });
    vi.advanceTimersByTime(5000);
    expect(doc.title).toBe('Acme support');
  });

  it('given a hidden page with a new message, should alternate with the alert every second', () => {
    const flash = createTitleFlash({ document: doc });
    flash.update({ title: 'Acme support', alert: ALERT, flashing: true });
    const seen = [doc.title];
    for (let second = 0; second < 4; second += 1) {
      vi.advanceTimersByTime(999);
      seen.push(doc.title);
      vi.advanceTimersByTime(1);
      seen.push(doc.title);
    }
    expect(seen).toEqual([
      ALERT,
      ALERT,
      'Acme support',
      'Acme support',
      ALERT,
      ALERT,
      'Acme support',
      'Acme support',
      ALERT,
    ]);
    flash.dispose();
  });

  it('when the visitor comes back, should restore the title at once and stop', () => {
    const flash = createTitleFlash({ document: doc });
    flash.update({ title: 'Acme support', alert: ALERT, flashing: true });
    vi.advanceTimersByTime(1000);
    flash.update({ title: 'Acme support', alert: ALERT, flashing: false });
    expect(doc.title).toBe('Acme support');
    vi.advanceTimersByTime(3000);
    expect(doc.title).toBe('Acme support');
  });

  it('given a title change while flashing, should keep the rhythm and use the new title', () => {
    const flash = createTitleFlash({ document: doc });
    flash.update({ title: 'A', alert: ALERT, flashing: true });
    flash.update({ title: 'B', alert: ALERT, flashing: true });
    vi.advanceTimersByTime(1000);
    expect(doc.title).toBe('B');
    flash.dispose();
    expect(doc.title).toBe('B');
  });
});
