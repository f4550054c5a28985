import { describe, expect, it, vi } from 'vitest';
import { createStore } from './store.js';

describe('createStore', () => {
  it('given a patch that changes nothing, should keep the snapshot and not notify', () => {
    const store = createStore({ a: 1, b: [1] });
    const listener = vi.fn();
    store.subscribe(listener);
    const before = store.getSnapshot();
    store.set({ a: 1 });
    store.set((state) => ({ b: state.b }));
    expect(store.getSnapshot()).toBe(before);
    expect(listener).not.toHaveBeenCalled();
  });

  it('given a change, should publish a new frozen snapshot and notify every listener', () => {
    const store = createStore({ a: 1, b: 'x' });
    const first = vi.fn();
    const second = vi.fn();
    store.subscribe(first);
    store.subscribe(second);
    store.set((state) => ({ a: state.a + 1 }));
    expect(store.getSnapshot()).toEqual({ a: 2, b: 'x' });
    expect(Object.isFrozen(store.getSnapshot())).toBe(true);
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('given a listener unsubscribes itself while notified, should still notify the others', () => {
    const store = createStore({ a: 1 });
    const other = vi.fn();
    const off = store.subscribe(() => off());
    store.subscribe(other);
    store.set({ a: 2 });
    expect(other).toHaveBeenCalledTimes(1);
  });
});
