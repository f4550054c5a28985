import { useCallback, useEffect, useState } from 'react';
import { readStored, writeStored } from './storage.js';

/**
 * Canned replies: texts an agent sends often, each with a short name, per channel. Kept in this
 * browser's local storage, per agent and channel (`parley-console-canned:{agent}:{channel}`), so
 * they follow the agent across tabs of this browser but not to another computer.
 */
export interface CannedReply {
  id: string;
  name: string;
  text: string;
}

export const CANNED_NAME_MAX = 60;
export const CANNED_TEXT_MAX = 2000;

/** Tells this tab's other editors of the same list (the panel, the reply box) that it changed. */
const CANNED_CHANGED = 'parley-console-canned';

export const cannedKey = (agentId: string, channelId: string) =>
  `parley-console-canned:${agentId}:${channelId}`;

function isReply(value: unknown): value is CannedReply {
  if (!value || typeof value !== 'object') return false;
  const { id, name, text } = value as Record<string, unknown>;
  return typeof id === 'string' && typeof name === 'string' && typeof text === 'string';
}

export function readCanned(agentId: string, channelId: string): CannedReply[] {
  try {
    const stored: unknown = JSON.parse(readStored(cannedKey(agentId, channelId)) ?? '[]');
    return Array.isArray(stored) ? stored.filter(isReply) : [];
  } catch {
    return [];
  }
}

/** A channel's canned replies, kept in step with the agent's other tabs; `save` stores a new list. */
export function useCannedReplies(
  agentId: string,
  channelId: string | undefined,
): [CannedReply[], (replies: CannedReply[]) => boolean] {
  const [replies, setReplies] = useState<CannedReply[]>(() =>
    channelId ? readCanned(agentId, channelId) : [],
  );
  useEffect(() => {
    if (!channelId) {
      setReplies([]);
      return;
    }
    setReplies(readCanned(agentId, channelId));
    const key = cannedKey(agentId, channelId);
    const stored = (event: StorageEvent) => {
      if (event.key === key || event.key === null) setReplies(readCanned(agentId, channelId));
    };
    // Another editor in this tab (the panel while a chat is open).
    const local = (event: Event) => {
      if ((event as CustomEvent<string>).detail === key) setReplies(readCanned(agentId, channelId));
    };
    window.addEventListener('storage', stored);
    window.addEventListener(CANNED_CHANGED, local);
    return () => {
      window.removeEventListener('storage', stored);
      window.removeEventListener(CANNED_CHANGED, local);
    };
  }, [agentId, channelId]);
  const save = useCallback(
    (next: CannedReply[]) => {
      if (!channelId) return false;
      const key = cannedKey(agentId, channelId);
      if (!writeStored(key, JSON.stringify(next))) return false;
      setReplies(next);
      window.dispatchEvent(new CustomEvent(CANNED_CHANGED, { detail: key }));
      return true;
    },
    [agentId, channelId],
  );
  return [replies, save];
}

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();

/**
 * The replies whose name holds what the agent typed after the `/` (accents and case aside), those
 * whose name starts with it first, then by name.
 */
export function matchCanned(replies: readonly CannedReply[], query: string): CannedReply[] {
  const wanted = fold(query.trim());
  return replies
    .map((reply) => ({ reply, name: fold(reply.name) }))
    .filter(({ name }) => name.includes(wanted))
    .sort(
      (a, b) =>
        Number(b.name.startsWith(wanted)) - Number(a.name.startsWith(wanted)) ||
        a.reply.name.localeCompare(b.reply.name),
    )
    .map(({ reply }) => reply);
}

/** What follows a `/` at the start of the reply box (one line), or null when it is not a command. */
export function slashQuery(value: string): string | null {
  const match = /^\/([^\n]*)$/.exec(value);
  return match ? (match[1] ?? '') : null;
}

export function newCannedId(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}
