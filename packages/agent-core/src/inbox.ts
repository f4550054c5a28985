import type {
  AgentPollAnswer,
  ChatRecord,
  ConversationStatus,
  InboxQuery,
  Priority,
  SearchQuery,
} from '@parley/chat-protocol';
import type { Store } from './store.js';
import type { AgentApi } from './transport.js';
import type { ConversationDetail, DeskSnapshot, InboxState, Outcome } from './types.js';

// The inbox's side of the desk: the list on screen (its query, rows, counts, pages), the labels,
// a search, and each opened conversation's details (its row, notes and history). The poll's
// `inboxVersion` says when the rows moved: the list (and the conversation in focus) load again.

export const initialInbox: InboxState = {
  query: { view: 'mine', status: 'active', sort: 'activity' },
  rows: [],
  counts: { mine: 0, unassigned: 0, all: 0 },
  next: null,
  loading: false,
  failed: false,
  labels: [],
  search: null,
  details: {},
  mentions: { entries: [], unseen: 0 },
};

interface InboxOptions {
  api: AgentApi;
  store: Store<DeskSnapshot>;
  /** Runs a call as a desk command (an outcome, never a rejection). */
  command<T>(work: () => Promise<T>, refresh?: boolean): Promise<Outcome<T>>;
  /**
   * Starts loading a conversation's messages: `set` puts them in the desk's records (keeping replies
   * on their way, and the poll's events that came meanwhile); `done` when the load ends either way.
   */
  loadingRecord(sessionId: string): { set(record: ChatRecord): void; done(): void };
  /** The conversation on screen changed (the poll watches it). */
  focusChanged?(): void;
}

export function createInbox({ api, store, command, loadingRecord, focusChanged }: InboxOptions) {
  let version: string | undefined;
  let mentionsLoaded = false;
  let listing: Promise<Outcome> | undefined;
  let again = false;
  /** The conversation on screen: loaded again when the inbox moves. */
  let focused: string | null = null;

  const patch = (change: Partial<InboxState> | ((inbox: InboxState) => Partial<InboxState>)) =>
    store.set((state) => ({
      inbox: { ...state.inbox, ...(typeof change === 'function' ? change(state.inbox) : change) },
    }));

  /** Loads the first page of the list on screen; a load asked for while one runs runs once after. */
  function load(): Promise<Outcome> {
    if (listing) {
      again = true;
      return listing;
    }
    patch({ loading: true });
    const query = store.getSnapshot().inbox.query;
    listing = command(async () => {
      try {
        const page = await api('inbox', { query });
        // An answer for a query no longer on screen is dropped.
        if (store.getSnapshot().inbox.query !== query) return null;
        patch({ rows: page.conversations, counts: page.counts, next: page.next, failed: false });
        return null;
      } catch (failure) {
        patch({ failed: true });
        throw failure;
      }
    }, false).finally(() => {
      listing = undefined;
      patch({ loading: false });
      if (again) {
        again = false;
        void load();
      }
    });
    return listing;
  }

  /** Follows `sessionId` (null: none): the poll watches the conversation on screen. */
  function focus(sessionId: string | null) {
    if (focused === sessionId) return;
    focused = sessionId;
    focusChanged?.();
  }

  async function inspect(sessionId: string): Promise<Outcome> {
    focus(sessionId);
    const record = loadingRecord(sessionId);
    return command(async () => {
      const answer = await api('conversation', { params: { sessionId } });
      const { conversation, notes, activity, messages, emailTo } = answer;
      record.set({ sessionId, messages, closed: !conversation.live, rating: conversation.rating });
      const detail: ConversationDetail = { conversation, notes, activity, emailTo };
      patch((inbox) => ({
        details: { ...inbox.details, [sessionId]: detail },
        // The row on screen shows what the record says now.
        rows: inbox.rows.map((row) => (row.sessionId === sessionId ? conversation : row)),
      }));
      return null;
    }, false).finally(record.done);
  }

  /** Loads the conversations whose notes mention the agent. */
  function loadMentions(): Promise<Outcome> {
    return command(async () => {
      const { mentions, unseen } = await api('mentions', {});
      patch({ mentions: { entries: mentions, unseen } });
      return null;
    }, false);
  }

  /** A change to a conversation: on success, its details and the list load again. */
  const change = async <T>(sessionId: string, work: () => Promise<T>): Promise<Outcome<T>> => {
    const done = await command(work, false);
    if (done.ok) await Promise.all([inspect(sessionId), load()]);
    return done;
  };
  const chat = (sessionId: string) => ({ params: { sessionId } });

  return {
    load,
    inspect,
    /** Shows another list: `view`, `status`, `label`, `channelId`, `groupId`, `sort`. */
    show(query: InboxQuery): Promise<Outcome> {
      patch({ query: { ...query }, rows: [], next: null });
      return load();
    },
    /** Appends the next page of the list on screen. */
    more(): Promise<Outcome> {
      const { query, next } = store.getSnapshot().inbox;
      if (!next) return Promise.resolve({ ok: true, data: null });
      return command(async () => {
        const page = await api('inbox', { query: { ...query, before: next } });
        if (store.getSnapshot().inbox.query !== query) return null;
        patch((inbox) => ({ rows: [...inbox.rows, ...page.conversations], next: page.next }));
        return null;
      }, false);
    },
    /** Stops following a conversation (none on screen). */
    blur(): void {
      focus(null);
    },
    /** The conversation on screen: its robot answer grows through the poll. */
    watching(): string | undefined {
      return focused ?? undefined;
    },
    labels: () =>
      command(async () => {
        const labels = await api('labels', {});
        patch({ labels });
        return labels;
      }, false),
    setStatus: (sessionId: string, status: ConversationStatus, snoozedUntil?: number) =>
      change(sessionId, () =>
        api('setStatus', {
          ...chat(sessionId),
          body: { status, ...(snoozedUntil !== undefined && { snoozedUntil }) },
        }),
      ),
    setPriority: (sessionId: string, priority: Priority) =>
      change(sessionId, () => api('setPriority', { ...chat(sessionId), body: { priority } })),
    setLabels: (sessionId: string, labels: string[]) =>
      change(sessionId, () => api('setLabels', { ...chat(sessionId), body: { labels } })),
    addNote: (sessionId: string, body: string) =>
      change(sessionId, () => api('addNote', { ...chat(sessionId), body: { body } })),
    /**
     * Answers a conversation whose visitor is gone by email (its details' `emailTo`): the answer
     * shows in the conversation, marked with the address, once the server has queued the mail.
     */
    replyByEmail: (sessionId: string, text: string) =>
      change(sessionId, () => api('emailReply', { ...chat(sessionId), body: { text } })),
    /**
     * The agent read the conversation: for its assignee its unread count goes to 0 at once, and for
     * anyone the notes in it that mention them are seen.
     */
    async seen(sessionId: string): Promise<Outcome> {
      const row = store.getSnapshot().inbox.rows.find((one) => one.sessionId === sessionId);
      if (row && row.unread > 0) {
        patch((inbox) => ({
          rows: inbox.rows.map((one) => (one.sessionId === sessionId ? { ...one, unread: 0 } : one)),
        }));
      }
      const mention = store
        .getSnapshot()
        .inbox.mentions.entries.find((one) => one.note.sessionId === sessionId);
      if (mention && !mention.seen) {
        patch((inbox) => ({
          mentions: {
            entries: inbox.mentions.entries.map((one) => (one === mention ? { ...one, seen: true } : one)),
            unseen: Math.max(0, inbox.mentions.unseen - 1),
          },
        }));
      }
      return command(() => api('seen', chat(sessionId)), false);
    },
    /** Loads the Mentions list again (it loads on its own at the start and on each new mention). */
    mentions: loadMentions,
    /** Searches; the hits replace the list on screen until `clearSearch`. */
    search(q: string, filters: Omit<SearchQuery, 'q'> = {}): Promise<Outcome> {
      const text = q.trim();
      if (!text) {
        patch({ search: null });
        return Promise.resolve({ ok: true, data: null });
      }
      patch({ search: { q: text, filters, hits: [], loading: true } });
      return command(async () => {
        try {
          const { hits } = await api('search', { query: { ...filters, q: text } });
          patch((inbox) =>
            inbox.search?.q === text ? { search: { q: text, filters, hits, loading: false } } : {},
          );
        } catch (failure) {
          patch((inbox) => (inbox.search?.q === text ? { search: { ...inbox.search, loading: false } } : {}));
          throw failure;
        }
        return null;
      }, false);
    },
    clearSearch(): void {
      patch({ search: null });
    },
    /** A poll answer came: when the inbox moved, the list and the conversation in focus load again. */
    observe(answer: AgentPollAnswer): void {
      const me = answer.agent.id;
      const mentioned = answer.events.some(
        (event) => event.type === 'note' && event.note.agentId !== me && event.note.mentions.includes(me),
      );
      if (!mentionsLoaded || mentioned) {
        mentionsLoaded = true;
        void loadMentions();
      }
      for (const event of answer.events) {
        if (event.type !== 'note') continue;
        const detail = store.getSnapshot().inbox.details[event.sessionId];
        if (detail && !detail.notes.some((one) => one.id === event.note.id)) {
          patch((inbox) => ({
            details: {
              ...inbox.details,
              [event.sessionId]: { ...detail, notes: [...detail.notes, event.note] },
            },
          }));
        }
      }
      if (answer.inboxVersion === undefined || answer.inboxVersion === version) return;
      const first = version === undefined;
      version = answer.inboxVersion;
      if (first) return;
      void load();
      if (focused) void inspect(focused);
    },
  };
}

export type Inbox = ReturnType<typeof createInbox>;
