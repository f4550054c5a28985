import { type ReactNode, type Ref, type RefObject, useEffect, useImperativeHandle } from 'react';
import type { MessageModel } from '../Message/model.js';
import { useScrollAnchor } from './useScrollAnchor.js';

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
 * prepended above keeps the rows in view where they were (`useScrollAnchor`; the scroller sets
 * `overflow-anchor: none`, so the browser never adjusts it as well).
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

  useScrollAnchor(contentRef, items);

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
        <div
          key={message._id}
          data-index={first + offset}
          data-slot="message-list-item"
          className="parley-message-list__item"
          // Reached with the arrow keys (one tab stop for the whole list).
          tabIndex={-1}
        >
          {children(message, first + offset)}
        </div>
      ))}
    </div>
  );
}
