import type { AgentMessage, Rating } from './types.js';

// The inbox (docs/contract.md, "The inbox"): every conversation of the agent's channels as a record
// with the team's status, priority, labels, private notes and its history; lists, search and the
// calls that change them.

/**
 * The team's status of a conversation: `open` needs the team, `pending` waits on the visitor,
 * `snoozed` is out of sight until a time or the visitor's next message, `resolved` is done. A
 * visitor's message makes a pending or snoozed conversation open again; a chat that ends while
 * open is resolved.
 */
export const CONVERSATION_STATUSES = ['open', 'pending', 'snoozed', 'resolved'] as const;
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number];

/** Priorities, lowest first: stored as their index. */
export const PRIORITIES = ['none', 'low', 'medium', 'high', 'urgent'] as const;
export type Priority = (typeof PRIORITIES)[number];

/** Whose conversations a list holds. */
export const INBOX_VIEWS = ['mine', 'unassigned', 'all'] as const;
export type InboxView = (typeof INBOX_VIEWS)[number];

/** The longest label, in characters, and how many one conversation carries. */
export const LABEL_MAX = 32;
export const LABELS_PER_CONVERSATION = 10;
/** The longest private note, in characters. */
export const NOTE_MAX = 5000;

/** A conversation as an inbox row shows it. */
export interface InboxRow {
  sessionId: string;
  visitorId: string;
  channelId: string;
  groupId: string | null;
  /** The visitor's name; empty when they gave none (show `generatedName(visitorId)`). */
  visitorName: string;
  verified: boolean;
  /** The site's id for a verified visitor. */
  verifiedPid: string | null;
  status: ConversationStatus;
  priority: Priority;
  /** The chat is still going: the visitor can read a reply now. */
  live: boolean;
  assignee: { id: string; nick: string } | null;
  lastMessage: { text: string; senderType: number; msgType: string; time: number } | null;
  /** The visitor's messages the assignee has not read. */
  unread: number;
  /** Since when the visitor's oldest unanswered message waits; null when nothing waits. */
  waitingSince: number | null;
  /** The channel's reply target, ms: a row waiting longer is marked. */
  replyTargetMs: number;
  lastActivityAt: number;
  createdAt: number;
  snoozedUntil: number | null;
  labels: string[];
  rating: Rating | null;
  /** Opened by a message left while nobody could answer. */
  leftMessage: boolean;
}

/** A private note: agents only, never sent to the visitor. */
export interface Note {
  id: string;
  sessionId: string;
  agentId: string;
  agentNick: string;
  body: string;
  /** The colleagues the note names (`@username`), as agent ids. */
  mentions: string[];
  time: number;
}

/** A conversation whose private notes mention the agent, by its latest such note. */
export interface Mention {
  conversation: InboxRow;
  /** The latest note in it that mentions the agent. */
  note: Note;
  /** The agent has opened the conversation since that note (`seen`). */
  seen: boolean;
}

/** One change in a conversation's record: who (an agent, or null for the visitor/server) and when. */
export interface Activity {
  id: string;
  kind: 'status' | 'priority' | 'labels' | 'beyondCapacity' | 'assigned' | 'requeued' | 'takenOver';
  agentId: string | null;
  agentNick: string | null;
  detail: Record<string, unknown>;
  time: number;
}

/** A conversation found by a search, with what matched. */
export interface SearchHit {
  conversation: InboxRow;
  /** The message or note that matched, to open the conversation at; null for a visitor field match. */
  messageId: string | null;
  noteId: string | null;
  /** The matching text, cut around the match. */
  snippet: string;
  time: number;
}

/** A conversation read in full: what an inbox row shows, messages, notes and its history. */
export interface Conversation {
  conversation: InboxRow;
  messages: AgentMessage[];
  notes: Note[];
  activity: Activity[];
  /**
   * Where an answer by email (`emailReply`) would go: the address left with the message, else the
   * one the visitor gave; null while the chat is live, when they gave none, or when the server
   * sends no mail.
   */
  emailTo: string | null;
}

export interface InboxQuery {
  view?: InboxView;
  /** A status, or `active` (all but resolved; the default). */
  status?: ConversationStatus | 'active';
  label?: string;
  channelId?: string;
  groupId?: string;
  /** `activity` (newest first, the default) or `waiting` (longest waiting first). */
  sort?: 'activity' | 'waiting';
  /** The `next` of the previous page. */
  before?: string;
}

export interface SearchQuery {
  q: string;
  status?: ConversationStatus;
  channelId?: string;
  agentId?: string;
  label?: string;
  /** Times, ms since the epoch, as decimal strings. */
  from?: string;
  to?: string;
  /** Only conversations rated with this many stars. */
  rating?: string;
}

/** The inbox's calls, part of `AgentCalls`. */
export interface InboxCalls {
  inbox: {
    query: InboxQuery;
    answer: {
      conversations: InboxRow[];
      /** Active conversations per view, for the sidebar. */
      counts: Record<InboxView, number>;
      /** Pass as `before` for the next page; null on the last. */
      next: string | null;
    };
  };
  conversation: { params: { sessionId: string }; answer: Conversation };
  search: { query: SearchQuery; answer: { hits: SearchHit[] } };
  labels: { answer: { label: string; count: number }[] };
  setStatus: {
    params: { sessionId: string };
    body: { status: ConversationStatus; snoozedUntil?: number };
    answer: null;
  };
  setPriority: { params: { sessionId: string }; body: { priority: Priority }; answer: null };
  setLabels: { params: { sessionId: string }; body: { labels: string[] }; answer: { labels: string[] } };
  addNote: { params: { sessionId: string }; body: { body: string }; answer: Note };
  /**
   * Answers a conversation whose visitor is gone (a left message, an ended chat) by email, to its
   * `emailTo`: the answer is kept in the conversation as the agent's message, `emailedTo` set.
   */
  emailReply: {
    params: { sessionId: string };
    body: { text: string };
    answer: { to: string; message: AgentMessage };
  };
  seen: { params: { sessionId: string }; answer: null };
  /**
   * The conversations whose notes mention the agent, newest mention first (100 at most), and how
   * many of them the agent has not opened since.
   */
  mentions: { answer: { mentions: Mention[]; unseen: number } };
  /** The agent's own day since `since` (the start of their day, ms): the console's home. */
  today: { query: { since: string }; answer: AgentDay };
}

/** What an agent did since the start of their day. */
export interface AgentDay {
  /** Chats of theirs that ended. */
  handled: number;
  /** The median time from taking a chat to their first reply, ms; null with none. */
  medianFirstResponseMs: number | null;
  /** The average of the ratings their chats got; null with none. */
  ratingAverage: number | null;
  ratings: number;
}

const ADJECTIVES = [
  'amber',
  'bold',
  'brave',
  'bright',
  'calm',
  'clever',
  'cosy',
  'crisp',
  'gentle',
  'golden',
  'happy',
  'jolly',
  'keen',
  'kind',
  'lively',
  'lucky',
  'mellow',
  'merry',
  'misty',
  'nimble',
  'polite',
  'quick',
  'quiet',
  'rosy',
  'silver',
  'sunny',
  'swift',
  'tidy',
  'warm',
  'witty',
] as const;
const NOUNS = [
  'badger',
  'beaver',
  'falcon',
  'ferret',
  'finch',
  'fox',
  'gecko',
  'heron',
  'koala',
  'lark',
  'lemur',
  'lynx',
  'marten',
  'meerkat',
  'otter',
  'owl',
  'panda',
  'puffin',
  'quail',
  'raven',
  'robin',
  'seal',
  'sparrow',
  'stork',
  'swan',
  'tapir',
  'tiger',
  'walrus',
  'wren',
  'yak',
] as const;

/**
 * A readable name for a visitor who gave none, the same for one visitor id everywhere (two words
 * out of 900 pairs, from a hash of the id): agents tell visitors apart without a name.
 *
 * @example
 * generatedName('v_8c1f') // 'Swift Otter'
 */
export function generatedName(visitorId: string): string {
  let hash = 2166136261;
  for (let index = 0; index < visitorId.length; index++) {
    hash = Math.imul(hash ^ visitorId.charCodeAt(index), 16777619) >>> 0;
  }
  const adjective = ADJECTIVES[hash % ADJECTIVES.length] as string;
  const noun = NOUNS[Math.floor(hash / ADJECTIVES.length) % NOUNS.length] as string;
  const title = (word: string) => word[0]?.toUpperCase() + word.slice(1);
  return `${title(adjective)} ${title(noun)}`;
}
