import {
  type ReactNode,
  type Ref,
  type RefObject,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
} from 'react';
import type { MessageModel } from '../Message/model.js';

/** What `MessageList` asks of whichever rows it shows. */
export interface RowsEngine {
  /** Puts the newest message in view at once. */
  scrollToEnd: () => void;
}

/** Shared by the in-flow rows below and the virtualised rows in `VirtualRows.tsx`. */
export interface RowsProps {
  /** The messages to draw, oldest first. */
  items: readonly MessageModel[];
  /** The index of `items[0]` in the whole conversation (in-flow rows may start later). */
  first?: number;
  /** A first guess of a row's height in px before it is measured. */
  estimateSize: number;
  scrollerRef: RefObject<HTMLDivElement | null>;
  /** Receives the element wrapping the rows, whose size follows the content. */
  contentRef: RefObject<HTMLDivElement | null>;
  engineRef: Ref<RowsEngine>;
  /** Called when the rows' total height changed (rows measured, grown, added). */
  onResize: () => void;
  children: (message: MessageModel, index: number) => ReactNode;
}

/**
 * The rows of a short conversation, in normal flow: nothing to download or measure. History
 * prepended above keeps the rows in view where they were, by moving the scroll position by
 * exactly how far the previously first row moved (the scroller sets `overflow-anchor: none`, so
 * the browser never adjusts it as well).
 */
export function PlainRows({
  items,
  first = 0,
  scrollerRef,
  contentRef,
  engineRef,
  onResize,
  children,
}: RowsProps) {
  useImperativeHandle(
    engineRef,
    () => ({
      scrollToEnd: () => {
        const scroller = scrollerRef.current;
        if (scroller) scroller.scrollTop = scroller.scrollHeight;
      },
    }),
    [scrollerRef],
  );

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
  }, [items]);

  useEffect(() => {
    const content = contentRef.current;
    if (!content || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => onResize());
    observer.observe(content);
    return () => observer.disconnect();
  }, [contentRef, onResize]);

  return (
    <div ref={contentRef} className="parley-message-list__content">
      {items.map((message, offset) => (
        <div key={message._id} data-index={first + offset} className="parley-message-list__item">
          {children(message, first + offset)}
        </div>
      ))}
    </div>
  );
}
