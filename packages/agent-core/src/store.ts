export type Listener = () => void;
export type Patch<T> = Partial<T> | ((state: T) => Partial<T>);

/** A subscribable value with an immutable snapshot, after query-core's `subscribable.ts`. */
export interface Store<T> {
  getSnapshot(): T;
  /** Shallow-merges the patch; a new frozen snapshot and a notification only when a field changed. */
  set(patch: Patch<T>): void;
  subscribe(listener: Listener): () => void;
}

/**
 * Creates a store holding `initial`.
 *
 * @example
 * const store = createStore({ count: 0 });
 * store.set((s) => ({ count: s.count + 1 }));
 */
export function createStore<T extends object>(initial: T): Store<T> {
  let state = Object.freeze({ ...initial });
  const listeners = new Set<Listener>();
  return {
    getSnapshot: () => state,
    set(patch) {
      const changes = typeof patch === 'function' ? patch(state) : patch;
      const changed = (Object.keys(changes) as (keyof T)[]).some(
        (key) => !Object.is(changes[key], state[key]),
      );
      if (!changed) return;
      state = Object.freeze({ ...state, ...changes });
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
