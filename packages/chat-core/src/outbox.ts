import type { ChatMessage, StorageLike } from './types.js';

/** Storage key of the unacknowledged messages of one visitor of one tenant. */
export const outboxKey = (tenantId: string, userId: string) => `chat-${tenantId}-${userId}-outbox`;

/**
 * Visitor messages not yet acknowledged by the server, kept in storage so that a reload, or a
 * network that comes back, still delivers them (each with its clientMsgId, so never twice).
 */
export interface Outbox {
  read(): ChatMessage[];
  put(message: ChatMessage): void;
  remove(id: string): void;
}

export function createOutbox(storage: StorageLike, key: string): Outbox {
  const read = (): ChatMessage[] => {
    try {
      const saved: unknown = JSON.parse(storage.getItem(key) ?? '[]');
      return Array.isArray(saved) ? saved.filter((item) => typeof item?.id === 'string') : [];
    } catch {
      return [];
    }
  };
  const write = (messages: ChatMessage[]) =>
    messages.length ? storage.setItem(key, JSON.stringify(messages)) : storage.removeItem(key);
  return {
    read,
    put(message) {
      // The preview URL dies with the page; the message is shown as failed until sent again.
      const saved = { ...message, previewUrl: undefined, status: 'fail' as const };
      write([...read().filter((item) => item.id !== message.id), saved]);
    },
    remove(id) {
      write(read().filter((item) => item.id !== id));
    },
  };
}
