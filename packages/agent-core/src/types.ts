import type {
  Activity,
  Agent,
  AgentChat,
  AgentMessage,
  HttpMethod,
  InboxQuery,
  InboxRow,
  InboxView,
  Mention,
  MessageStatus,
  Note,
  QueueEntry,
  Rating,
  SearchHit,
  SearchQuery,
} from '@parley/chat-protocol';

export interface Logger {
  info(...args: unknown[]): void;
  warn(...args: unknown[]): void;
  error(...args: unknown[]): void;
}

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The part of localStorage the engine uses. */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** A boolean the outside world flips: here, whether the console is on screen. */
export interface Signal {
  get(): boolean;
  subscribe(listener: (value: boolean) => void): () => void;
}

/**
 * How the engine reaches the server: one HTTP request, answered with the parsed JSON body (the
 * envelope), whatever the status. It throws only when no answer came (network, abort).
 */
export interface AgentTransport {
  /** `signal` aborts the request (the held poll, when the conversation on screen changes). */
  request(method: HttpMethod, path: string, body?: unknown, signal?: AbortSignal): Promise<unknown>;
}

/** A message in a chat as the desk shows it: the server's, or one of the agent's still on its way. */
export interface DeskMessage extends AgentMessage {
  /** The agent's own reply: `pending` until the server has it, `fail` after the retries. */
  status?: MessageStatus;
  /** The id the reply is sent under: a retry is stored once. */
  clientMsgId?: string;
}

/** A chat's record as the desk holds it. */
export interface ChatRecordView {
  messages: readonly DeskMessage[];
  rating: Rating | null;
  closed: boolean;
}

/** Something that came to the agent without the agent doing it. */
export interface DeskAlert {
  /** The same in every tab of the agent: tabs claim alerts by it. */
  id: string;
  /**
   * A visitor joined the queue, a chat came to the agent (routing or a colleague), a visitor wrote,
   * a colleague mentioned the agent in a private note.
   */
  kind: 'queue' | 'chat' | 'message' | 'mention';
  sessionId: string;
  /** The visitor's name, empty when they gave none: then their id names them (`generatedName`). */
  visitorName: string;
  /** Empty when the desk does not know the chat (a mention in a colleague's conversation). */
  visitorId: string;
  channelId: string;
  /** The colleague who handed the chat over, and their note. */
  from?: string;
  note?: string;
  message?: AgentMessage;
}

/** What the console should do about the news: see `notifications.ts`. */
export interface AlertState {
  /** News while the console was hidden: the count for the tab's title (0 once it is shown). */
  unread: number;
  /** While on screen: the latest new visitors and chats, for screen readers to announce. */
  announce: readonly DeskAlert[];
  /** The agent's choice: no chime. */
  muted: boolean;
}

export type DeskStatus = 'idle' | 'starting' | 'live' | 'signedOut' | 'stopped';

/** An opened conversation beside its messages (in `records`): its row, private notes and history. */
export interface ConversationDetail {
  conversation: InboxRow;
  notes: readonly Note[];
  activity: readonly Activity[];
  /** Where an answer by email would go (`inbox.replyByEmail`); null while none can be sent. */
  emailTo: string | null;
}

/** The inbox: the list on screen, the labels in use, a search, and the opened conversations. */
export interface InboxState {
  query: InboxQuery;
  rows: readonly InboxRow[];
  counts: Readonly<Record<InboxView, number>>;
  /** The key of the next page; null on the last. */
  next: string | null;
  loading: boolean;
  /** The last load failed (the rows are the last ones that came). */
  failed: boolean;
  labels: readonly { label: string; count: number }[];
  /** A search on screen instead of the list. */
  search: { q: string; filters: Omit<SearchQuery, 'q'>; hits: readonly SearchHit[]; loading: boolean } | null;
  details: Readonly<Record<string, ConversationDetail>>;
  /** The conversations whose notes mention the agent, newest first, and how many are unseen. */
  mentions: { entries: readonly Mention[]; unseen: number };
}

/** Everything the console shows, as one immutable value: a new object only when something changed. */
export interface DeskSnapshot {
  status: DeskStatus;
  /** False while the poll fails (the engine keeps trying). */
  connected: boolean;
  agent: Agent | null;
  queue: readonly QueueEntry[];
  chats: readonly AgentChat[];
  /** Loaded chats by session id: messages (with the agent's pending and failed replies), rating, closed. */
  records: Readonly<Record<string, ChatRecordView>>;
  /** What the agent is writing in each chat. */
  drafts: Readonly<Record<string, string>>;
  alerts: AlertState;
  inbox: InboxState;
  /** Messages the agent deleted that are still within their undo time: shown as gone. */
  deleting: readonly string[];
}

export interface DeskOptions {
  transport: AgentTransport;
  timers?: Timers;
  /** Milliseconds since the epoch. */
  now?: () => number;
  storage?: StorageLike;
  logger?: Logger;
  /** Whether the console is on screen (default: the document's visibility). */
  visibility?: Signal;
  /** A fresh id for each reply (`clientMsgId`); default: crypto.randomUUID. */
  createId?: () => string;
  /** How long a poll asks the server to hold it, ms. */
  holdMs?: number;
  /** How long to wait before the next poll when the server does not hold, or after a failure, ms. */
  pollMs?: number;
  /** How long a deleted message can be brought back (`deleteMessage`'s undo), ms. */
  undoDeleteMs?: number;
  /** The delays between the tries of a reply, ms: one more try per entry. */
  retryDelays?: readonly number[];
  /** Where the alerts go: sound, desktop notifications, other tabs. All optional. */
  alerts?: AlertOutlets;
}

/** The console's outlets for alerts the engine decided on. */
export interface AlertOutlets {
  /** Whether this tab is the one to chime and notify for this alert (several tabs of one agent). */
  claim?(alertId: string, visible: boolean): Promise<boolean>;
  chime?(): void;
  notify?(alert: DeskAlert): void;
  /** The agent joins a chat here: tell its other tabs it is no news. */
  joining?(sessionId: string): void;
}

/** A delete the agent can still undo: the message shows as gone until the call is made. */
export interface PendingDelete {
  /** Brings the message back; false when it is too late (the delete was sent). */
  undo(): boolean;
  /** The delete's outcome once sent; `{ ok: true, data: false }` when it was undone. */
  done: Promise<Outcome<boolean>>;
}

/** A command's outcome: commands never reject. */
export type Outcome<T = null> = { ok: true; data: T } | { ok: false; error: Error & { code?: number } };
