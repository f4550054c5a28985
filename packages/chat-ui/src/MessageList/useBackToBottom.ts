import { useCallback, useState } from 'react';

/** Back-to-bottom shows past this many viewport heights from the bottom ... */
export const MESSAGE_LIST_BACK_TO_BOTTOM_VIEWPORTS = 3;
/** ... and never closer than this many pixels. */
export const MESSAGE_LIST_BACK_TO_BOTTOM_MIN = 600;

export interface BackToBottom {
  /** Messages that arrived while the reader was scrolled up. */
  unread: number;
  /** Whether the back-to-bottom button shows: unread messages, or the reader far from the bottom. */
  visible: boolean;
  /** Counts messages that arrived while the reader was scrolled up. */
  addUnread: (count: number) => void;
  /** The reader is back at the bottom (or on the way): nothing is unread. */
  clearUnread: () => void;
  /** Call on every scroll event: whether the reader is far enough from the bottom to offer the button. */
  measure: (scroller: HTMLElement) => void;
}

/**
 * The back-to-bottom button's state: how many messages arrived unseen, and whether the reader is
 * more than 3 viewport heights (at least 600 px) from the bottom. The functions keep their identity.
 * Pair it with `useScrollToBottom`, which says when the reader is back at the bottom.
 *
 * @example
 * const { unread, visible, addUnread, clearUnread, measure } = useBackToBottom();
 * const onScroll = (event) => {
 *   if (handleScroll(event.currentTarget)) clearUnread(); // handleScroll from useScrollToBottom
 *   measure(event.currentTarget);
 * };
 * // count incoming messages appended while the reader is scrolled up: addUnread(count)
 * {visible && <button type="button" onClick={() => { clearUnread(); scrollToBottom(); }}>{unread || '↓'}</button>}
 */
export function useBackToBottom(): BackToBottom {
  const [unread, setUnread] = useState(0);
  const [farFromBottom, setFarFromBottom] = useState(false);
  const addUnread = useCallback((count: number) => setUnread((unseen) => unseen + count), []);
  const clearUnread = useCallback(() => setUnread(0), []);
  const measure = useCallback((scroller: HTMLElement) => {
    const distance = scroller.scrollHeight - scroller.clientHeight - scroller.scrollTop;
    setFarFromBottom(
      distance >
        Math.max(
          MESSAGE_LIST_BACK_TO_BOTTOM_VIEWPORTS * scroller.clientHeight,
          MESSAGE_LIST_BACK_TO_BOTTOM_MIN,
        ),
    );
  }, []);
  return { unread, visible: unread > 0 || farFromBottom, addUnread, clearUnread, measure };
}
