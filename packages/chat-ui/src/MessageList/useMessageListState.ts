import { useLayoutEffect, useMemo, useRef } from 'react';
import { MESSAGE_GROUP_GAP, type MessageInput } from '../Message/model.js';
import { type DerivedRows, deriveRows } from './derive.js';

export interface MessageListStateOptions {
  /** Messages, oldest first. */
  messages: readonly MessageInput[];
  /** Groups consecutive messages from one sender within `MESSAGE_GROUP_GAP`. Default true. */
  grouping?: boolean;
}

/** The list's derived state: one model per message, and what the last change made anew. */
export type MessageListState = Pick<DerivedRows, 'items' | 'changed' | 'keptFrom'>;

/**
 * Turns `messages` into row models and time labels, decided once per message for this list (so
 * prepending never moves a shown time) and reused as the same objects, so unchanged rows skip
 * rendering. A change costs what changed: a new message looks at its predecessor only, a
 * prepended page at itself. Each pass starts from what was last committed, so a render React throws away
 * changes nothing. The result is a new object only when `messages` or `grouping` changed. For a
 * product drawing its own rows; `MessageList` uses it.
 *
 * @example
 * const { items } = useMessageListState({ messages });
 * <ol>
 *   {items.map((message) => (
 *     <li key={message._id} data-group={message.group}>
 *       {message.hasTime && <Time date={message.createdAt} />}
 *       {String(message.content)}
 *     </li>
 *   ))}
 * </ol>
 */
export function useMessageListState({
  messages,
  grouping = true,
}: MessageListStateOptions): MessageListState {
  const committed = useRef<DerivedRows | null>(null);
  const groupGap = grouping ? MESSAGE_GROUP_GAP : 0;
  const derived = useMemo(() => deriveRows(committed.current, messages, { groupGap }), [messages, groupGap]);
  useLayoutEffect(() => {
    committed.current = derived;
  }, [derived]);
  return derived;
}
