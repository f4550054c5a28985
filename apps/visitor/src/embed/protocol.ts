/**
 * Messages between the chat page (in the iframe) and the page that embeds it. Both sides check
 * the other's origin: the chat page posts only to the parent origins its deployment allows, and
 * the loader accepts messages only from the chat's own origin and iframe. Never `*`.
 */
export const MESSAGE_SOURCE = 'parley';

/** Chat page -> parent page. */
export type ChatToParent =
  /** An agent message arrived (spec: "the parent page is told when an agent message arrives"). */
  | {
      source: typeof MESSAGE_SOURCE;
      type: 'message';
      message: { id: string; text: string; senderName?: string; time: number };
    }
  /** The visitor asked to close the panel (e.g. Escape inside the chat). */
  | { source: typeof MESSAGE_SOURCE; type: 'close' };

/** Parent page -> chat page. */
export type ParentToChat = { source: typeof MESSAGE_SOURCE; type: 'visibility'; open: boolean };

export function isChatToParent(data: unknown): data is ChatToParent {
  if (typeof data !== 'object' || data === null) return false;
  const record = data as Record<string, unknown>;
  if (record.source !== MESSAGE_SOURCE) return false;
  if (record.type === 'close') return true;
  if (record.type !== 'message') return false;
  const message = record.message as Record<string, unknown> | undefined;
  return (
    typeof message === 'object' &&
    message !== null &&
    typeof message.id === 'string' &&
    typeof message.text === 'string' &&
    typeof message.time === 'number'
  );
}
