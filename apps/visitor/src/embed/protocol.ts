/**
 * Messages between the chat page (in the iframe) and the page that embeds it. Both sides check
 * the other's origin: the chat page posts the full message only to the parent origins its
 * deployment allows, and otherwise only a notification without content to the parent's own
 * origin; the loader accepts messages only from the chat's own origin and iframe. Never `*`.
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
  /**
   * An agent message arrived, told to a parent no allow-list names: no content, only its id, time
   * and how many arrived since the panel was last visible.
   */
  | {
      source: typeof MESSAGE_SOURCE;
      type: 'notification';
      notification: { id: string; time: number; unread: number };
    }
  /** The visitor asked to close the panel (e.g. Escape inside the chat). */
  | { source: typeof MESSAGE_SOURCE; type: 'close' }
  /**
   * The chat page runs in the frame. A loader that hears nothing after the frame loaded knows the
   * browser refused to show it here (the chat server does not list this site).
   */
  | { source: typeof MESSAGE_SOURCE; type: 'ready' };

/** Parent page -> chat page. */
export type ParentToChat = { source: typeof MESSAGE_SOURCE; type: 'visibility'; open: boolean };

export function isChatToParent(data: unknown): data is ChatToParent {
  if (typeof data !== 'object' || data === null) return false;
  const record = data as Record<string, unknown>;
  if (record.source !== MESSAGE_SOURCE) return false;
  if (record.type === 'close' || record.type === 'ready') return true;
  if (record.type === 'notification') {
    const notification = record.notification as Record<string, unknown> | undefined;
    return (
      typeof notification === 'object' &&
      notification !== null &&
      typeof notification.id === 'string' &&
      typeof notification.time === 'number' &&
      typeof notification.unread === 'number'
    );
  }
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
