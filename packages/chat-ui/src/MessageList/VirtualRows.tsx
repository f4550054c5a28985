import { defaultRangeExtractor, type Range, useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useImperativeHandle, useLayoutEffect, useRef } from 'react';
import type { RowsProps } from './rows.js';

/**
 * The rows of a long conversation, virtualised with `@tanstack/react-virtual`: only the rows in
 * view (plus a few) are in the page, measured as they render. History prepended above keeps the
 * rows in view where they were (`anchorTo: 'end'`). Loaded by `MessageList` only once a list is
 * longer than `MESSAGE_LIST_VIRTUALIZE_AFTER`, so short conversations never download it. The row
 * that holds the focus stays in the page however far it scrolls out of view, so the focus (a
 * keyboard reader's place) never drops to the page.
 */
export function VirtualRows({
  items,
  estimateSize,
  scrollerRef,
  contentRef,
  engineRef,
  onResize,
  children,
}: RowsProps) {
  // The virtualiser lays every row out again whenever its key function changes: keep it the same
  // function while the rows are the same ones (a scroll, a message updated in place), so a frame
  // costs the rows in view, not the length of the conversation.
  const itemsRef = useRef(items);
  itemsRef.current = items;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new function only when the rows may be other ones
  const getItemKey = useCallback(
    (index: number) => itemsRef.current[index]?._id ?? index,
    [items.length, items[0]?._id, items.at(-1)?._id],
  );
  // The focused row's index, kept drawn beside the rows in view (read at each range computation).
  const focusedRef = useRef<number | null>(null);
  const rangeExtractor = useCallback((range: Range) => {
    const indexes = defaultRangeExtractor(range);
    const focused = focusedRef.current;
    if (focused === null || focused >= range.count || indexes.includes(focused)) return indexes;
    return [...indexes, focused].sort((a, b) => a - b);
  }, []);
  useEffect(() => {
    const content = contentRef.current;
    if (!content) return;
    const track = (event: FocusEvent) => {
      const row = (event.target as HTMLElement).closest<HTMLElement>('[data-slot="message-list-item"]');
      focusedRef.current = row ? Number(row.dataset.index) : null;
    };
    const drop = (event: FocusEvent) => {
      if (!content.contains(event.relatedTarget as Node | null)) focusedRef.current = null;
    };
    content.addEventListener('focusin', track);
    content.addEventListener('focusout', drop);
    return () => {
      content.removeEventListener('focusin', track);
      content.removeEventListener('focusout', drop);
    };
  }, [contentRef]);
  const virtualizer = useVirtualizer({
    count: items.length,
    // On mount the scroller's ref (an ancestor's) is not attached yet: use the parent element.
    getScrollElement: () => scrollerRef.current ?? contentRef.current?.parentElement ?? null,
    estimateSize: () => estimateSize,
    getItemKey,
    overscan: 6,
    rangeExtractor,
    anchorTo: 'end',
    initialOffset: () => items.length * estimateSize,
  });

  useImperativeHandle(engineRef, () => ({ scrollToEnd: () => virtualizer.scrollToEnd() }), [virtualizer]);

  // Taking over from the in-flow rows (or mounting), the list opens at the newest message.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on mount
  useLayoutEffect(() => {
    virtualizer.scrollToEnd();
  }, []);

  const totalSize = virtualizer.getTotalSize();
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-run when the content height changes
  useLayoutEffect(() => {
    onResize();
  }, [totalSize]);

  return (
    <div
      ref={contentRef}
      className="parley-message-list__content parley-message-list__content--virtual"
      data-slot="message-list-content"
      data-virtual=""
      style={{ blockSize: totalSize }}
    >
      {virtualizer.getVirtualItems().map((item) => {
        const message = items[item.index];
        if (!message) return null;
        return (
          <div
            key={item.key}
            ref={virtualizer.measureElement}
            data-index={item.index}
            data-slot="message-list-item"
            className="parley-message-list__item"
            tabIndex={-1}
            style={{ transform: `translateY(${item.start}px)` }}
          >
            {children(message, item.index)}
          </div>
        );
      })}
    </div>
  );
}
