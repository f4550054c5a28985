import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultVisibility, guardStorage } from './environment.js';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the default visibility', () => {
  it('should read the document and follow its visibilitychange events', () => {
    const document = Object.assign(new EventTarget(), { visibilityState: 'visible' });
    vi.stubGlobal('document', document);
    const visibility = defaultVisibility();
    const seen: boolean[] = [];
    const off = visibility.subscribe((visible) => seen.push(visible));
    document.visibilityState = 'hidden';
    document.dispatchEvent(new Event('visibilitychange'));
    off();
    document.visibilityState = 'visible';
    document.dispatchEvent(new Event('visibilitychange'));
    expect(seen).toEqual([false]);
    expect(visibility.get()).toBe(true);
  });

  it('should count a page without a document as on screen', () => {
    expect(defaultVisibility().get()).toBe(true);
  });
});

describe('guarded storage', () => {
  it('given storage that throws, should log and go on', () => {
    const warn = vi.fn();
    const storage = guardStorage(
      {
        getItem: () => {
          throw new Error('denied');
        },
        setItem: () => {
          throw new Error('full');
        },
        removeItem: () => {},
      },
      { info: () => {}, warn, error: () => {} },
    );
    expect(storage.getItem('k')).toBeNull();
    expect(() => storage.setItem('k', 'v')).not.toThrow();
    expect(warn).toHaveBeenCalledTimes(2);
  });
});
