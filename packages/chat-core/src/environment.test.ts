import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryStorage, storageChoice, visitorStorage } from './environment.js';
import { readUrlParams } from './urlParams.js';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('where the visitor id lives (storage choice)', () => {
  it.each([
    ['session', 'session'],
    ['SESSION', 'session'],
    ['none', 'none'],
    ['local', 'local'],
    ['cookies', 'local'],
    [undefined, 'local'],
  ])('given storage=%s, should choose %s', (value, expected) => {
    expect(storageChoice(value)).toBe(expected);
  });

  it('given the page parameter, should read it like the others', () => {
    expect(readUrlParams('?channelId=c1&Storage=none').storage).toBe('none');
  });

  it("given each choice, should use the page's localStorage, its sessionStorage, or memory", () => {
    const local = createMemoryStorage();
    const session = createMemoryStorage();
    vi.stubGlobal('localStorage', local);
    vi.stubGlobal('sessionStorage', session);
    expect(visitorStorage('local')).toBe(local);
    expect(visitorStorage('session')).toBe(session);
    const memory = visitorStorage('none');
    memory.setItem('chat-t1-uid', 'u1');
    expect(local.getItem('chat-t1-uid')).toBeNull();
    expect(session.getItem('chat-t1-uid')).toBeNull();
    expect(visitorStorage('none').getItem('chat-t1-uid')).toBeNull();
  });

  it('given storage the browser refuses, should keep the id in memory instead of failing', () => {
    Object.defineProperty(globalThis, 'sessionStorage', {
      configurable: true,
      get() {
        throw new Error('SecurityError: access is denied');
      },
    });
    const storage = visitorStorage('session');
    storage.setItem('k', 'v');
    expect(storage.getItem('k')).toBe('v');
    Reflect.deleteProperty(globalThis, 'sessionStorage');
  });
});
