import { type RefObject, useLayoutEffect, useRef } from 'react';

/**
 * Keeps the rows in view where they were when rows are put above them (history prepended): after
 * each change of `rows`, the scroller moves by exactly how far the previously first row moved.
 * `contentRef` is the element wrapping the rows, a child of the scroller, which should set
 * `overflow-anchor: none` so the browser does not adjust the position as well.
 */
export function useScrollAnchor(contentRef: RefObject<HTMLElement | null>, rows: unknown): void {
  const anchor = useRef<{ row: HTMLElement; top: number } | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-anchor after every change of rows
  useLayoutEffect(() => {
    // The scroller's own ref is not attached yet when this first runs: use the parent element.
    const content = contentRef.current;
    const scroller = content?.parentElement;
    if (!content || !scroller) return;
    const before = anchor.current;
    if (before?.row.isConnected && before.row.offsetTop !== before.top) {
      scroller.scrollTop += before.row.offsetTop - before.top;
    }
    const row = content.firstElementChild;
    anchor.current = row instanceof HTMLElement ? { row, top: row.offsetTop } : null;
  }, [rows]);
}
