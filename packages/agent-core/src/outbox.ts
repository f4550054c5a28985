import type { ApiError } from '@parley/chat-protocol';
import { MsgType, SenderType } from '@parley/chat-protocol';
import { withMessage } from './records.js';
import type { Store } from './store.js';
import type { AgentApi } from './transport.js';
import type { DeskMessage, DeskSnapshot, Logger, Outcome, StorageLike, Timers } from './types.js';

// The agent's replies on their way: each has a `clientMsgId`, shown as pending until the server
// has it, sent again after a failure (the server stores one id once, so a reply whose answer was
// lost is never doubled), failed after the last try and then retryable by the agent. The outbox
// is kept in storage until the server has each reply: a reload sends what was still on its way.

interface Entry {
  clientMsgId: string;
  sessionId: string;
  text: string;
  createdAt: number;
}

export interface OutboxDeps {
  api: AgentApi;
  store: Store<DeskSnapshot>;
  timers: Timers;
  now: () => number;
  storage: StorageLike;
  logger: Logger;
  createId: () => string;
  retryDelays: readonly number[];
}

const localId = (clientMsgId: string) => `local:${clientMsgId}`;

/** Whether trying again can help: no answer, or the server failing (not a refusal). */
const worthRetrying = (error: ApiError) =>
  error.kind === 'network' || (error.code !== undefined && error.code >= 500);

export function createOutbox(deps: OutboxDeps) {
  const { api, store, timers, now, storage, logger } = deps;
  const entries = new Map<string, Entry>();
  let key: string | null = null;

  const persist = () => {
    if (!key) return;
    if (entries.size === 0) storage.removeItem(key);
    else storage.setItem(key, JSON.stringify([...entries.values()]));
  };

  const show = (entry: Entry, status: DeskMessage['status'], stored?: DeskMessage) =>
    store.set((state) => {
      const record = state.records[entry.sessionId] ?? { messages: [], rating: null, closed: false };
      const message: DeskMessage = stored ?? {
        id: localId(entry.clientMsgId),
        userId: '',
        senderType: SenderType.agent,
        senderName: state.agent?.nick ?? '',
        msgType: MsgType.text,
        msgContent: entry.text,
        msgTime: entry.createdAt,
        status,
        clientMsgId: entry.clientMsgId,
      };
      return {
        records: {
          ...state.records,
          [entry.sessionId]: withMessage(record, message, localId(entry.clientMsgId)),
        },
      };
    });

  /** Set by `stop`: deliveries end where they are (their replies stay in storage) until `resume`. */
  let halted = false;
  /** Ends a pause at once: `stop` calls each. */
  const wakers = new Set<() => void>();
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const wake = () => {
        timers.clearTimeout(handle);
        wakers.delete(wake);
        resolve();
      };
      const handle = timers.setTimeout(wake, ms);
      wakers.add(wake);
    });

  const inFlight = new Map<string, Promise<Outcome<DeskMessage>>>();
  /** One delivery per reply at a time: a second call joins the first. */
  function deliver(entry: Entry): Promise<Outcome<DeskMessage>> {
    const running = inFlight.get(entry.clientMsgId);
    if (running) return running;
    const delivery = tryToDeliver(entry).finally(() => inFlight.delete(entry.clientMsgId));
    inFlight.set(entry.clientMsgId, delivery);
    return delivery;
  }

  /** Tries the entry until the server has it, a refusal, or the last try; never rejects. */
  async function tryToDeliver(entry: Entry): Promise<Outcome<DeskMessage>> {
    show(entry, 'pending');
    for (let attempt = 0; ; attempt++) {
      try {
        const stored = await api('send', {
          params: { sessionId: entry.sessionId },
          body: { msgContent: entry.text, clientMsgId: entry.clientMsgId },
        });
        entries.delete(entry.clientMsgId);
        persist();
        show(entry, undefined, stored);
        return { ok: true, data: stored };
      } catch (failure) {
        const error = failure as ApiError;
        const delay = deps.retryDelays[attempt];
        if (delay === undefined || !worthRetrying(error)) {
          logger.warn('reply not sent', error);
          show(entry, 'fail');
          return { ok: false, error };
        }
        await pause(delay);
        if (halted || !entries.has(entry.clientMsgId)) return { ok: false, error };
      }
    }
  }

  return {
    /** Loads what an earlier page of this agent left on its way, and sends it again. */
    restore(agentId: string): void {
      key = `parley-agent-outbox:${agentId}`;
      let saved: unknown;
      try {
        saved = JSON.parse(storage.getItem(key) ?? '[]');
      } catch {
        saved = [];
      }
      for (const item of Array.isArray(saved) ? (saved as Entry[]) : []) {
        if (typeof item?.clientMsgId !== 'string' || typeof item.text !== 'string') continue;
        if (typeof item.sessionId !== 'string' || entries.has(item.clientMsgId)) continue;
        entries.set(item.clientMsgId, { ...item, createdAt: Number(item.createdAt) || now() });
        void deliver(item);
      }
    },

    /** Sends a reply: pending at once, kept until the server has it. */
    send(sessionId: string, text: string): Promise<Outcome<DeskMessage>> {
      const entry: Entry = { clientMsgId: deps.createId(), sessionId, text, createdAt: now() };
      entries.set(entry.clientMsgId, entry);
      persist();
      return deliver(entry);
    },

    /** Sends a failed reply again, under the same id. */
    retry(clientMsgId: string): Promise<Outcome<DeskMessage>> {
      const entry = entries.get(clientMsgId);
      if (!entry) return Promise.resolve({ ok: false, error: new Error('no such reply on its way') });
      return deliver(entry);
    },

    /** Drops a chat's replies (the chat went to a colleague). */
    forget(sessionId: string): void {
      for (const entry of [...entries.values()])
        if (entry.sessionId === sessionId) entries.delete(entry.clientMsgId);
      persist();
    },

    /** Sends again what `stop` interrupted. */
    resume(): void {
      if (!halted) return;
      halted = false;
      for (const entry of entries.values()) void deliver(entry);
    },

    stop(): void {
      halted = true;
      for (const wake of [...wakers]) wake();
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
