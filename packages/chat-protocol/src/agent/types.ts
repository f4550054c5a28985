import type { WireMessage } from '../types.js';
import type { AdminCalls } from './admin.js';
import type { EmailCalls } from './email.js';
import type { InboxCalls, Note } from './inbox.js';
import type { ReportCalls } from './reports.js';
import type { TokenCalls } from './tokens.js';
import type { WebhookCalls } from './webhooks.js';

// The agent API's shapes (docs/contract.md, "The agent API"): what the console and any other agent
// client send and receive. Ids are strings; times are milliseconds since the epoch.

/** A support agent as the server knows it. */
export interface Agent {
  id: string;
  username: string;
  nick: string;
  avatar?: string | null;
  /** How many chats the agent takes at once. */
  capacity: number;
  channels: string[];
  groups: string[];
  online: boolean;
  /** Online but taking no new chat from routing (joins by hand still work). */
  away: boolean;
  /** An admin also edits the team's canned replies, the agents and the channels. */
  role: 'agent' | 'admin';
}

/**
 * A message as the agent API sends it: the wire message, plus whether the visitor read it, and for
 * an agent's answer sent by email after the visitor left (`emailReply`), the address it went to and,
 * once its mail was given up, why (`emailFailed`, the mail server's last answer).
 */
export type AgentMessage = WireMessage & { read?: boolean; emailedTo?: string; emailFailed?: string };

/** A visitor waiting in a queue the agent can take from. */
export interface QueueEntry {
  sessionId: string;
  visitorId: string;
  channelId: string;
  groupId: string | null;
  waitIndex: number;
  since: number;
  visitorName: string;
  /** The host site vouched for this visitor (verified identity), for `verifiedPid`. */
  verified: boolean;
  verifiedPid: string | null;
}

/** One of the agent's open chats. */
export interface AgentChat {
  sessionId: string;
  visitorId: string;
  channelId: string;
  groupId: string | null;
  since: number | null;
  visitorName: string;
  email: string;
  phone: string;
  verified: boolean;
  verifiedPid: string | null;
  /** What the visitor is typing, while they type (hidden 5 s after their last notice). */
  visitorTyping: string | null;
  /** The colleague (nick) who handed this chat to this agent, and the note they left. */
  transferredFrom?: string;
  transferNote?: string;
}

export interface Rating {
  star: number;
  tags: string[];
  content?: string | null;
}

/**
 * The name of each event in a poll answer. The first six are the agent's own (`AgentEvent` has
 * their numbers); `robotDelta` and `robotAnswer` are the robot's answer growing in the conversation
 * the poll watches (`watch`): the visitor's events 1301 and 1302 of that conversation.
 */
export const deskEventTypes = [
  'message',
  'rating',
  'read',
  'visitorClosed',
  'form',
  'note',
  'robotDelta',
  'robotAnswer',
] as const;
export type DeskEventType = (typeof deskEventTypes)[number];

interface DeskEventBase {
  /** The event's place in the agent's stream, a decimal string. */
  id: string;
  sessionId: string;
  time?: number;
}

/** Every field an event may carry, whatever its type: the wire's flat shape of `DeskEvent`. */
export interface DeskEventFields extends DeskEventBase {
  type: string;
  message?: AgentMessage;
  star?: number;
  tags?: string[];
  content?: string | null;
  msgIds?: string[];
  fields?: Record<string, unknown>;
  note?: Note;
  replyTo?: string;
  at?: number;
  delta?: string;
  thinkingAt?: number;
  thinkingDelta?: string;
  thinkingSeconds?: number;
}

/** What happened in one of the agent's chats since the poll's cursor. */
export type DeskEvent = DeskEventBase &
  (
    | { type: 'message'; message: AgentMessage }
    | ({ type: 'rating' } & Rating)
    | { type: 'read'; msgIds: string[] }
    | { type: 'visitorClosed' }
    | { type: 'form'; fields: Record<string, string> }
    | { type: 'note'; note: Note }
    | ({ type: 'robotDelta' } & RobotDelta)
    | { type: 'robotAnswer'; replyTo: string; message: AgentMessage }
  );

/**
 * More of the robot's answer to the visitor message `replyTo` while it is generated: `delta` goes
 * at `at` in the text so far, `thinkingDelta` at `thinkingAt` in the thinking (UTF-16 code units).
 */
export interface RobotDelta {
  replyTo: string;
  at: number;
  delta: string;
  thinkingAt: number;
  thinkingDelta: string;
  /** Once the answer's text began: the seconds the thinking took. */
  thinkingSeconds?: number;
}

/** What the poll answers: who the agent is, the queue, its chats and the events after the cursor. */
export interface AgentPollAnswer {
  agent: Agent;
  /** Send it back with the next poll: only events after it are answered. */
  cursor: string;
  /** Set when the server held the poll: the client may ask again at once. */
  wait?: number;
  /** What the agent sees of the queue and chats, as a token: sent back as `seen`. */
  view?: string;
  queue: QueueEntry[];
  chats: AgentChat[];
  events: DeskEvent[];
  /** Moves whenever an inbox row of the agent's channels changes: ask for the inbox lists again. */
  inboxVersion?: string;
  /** The colleagues of the agent's channels and their presence, live (docs/routing.md). */
  team?: TeamMember[];
}

/**
 * An agent's presence: `online` takes new chats, `away` keeps their chats but takes no new one,
 * `offline` has no live console (logged out, stopped polling, went offline or disabled).
 */
export type Presence = 'online' | 'away' | 'offline';

/** A colleague as the poll shows them: who, and their presence. */
export interface TeamMember {
  id: string;
  nick: string;
  status: Presence;
}

/** A chat's record, for the agent: its messages, the visitor's rating and whether it ended. */
export interface ChatRecord {
  sessionId: string;
  closed: boolean;
  messages: AgentMessage[];
  rating: Rating | null;
}

/** Another agent of this agent's channels, for a transfer: `free` when they have a free slot. */
export interface Colleague {
  id: string;
  nick: string;
  /** Online or away: a console of theirs is alive and they did not go offline. */
  online: boolean;
  /** Online, not away, with a free slot: routing would give them a chat, and a transfer succeeds. */
  free: boolean;
  /** Their presence as routing sees it. */
  status?: Presence;
  /** The channels they share with this agent. */
  channels?: string[];
}

/** A group of one of this agent's channels, for a transfer: its members online and free, this agent aside. */
export interface TransferGroup {
  channelId: string;
  groupId: string;
  groupName: string;
  online: number;
  free: number;
}

/** An earlier chat of a visitor, as the visitor panel lists it. */
export interface EarlierChat {
  sessionId: string;
  channelId: string;
  startedAt: number;
  endedAt: number | null;
  /** The agent who had it last; null when no agent took it. */
  agentNick: string | null;
  /** The visitor's first text, cut to 200 characters; null when they sent only files. */
  firstMessage: string | null;
  messageCount: number;
  rating: { star: number } | null;
}

/** Who a chat's visitor is (null: not told); earlier chats of the agent's channels, newest first. */
export interface VisitorProfile {
  name: string | null;
  email: string | null;
  phone: string | null;
  verified: boolean;
  verifiedPid: string | null;
  pageUrl: string | null;
  referrer: string | null;
  language: string | null;
  timeZone: string | null;
  earlierChats: EarlierChat[];
}

/** An earlier chat, read-only. */
export interface EarlierTranscript {
  sessionId: string;
  channelId: string;
  startedAt: number;
  endedAt: number | null;
  agentNick: string | null;
  messages: AgentMessage[];
  rating: Rating | null;
}

/** A canned reply: the agent's own, or the team's (`team`), on one channel or on every one (null). */
export interface CannedReply {
  id: string;
  channelId: string | null;
  team: boolean;
  title: string;
  text: string;
  createdAt: number;
  updatedAt: number;
}

/** A message a visitor left while nobody could answer. */
export interface LeftMessage {
  id: string;
  channelId: string;
  name: string;
  phone: string;
  email: string;
  content: string;
  time: number;
}

/** Whom a chat is handed to: a colleague, or a group (its member with most free slots). */
export type TransferTarget = { agentId: string } | { groupId: string };

/** The path parameters of the chat routes. */
export interface ChatParams {
  sessionId: string;
}

/**
 * Every agent call: its path parameters, query, body and the `data` of its success. A call's name
 * is its key in `agentRoutes` (method and path) and `agentAnswerSchemas`.
 */
export interface AgentCalls
  extends InboxCalls,
    AdminCalls,
    ReportCalls,
    EmailCalls,
    WebhookCalls,
    TokenCalls {
  login: {
    body: { username: string; password: string };
    answer: { token: string; agent: Agent; expiresAt: number };
  };
  logout: { answer: null };
  me: { answer: Agent };
  /** Who is logged in on this browser, if anyone: answered 200 either way (no 401 before login). */
  session: { answer: { agent: Agent | null } };
  status: { body: { online?: boolean; away?: boolean }; answer: Agent };
  /** `watch`: the conversation on screen, whose robot answer the events show as it grows. */
  poll: { query: { cursor?: string; wait?: string; seen?: string; watch?: string }; answer: AgentPollAnswer };
  leftMessages: { answer: LeftMessage[] };
  join: {
    params: ChatParams;
    /** `beyondCapacity`: take the chat even though the agent is at capacity (the console asks first). */
    body: { beyondCapacity?: boolean };
    answer: { sessionId: string };
  };
  transfer: {
    params: ChatParams;
    body: { agentId?: string; groupId?: string; note?: string };
    answer: { to: { id: string; nick: string } };
  };
  colleagues: { answer: Colleague[] };
  groups: { answer: TransferGroup[] };
  messages: { params: ChatParams; answer: ChatRecord };
  cannedReplies: { query: { channelId?: string }; answer: CannedReply[] };
  addCannedReply: {
    body: { channelId?: string | null; team?: boolean; title: string; text: string };
    answer: CannedReply;
  };
  updateCannedReply: {
    params: { replyId: string };
    body: { title: string; text: string };
    answer: CannedReply;
  };
  deleteCannedReply: { params: { replyId: string }; answer: null };
  visitor: { params: ChatParams; answer: VisitorProfile };
  earlierChat: { params: ChatParams & { earlierId: string }; answer: EarlierTranscript };
  typing: { params: ChatParams; answer: null };
  send: { params: ChatParams; body: { msgContent: string; clientMsgId?: string }; answer: AgentMessage };
  sendFile: { params: ChatParams; answer: AgentMessage };
  deleteMessage: { params: ChatParams & { messageId: string }; answer: null };
  ratingRequest: { params: ChatParams; answer: null };
  close: { params: ChatParams; answer: null };
  refuse: { params: ChatParams; answer: null };
}

export type AgentCallName = keyof AgentCalls;

/** What a call's parts are, absent ones as `undefined`-free empty records. */
export type AgentBody<N extends AgentCallName> = AgentCalls[N] extends { body: infer B } ? B : undefined;
export type AgentQuery<N extends AgentCallName> = AgentCalls[N] extends { query: infer Q } ? Q : undefined;
export type AgentParams<N extends AgentCallName> = AgentCalls[N] extends { params: infer P }
  ? P
  : Record<never, never>;
export type AgentAnswer<N extends AgentCallName> = AgentCalls[N]['answer'];
