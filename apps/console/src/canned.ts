import { ErrorCode } from '@parley/chat-protocol';
import { useCallback, useEffect, useState } from 'react';
import { ApiError, api, type StoredCannedReply } from './api.js';
import { readStored, writeStored } from './storage.js';

/**
 * Canned replies: texts an agent sends often, each with a short name, per channel. Kept on the
 * server, per agent and channel (`/api/agent/canned`), so they follow the agent to any browser;
 * the console's tabs tell each other when one changes them.
 */
export interface CannedReply {
  id: string;
  name: string;
  text: string;
}

/** The server's limits (characters). */
export const CANNED_NAME_MAX = 80;
export const CANNED_TEXT_MAX = 2000;

/**
 * Tells every editor of the agent's lists (the panel, the reply boxes), in this tab and the
 * others, that one changed.
 */
const CANNED_CHANGED = 'parley-console-canned';

/**
 * Where an earlier version of the console kept the replies, in this browser: imported to the
 * server once, then removed (`importStoredReplies`).
 */
export const storedCannedKey = (agentId: string, channelId: string) =>
  `parley-console-canned:${agentId}:${channelId}`;

const listKey = (agentId: string, channelId: string) => `${agentId}:${channelId}`;

let sender: BroadcastChannel | null | undefined;

/** Tells this tab's and the other tabs' editors of the list that it changed. */
function announce(agentId: string, channelId: string): void {
  const key = listKey(agentId, channelId);
  sender ??= typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CANNED_CHANGED);
  if (sender) sender.postMessage(key);
  else window.dispatchEvent(new CustomEvent(CANNED_CHANGED, { detail: key }));
}

/** Calls `changed` when a list is announced changed; returns the stop. */
function onAnnounced(changed: (key: string) => void): () => void {
  if (typeof BroadcastChannel === 'undefined') {
    const local = (event: Event) => changed((event as CustomEvent<string>).detail);
    window.addEventListener(CANNED_CHANGED, local);
    return () => window.removeEventListener(CANNED_CHANGED, local);
  }
  const receiver = new BroadcastChannel(CANNED_CHANGED);
  receiver.onmessage = (event: MessageEvent<unknown>) => {
    if (typeof event.data === 'string') changed(event.data);
  };
  return () => receiver.close();
}

const toCanned = (reply: StoredCannedReply): CannedReply => ({
  id: reply.id,
  name: reply.title,
  text: reply.text,
});

export interface CannedList {
  /** The channel's replies, oldest first; null until they have loaded. */
  replies: CannedReply[] | null;
  /** Why the list could not be loaded, if it could not. */
  failure: string | null;
  /** Each rejects with the server's ApiError (409: the channel holds as many as it may). */
  add: (name: string, text: string) => Promise<void>;
  update: (id: string, name: string, text: string) => Promise<void>;
  remove: (id: string) => Promise<void>;
}

/** A channel's canned replies from the server, kept in step with the agent's other editors and tabs. */
export function useCannedReplies(agentId: string, channelId: string | undefined): CannedList {
  const [shown, setShown] = useState<{ channelId: string; replies: CannedReply[] } | null>(null);
  const [failure, setFailure] = useState<{ channelId: string; message: string } | null>(null);

  useEffect(() => {
    if (!channelId) return;
    let current = true;
    const load = () =>
      api.cannedReplies(channelId).then(
        (replies) => {
          if (!current) return;
          setShown({ channelId, replies: replies.map(toCanned) });
          setFailure(null);
        },
        (error: unknown) => {
          if (current)
            setFailure({ channelId, message: error instanceof Error ? error.message : String(error) });
        },
      );
    void load();
    const stop = onAnnounced((key) => {
      if (key === listKey(agentId, channelId)) void load();
    });
    return () => {
      current = false;
      stop();
    };
  }, [agentId, channelId]);

  const changed = useCallback(
    (next: (replies: CannedReply[]) => CannedReply[]) => {
      if (!channelId) return;
      setShown((list) => (list?.channelId === channelId ? { channelId, replies: next(list.replies) } : list));
      announce(agentId, channelId);
    },
    [agentId, channelId],
  );

  const add = useCallback(
    async (name: string, text: string) => {
      if (!channelId) return;
      const reply = toCanned(await api.addCannedReply(channelId, name, text));
      changed((replies) => [...replies, reply]);
    },
    [channelId, changed],
  );
  const update = useCallback(
    async (id: string, name: string, text: string) => {
      const reply = toCanned(await api.updateCannedReply(id, name, text));
      changed((replies) => replies.map((other) => (other.id === id ? reply : other)));
    },
    [changed],
  );
  const remove = useCallback(
    async (id: string) => {
      await api.deleteCannedReply(id);
      changed((replies) => replies.filter((other) => other.id !== id));
    },
    [changed],
  );

  return {
    replies: channelId && shown?.channelId === channelId ? shown.replies : null,
    failure: channelId && failure?.channelId === channelId ? failure.message : null,
    add,
    update,
    remove,
  };
}

/** At most `limit` characters (code points), as the server counts them. */
const cut = (text: string, limit: number) => Array.from(text.trim()).slice(0, limit).join('');

function storedReplies(key: string): CannedReply[] | null {
  const stored = readStored(key);
  if (stored === null) return null;
  try {
    const list: unknown = JSON.parse(stored);
    return Array.isArray(list)
      ? list.filter(
          (item): item is CannedReply => typeof item?.name === 'string' && typeof item?.text === 'string',
        )
      : [];
  } catch {
    return [];
  }
}

/**
 * Moves the replies an earlier version of the console kept in this browser's localStorage to the
 * server, once: each reply leaves the stored list when the server has it, and the key goes when
 * the list is empty. One a server refuses (blank, or the channel is full) is dropped; a failure to
 * reach the server leaves the rest for the next time. Tabs starting together take turns.
 */
export async function importStoredReplies(agentId: string, channels: readonly string[]): Promise<void> {
  const work = async () => {
    for (const channelId of channels) {
      const key = storedCannedKey(agentId, channelId);
      let left = storedReplies(key);
      if (left === null) continue;
      while (left.length > 0) {
        const [reply, ...rest] = left as [CannedReply, ...CannedReply[]];
        try {
          await api.addCannedReply(
            channelId,
            cut(reply.name, CANNED_NAME_MAX),
            cut(reply.text, CANNED_TEXT_MAX),
          );
        } catch (error) {
          if (
            !(
              error instanceof ApiError &&
              (error.code === ErrorCode.badRequest || error.code === ErrorCode.conflict)
            )
          )
            return;
        }
        left = rest;
        writeStored(key, JSON.stringify(left));
      }
      writeStored(key, null);
      announce(agentId, channelId);
    }
  };
  const locks = (navigator as Navigator & { locks?: LockManager }).locks;
  await (locks ? locks.request(`${CANNED_CHANGED}-import:${agentId}`, work) : work());
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
