import type { ChatMessage } from '@parley/chat-core';
import type { MessageInput } from '@parley/chat-ui/Message';
import { useMemo } from 'react';
import type { Translate } from '../i18n/useT.js';
import { type MessageContent, toMessageInput } from './messageView.js';

export type MessageRow = MessageInput<string | MessageContent>;

/**
 * The kit's rows for the engine's messages, each made once per message: the engine keeps an
 * unchanged message as the same object, so a new message costs one new row and every other row
 * stays the same object (a memoised row does not render again). A new language or robot name
 * makes every row anew.
 *
 * @example
 * const rows = useMessageRows(messages, t, robotName);
 */
export function useMessageRows(
  messages: readonly ChatMessage[],
  t: Translate,
  robotName: string,
): MessageRow[] {
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new language or robot name starts a new cache
  const rows = useMemo(() => new WeakMap<ChatMessage, MessageRow>(), [t, robotName]);
  return useMemo(
    () =>
      messages.map((message) => {
        let row = rows.get(message);
        if (!row) {
          row = toMessageInput(message, t, robotName);
          rows.set(message, row);
        }
        return row;
      }),
    [messages, rows, t, robotName],
  );
}
