import { MsgType, SenderType } from '@parley/chat-protocol';
import type { ChatMessage, EngineText } from './types.js';

/** Adds messages whose id is not shown yet, after (or before) the list: each id shows once. */
export function mergeMessages(
  list: readonly ChatMessage[],
  incoming: readonly ChatMessage[],
  before = false,
): readonly ChatMessage[] {
  const seen = new Set(list.map((message) => message.id));
  const fresh = incoming.filter((message) => !seen.has(message.id) && seen.add(message.id));
  if (!fresh.length) return list;
  return before ? [...fresh, ...list] : [...list, ...fresh];
}

/** Replaces the fields of the message with that id. */
export function patchMessage(
  list: readonly ChatMessage[],
  id: string,
  patch: Partial<ChatMessage>,
): readonly ChatMessage[] {
  const index = list.findIndex((message) => message.id === id);
  const message = list[index];
  if (!message) return list;
  const changes = (Object.keys(patch) as (keyof ChatMessage)[]).some(
    (key) => !Object.is(patch[key], message[key]),
  );
  if (!changes) return list;
  return list.map((shown, at) => (at === index ? { ...message, ...patch } : shown));
}

/**
 * Keeps `readAt` on the visitor's last message an agent read and drops it from earlier ones, so a
 * page shows "Seen" in one place. Unchanged messages stay the same objects.
 */
export function keepLastRead(list: readonly ChatMessage[]): readonly ChatMessage[] {
  let kept = false;
  let changed: ChatMessage[] | undefined;
  for (let at = list.length - 1; at >= 0; at -= 1) {
    const message = list[at] as ChatMessage;
    if (message.senderType !== SenderType.visitor || message.readAt === undefined) continue;
    if (!kept) {
      kept = true;
      continue;
    }
    changed ??= [...list];
    const { readAt: _dropped, ...rest } = message;
    changed[at] = rest;
  }
  return changed ?? list;
}

/**
 * An agent read the visitor's messages up to the one with one of `ids` (the page's id it was sent
 * under, or the server's): it carries `readAt`, and no earlier one does (see keepLastRead). An
 * unknown id changes nothing.
 */
export function markRead(
  list: readonly ChatMessage[],
  ids: readonly string[],
  readAt: number,
): readonly ChatMessage[] {
  const index = list.findIndex(
    (message) => message.senderType === SenderType.visitor && ids.includes(message.id),
  );
  const message = list[index];
  if (!message || message.readAt === readAt) return list;
  return keepLastRead(list.map((shown, at) => (at === index ? { ...message, readAt } : shown)));
}

export const removeMessage = (list: readonly ChatMessage[], id: string): readonly ChatMessage[] =>
  list.filter((message) => message.id !== id);

/** A notice in the list (senderType 4, msgType 3): engine-made when given an EngineText. */
export function systemMessage(id: string, time: number, content: string | EngineText): ChatMessage {
  const base: ChatMessage = {
    id,
    userId: '',
    senderType: SenderType.system,
    msgType: MsgType.notice,
    msgContent: '',
    msgTime: time,
  };
  if (typeof content === 'string') return { ...base, msgContent: content };
  return { ...base, msgContent: content.text, noticeKey: content.key, noticeParams: content.params ?? {} };
}
