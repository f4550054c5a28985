import { useCallback, useRef, useState } from 'react';

/**
 * State a parent may control (`value` + `onChange`) or leave to the component (`defaultValue`).
 * `onChange` fires in both cases, and only when the value really changes.
 */
export function useControllableState<T>(
  value: T | undefined,
  defaultValue: T,
  onChange?: (next: T) => void,
): [T, (next: T) => void] {
  const [inner, setInner] = useState(defaultValue);
  const controlled = value !== undefined;
  const current = controlled ? value : inner;
  const latest = useRef({ current, controlled, onChange });
  latest.current = { current, controlled, onChange };
  const set = useCallback((next: T) => {
    const { current: previous, controlled: isControlled, onChange: notify } = latest.current;
    if (Object.is(previous, next)) return;
    if (!isControlled) setInner(next);
    notify?.(next);
  }, []);
  return [current, set];
}

/** Calls the user's handler first, then ours unless the user prevented the default. */
export function composeHandlers<E extends { defaultPrevented: boolean }>(
  user: ((event: E) => void) | undefined,
  ours: (event: E) => void,
): (event: E) => void {
  return (event) => {
    user?.(event);
    if (!event.defaultPrevented) ours(event);
  };
}

/** Sets a value on several refs (callback or object) at once. */
export function mergeRefs<T>(...refs: Array<React.Ref<T> | undefined>): (node: T | null) => void {
  return (node) => {
    for (const ref of refs) {
      if (typeof ref === 'function') ref(node);
      else if (ref) (ref as React.MutableRefObject<T | null>).current = node;
    }
  };
}
