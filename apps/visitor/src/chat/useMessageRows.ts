import type { ChatMessage } from '@parley/chat-core';
import type { MessageInput } from '@parley/chat-ui/Message';
import { useMessageInputs } from '@parley/chat-ui/MessageList';
import { useCallback } from 'react';
import type { Translate } from '../i18n/useT.js';
import { type MessageContent, type RowSenders, toMessageInput } from './messageView.js';

export type MessageRow = MessageInput<string | MessageContent>;

/**
 * The kit's rows for the engine's messages, each made once per message: the engine keeps an
 * unchanged message as the same object, so a new message costs one new row and every other row
 * stays the same object (a memoised row does not render again), found by its place without a
 * lookup (the kit's useMessageInputs). A new language, robot name or avatar, or serving agent makes every
 * row anew.
 *
 * @example
 * const rows = useMessageRows(messages, t, { robotName });
 */
export function useMessageRows(
  messages: readonly ChatMessage[],
  t: Translate,
  senders: RowSenders,
): MessageRow[] {
  const { robotName, robotAvatar } = senders;
  const nick = senders.agent?.nick;
  const avatar = senders.agent?.avatar;
  const toRow = useCallback(
    (message: ChatMessage) =>
      toMessageInput(message, t, { robotName, robotAvatar, agent: nick ? { nick, avatar } : undefined }),
    [t, robotName, robotAvatar, nick, avatar],
  );
  return useMessageInputs(messages, toRow);
}
