import { useLayoutEffect, useRef } from 'react';
import type { MessageModel } from '../Message/model.js';
import { appendedAfter } from './appended.js';

export interface FollowNewMessagesOptions {
  /** Whether the reader is at the bottom with no tween running. */
  isFollowing: () => boolean;
  /** Puts the end in view at once. */
  jumpToEnd: () => void;
  /** Scrolls to the end (the visitor's own message brings a reader scrolled up back down). */
  scrollToBottom: () => void;
  /** Counts incoming messages that arrived while the reader was scrolled up. */
  addUnread: (count: number) => void;
}

/**
 * What the list does with messages appended at the end: it opens at the end, follows new messages
 * while the reader is at the bottom, scrolls down for the visitor's own message, and otherwise
 * counts the incoming ones as unread. History prepended above, or a message changed in place, moves
 * nothing.
 */
export function useFollowNewMessages(
  items: readonly MessageModel[],
  { isFollowing, jumpToEnd, scrollToBottom, addUnread }: FollowNewMessagesOptions,
): void {
  // The last message before this change; null before the first pass.
  const previousLast = useRef<{ id?: string } | null>(null);
  useLayoutEffect(() => {
    const before = previousLast.current;
    previousLast.current = { id: items.at(-1)?._id };
    if (!before) {
      jumpToEnd();
      return;
    }
    const appended = appendedAfter(items, before.id);
    if (!appended || appended.length === 0) return;
    if (isFollowing()) jumpToEnd();
    else if (appended.some((message) => message.position === 'right')) scrollToBottom();
    else addUnread(appended.filter((message) => message.position !== 'right').length);
  }, [items, isFollowing, jumpToEnd, scrollToBottom, addUnread]);
}
