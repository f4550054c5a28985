import { type Agent, type AgentPollAnswer, ErrorCode, type TransferTarget } from '@parley/chat-protocol';
import { createDeletes, UNDO_DELETE_MS } from './deletes.js';
import {
  defaultCreateId,
  defaultLogger,
  defaultStorage,
  defaultTimers,
  defaultVisibility,
  guardStorage,
} from './environment.js';
import { createInbox, initialInbox } from './inbox.js';
import { AlertWatcher, decide } from './notifications.js';
import { createOutbox } from './outbox.js';
import { createPoller } from './polling.js';
import { createRecordLoads } from './recordLoads.js';
import { applyEvents } from './records.js';
import { createStore } from './store.js';
import { type AgentApi, createAgentApi } from './transport.js';
import type { DeskAlert, DeskMessage, DeskOptions, DeskSnapshot, Outcome, PendingDelete } from './types.js';

/** How long a poll asks the server to hold it. */
const HOLD_MS = 15_000;
/** The pause between polls against a server that does not hold, and after a failure. */
const POLL_MS = 1000;
/** The pauses between the tries of a reply: four tries in about seven seconds. */
const RETRY_DELAYS = [1000, 2000, 4000];
const MUTE_KEY = 'parley-console-muted';

/** `previous` when `next` holds the same data (small values: the agent, the queue, the chats). */
const same = <T>(previous: T, next: T): T =>
  JSON.stringify(previous) === JSON.stringify(next) ? previous : next;

const initial: DeskSnapshot = {
  status: 'idle',
  connected: true,
  agent: null,
  queue: [],
  chats: [],
  records: {},
  drafts: {},
  alerts: { unread: 0, announce: [], muted: false },
  inbox: initialInbox,
  deleting: [],
};

/**
 * The agent's desk: the held poll with its cursor, the queue, the agent's chats with their
 * messages, drafts, the replies on their way, and what to alert about. Plain TypeScript: bind
 * `subscribe`/`getSnapshot` with React's `useSyncExternalStore`, or anything else. Commands never
 * reject: each resolves to `{ ok: true, data }` or `{ ok: false, error }`.
 *
 * @example
 * const desk = createAgentDesk({ transport: createFetchTransport() });
 * desk.subscribe(() => render(desk.getSnapshot()));
 * desk.start();
 * await desk.join(desk.getSnapshot().queue[0].sessionId);
 */
export function createAgentDesk(options: DeskOptions) {
  const timers = options.timers ?? defaultTimers;
  const now = options.now ?? (() => Date.now());
  const logger = options.logger ?? defaultLogger;
  const storage = guardStorage(options.storage ?? defaultStorage(), logger);
  const visibility = options.visibility ?? defaultVisibility();
  const outlets = options.alerts ?? {};
  const api: AgentApi = createAgentApi(options.transport);
  const store = createStore<DeskSnapshot>({
    ...initial,
    alerts: { ...initial.alerts, muted: storage.getItem(MUTE_KEY) === '1' },
  });
  const watcher = new AlertWatcher();
  const loading = new Map<string, Promise<Outcome>>();
  /** Chats loaded again because their record missed a part of the robot's answer. */
  const catchingUp = new Set<string>();
  const loads = createRecordLoads(store);
  let restored = false;
  let offVisibility: (() => void) | undefined;

  const outbox = createOutbox({
    api,
    store,
    timers,
    now,
    storage,
    logger,
    createId: options.createId ?? defaultCreateId,
    retryDelays: options.retryDelays ?? RETRY_DELAYS,
  });

  const draftsKey = (agent: Agent) => `parley-agent-drafts:${agent.id}`;
  const saveDrafts = () => {
    const { agent, drafts } = store.getSnapshot();
    if (agent) storage.setItem(draftsKey(agent), JSON.stringify(drafts));
  };

  function alert(alerts: DeskAlert[]) {
    if (alerts.length === 0) return;
    const visible = visibility.get();
    const decision = decide(alerts, visible);
    store.set((state) => ({
      alerts: {
        ...state.alerts,
        unread: state.alerts.unread + decision.count,
        ...(decision.announce.length > 0 && { announce: decision.announce }),
      },
    }));
    const claim = (id: string) => outlets.claim?.(id, visible) ?? Promise.resolve(true);
    void Promise.all(alerts.map((one) => claim(one.id).catch(() => false))).then((won) => {
      const mine = alerts.filter((_, index) => won[index]);
      if (mine.length === 0 || visibility.get()) return;
      if (!store.getSnapshot().alerts.muted) outlets.chime?.();
      for (const one of mine) outlets.notify?.(one);
    });
  }

  function apply(answer: AgentPollAnswer) {
    const first = store.getSnapshot().agent === null;
    /** Chats whose record lacks a part of the robot's answer (it came before they were loaded). */
    const incomplete = new Set<string>();
    // An answer that repeats what the desk shows keeps its values: no new snapshot for an empty poll.
    store.set((state) => ({
      status: 'live',
      agent: same(state.agent, answer.agent),
      queue: same(state.queue, answer.queue),
      chats: same(state.chats, answer.chats),
      records: applyEvents(state.records, answer.events, (sessionId) => incomplete.add(sessionId)),
    }));
    loads.arrived(answer.events);
    // The conversation loaded again has the robot's answer so far; later parts continue it.
    for (const sessionId of incomplete) {
      if (inbox.watching() !== sessionId || catchingUp.has(sessionId)) continue;
      catchingUp.add(sessionId);
      void inbox.inspect(sessionId).finally(() => catchingUp.delete(sessionId));
    }
    inbox.observe(answer);
    if (first && !restored) {
      restored = true;
      restoreDrafts(answer.agent);
      outbox.restore(answer.agent.id);
    }
    alert(watcher.observe(answer));
  }

  function restoreDrafts(agent: Agent) {
    try {
      const saved: unknown = JSON.parse(storage.getItem(draftsKey(agent)) ?? '{}');
      if (saved && typeof saved === 'object' && !Array.isArray(saved)) {
        const drafts = Object.fromEntries(
          Object.entries(saved).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
        );
        store.set({ drafts });
      }
    } catch {
      // A draft that does not parse is no draft.
    }
  }

  const poller = createPoller({
    api,
    timers,
    logger,
    holdMs: options.holdMs ?? HOLD_MS,
    pollMs: options.pollMs ?? POLL_MS,
    apply,
    signedOut: () => stopAll('signedOut'),
    connected: (connected) => store.set({ connected }),
    watching: () => inbox.watching(),
  });

  function stopAll(status: DeskSnapshot['status']) {
    deletes.drop();
    poller.stop();
    outbox.stop();
    offVisibility?.();
    offVisibility = undefined;
    store.set({ status });
  }

  /** Runs a call as a command: its outcome, never a rejection; a 401 signs the desk out. */
  async function command<T>(work: () => Promise<T>, refresh = true): Promise<Outcome<T>> {
    try {
      const data = await work();
      if (refresh) await poller.refresh();
      return { ok: true, data };
    } catch (failure) {
      const error = failure instanceof Error ? failure : new Error(String(failure));
      logger.warn('agent command failed', error);
      if ((error as { code?: number }).code === ErrorCode.unauthorized) stopAll('signedOut');
      return { ok: false, error };
    }
  }

  function forget(sessionId: string) {
    outbox.forget(sessionId);
    loads.forget(sessionId);
    store.set((state) => {
      const { [sessionId]: _record, ...records } = state.records;
      const { [sessionId]: _draft, ...drafts } = state.drafts;
      return { records, drafts };
    });
    saveDrafts();
  }

  const inbox = createInbox({
    api,
    store,
    command,
    focusChanged: () => poller.rewatch(),
    loadingRecord: loads.start,
  });

  const deletes = createDeletes({
    api,
    store,
    timers,
    command,
    undoMs: options.undoDeleteMs ?? UNDO_DELETE_MS,
  });

  const chat = (sessionId: string) => ({ params: { sessionId } });
  const simple = (name: 'ratingRequest' | 'close' | 'refuse', sessionId: string) =>
    command(() => api(name, chat(sessionId)));

  /** Loads a chat's record once (again with `reload`), keeping replies still on their way. */
  function open(sessionId: string, reload = false): Promise<Outcome> {
    const running = loading.get(sessionId);
    if (running) return running;
    if (!reload && loads.isLoaded(sessionId)) return Promise.resolve({ ok: true, data: null });
    const record = loads.start(sessionId);
    const load = command(async () => {
      record.set(await api('messages', chat(sessionId)));
      return null;
    }, false).finally(() => {
      loading.delete(sessionId);
      record.done();
    });
    loading.set(sessionId, load);
    return load;
  }

  function setDraft(sessionId: string, text: string): void {
    store.set((state) => ({ drafts: { ...state.drafts, [sessionId]: text } }));
    saveDrafts();
  }

  return {
    getSnapshot: store.getSnapshot,
    subscribe: store.subscribe,
    /** The checked agent API, for what the desk does not hold (canned replies, the visitor panel, ...). */
    api,
    /** The inbox: lists, search, statuses, labels, notes (see inbox.ts). */
    inbox,

    /** Starts polling (the first answer is the current view) and watching the console's visibility. */
    start(): void {
      if (store.getSnapshot().status === 'live' || store.getSnapshot().status === 'starting') return;
      store.set({ status: 'starting' });
      outbox.resume();
      offVisibility = visibility.subscribe((visible) => {
        if (visible) store.set((state) => ({ alerts: { ...state.alerts, unread: 0 } }));
      });
      poller.start();
    },
    /** Stops polling and retrying; what is on its way stays in storage for the next start. */
    stop: () => stopAll('stopped'),

    setOnline: (online: boolean) =>
      command(async () => {
        const agent = await api('status', { body: { online } });
        store.set({ agent });
        return agent;
      }),
    /** Away: online, keeping their chats, but given no new chat by routing. */
    setAway: (away: boolean) =>
      command(async () => {
        const agent = await api('status', { body: { away } });
        store.set({ agent });
        return agent;
      }),

    /**
     * Takes a queued visitor's chat and loads its messages. Past the agent's capacity the server
     * refuses (409) unless `beyondCapacity` says the agent chose to: ask first (see `atCapacity`).
     */
    async join(
      sessionId: string,
      options: { beyondCapacity?: boolean } = {},
    ): Promise<Outcome<{ sessionId: string }>> {
      watcher.joining.add(sessionId);
      outlets.joining?.(sessionId);
      const body = options.beyondCapacity ? { beyondCapacity: true } : {};
      const joined = await command(() => api('join', { ...chat(sessionId), body }));
      if (joined.ok) await open(sessionId);
      return joined;
    },
    /** Another tab of this agent is joining a chat: no news here either. */
    noteJoining(sessionId: string): void {
      watcher.joining.add(sessionId);
    },
    refuse: (sessionId: string) => simple('refuse', sessionId),
    close: (sessionId: string) => simple('close', sessionId),
    askRating: (sessionId: string) => simple('ratingRequest', sessionId),
    /** Tells the visitor the agent is typing; failures are only logged. */
    typing: (sessionId: string) => command(() => api('typing', chat(sessionId)), false),

    open,
    setDraft,

    /**
     * Sends the chat's draft (or `text`): the reply shows as pending at once and the box empties;
     * the reply is kept (in storage) and tried again until the server has it, else marked failed.
     */
    async send(sessionId: string, text?: string): Promise<Outcome<DeskMessage>> {
      const body = (text ?? store.getSnapshot().drafts[sessionId] ?? '').trim();
      if (!body) return { ok: false, error: new Error('nothing to send') };
      const sending = outbox.send(sessionId, body);
      if (text === undefined || text === store.getSnapshot().drafts[sessionId]) setDraft(sessionId, '');
      return sending;
    },
    /** Sends a failed reply again, under its first id: the server stores it once. */
    retry: (clientMsgId: string) => outbox.retry(clientMsgId),

    /** Sends a file as a message of the chat. */
    sendFile: (sessionId: string, file: Blob & { name: string }) =>
      command(async () => {
        const form = new FormData();
        form.append('file', file, file.name);
        const message = await api('sendFile', { ...chat(sessionId), body: form });
        store.set((state) => {
          const record = state.records[sessionId];
          if (!record || record.messages.some((one) => one.id === message.id)) return {};
          return {
            records: {
              ...state.records,
              [sessionId]: { ...record, messages: [...record.messages, message] },
            },
          };
        });
        return message;
      }, false),

    /**
     * Deletes one of the agent's messages after an undo time (`undoDeleteMs`, default 6 s): see
     * deletes.ts.
     *
     * @example
     * const pending = desk.deleteMessage('s1', 'm7');
     * // the agent clicks Undo
     * pending.undo();
     */
    deleteMessage: (sessionId: string, messageId: string): PendingDelete =>
      deletes.delete(sessionId, messageId),

    /** Hands the chat to a colleague or a group; on success it leaves this desk with its draft. */
    async transfer(sessionId: string, target: TransferTarget, note?: string) {
      const done = await command(() =>
        api('transfer', {
          ...chat(sessionId),
          body: { ...target, ...(note?.trim() ? { note: note.trim() } : {}) },
        }),
      );
      if (done.ok) forget(sessionId);
      return done;
    },

    /** Ends the agent's session on the server; the desk stops. */
    async logout(): Promise<Outcome> {
      const done = await command(() => api('logout', {}), false);
      stopAll('signedOut');
      // What the agent was writing stays on this computer only while the agent is logged in.
      const { agent } = store.getSnapshot();
      if (agent) storage.removeItem(draftsKey(agent));
      return done;
    },

    setMuted(muted: boolean): void {
      storage.setItem(MUTE_KEY, muted ? '1' : '');
      if (!muted) storage.removeItem(MUTE_KEY);
      store.set((state) => ({ alerts: { ...state.alerts, muted } }));
    },
    /** The mute choice changed in another tab (a storage event). */
    readMuted(): void {
      const muted = storage.getItem(MUTE_KEY) === '1';
      store.set((state) => (state.alerts.muted === muted ? {} : { alerts: { ...state.alerts, muted } }));
    },
  };
}

export type AgentDesk = ReturnType<typeof createAgentDesk>;
