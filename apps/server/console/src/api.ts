/** The agent API (see apps/server/README.md), authenticated by the httpOnly cookie set at login. */

import type { WireMessage as ContractMessage } from '@parley/chat-protocol';

export interface Agent {
  id: string;
  username: string;
  nick: string;
  capacity: number;
  channels: string[];
  groups: string[];
  online: boolean;
}

/** A message as the agent API sends it: the server's wire message, plus whether the visitor read it. */
export type WireMessage = ContractMessage & { read?: boolean };

export interface QueueEntry {
  sessionId: string;
  channelId: string;
  groupId: string | null;
  waitIndex: number;
  since: number;
  visitorName: string;
  /** The host site vouched for this visitor (verified identity), for `verifiedPid`. */
  verified: boolean;
  verifiedPid: string | null;
}

export interface Chat {
  sessionId: string;
  channelId: string;
  groupId: string | null;
  since: number | null;
  visitorName: string;
  email: string;
  phone: string;
  /** The host site vouched for this visitor (verified identity), for `verifiedPid`. */
  verified: boolean;
  verifiedPid: string | null;
  visitorTyping: string | null;
  /** The colleague (nick) who handed this chat to this agent, and the note they left. */
  transferredFrom?: string;
  transferNote?: string;
}

/** Another agent of this agent's channels, for a transfer: `free` when they have a free slot. */
export interface Colleague {
  id: string;
  nick: string;
  online: boolean;
  free: boolean;
  /** The channels they share with this agent, when the server says. */
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

/** Whom a chat is handed to: a colleague, or a group (its member with most free slots). */
export type TransferTarget = { agentId: string } | { groupId: string };

export interface Rating {
  star: number;
  tags: string[];
  content?: string | null;
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

/**
 * Who a chat's visitor is: what the site or the visitor's form gave, and what their page told at
 * the start (null: not told). Earlier chats are those of the agent's channels, newest first.
 */
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
  messages: WireMessage[];
  rating: Rating | null;
}

/** A canned reply as the server keeps it, per agent and channel. */
export interface StoredCannedReply {
  id: string;
  channelId: string;
  title: string;
  text: string;
  createdAt: number;
  updatedAt: number;
}

export type ConsoleEvent =
  | { id: string; sessionId: string; time?: number; type: 'message'; message: WireMessage }
  | ({ id: string; sessionId: string; type: 'rating' } & Rating)
  | { id: string; sessionId: string; type: 'read'; msgIds: string[] }
  | { id: string; sessionId: string; type: 'visitorClosed' }
  | { id: string; sessionId: string; type: 'form'; fields: Record<string, string> };

export interface LeftMessage {
  id: string;
  channelId: string;
  name: string;
  phone: string;
  email: string;
  content: string;
  time: number;
}

export interface PollAnswer {
  agent: Agent;
  cursor: string;
  /** Set when the server held the poll: the console may ask again at once. */
  wait?: number;
  /** What the agent sees of the queue and chats, as a token: sent back with the next poll. */
  view?: string;
  queue: QueueEntry[];
  chats: Chat[];
  events: ConsoleEvent[];
}

export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

async function request<T>(method: string, path: string, body?: unknown): Promise<T> {
  const isForm = body instanceof FormData;
  const response = await fetch(path, {
    method,
    credentials: 'same-origin',
    // Never through the HTTP cache: besides stale answers, the browser would queue a poll behind
    // the same poll of another console tab (its cache lock), and that tab's live delivery with it.
    cache: 'no-store',
    headers: body === undefined || isForm ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
  });
  const answer = (await response.json().catch(() => null)) as {
    code: number;
    data: T;
    message: string;
  } | null;
  if (answer?.code !== 200) {
    throw new ApiError(answer?.code ?? response.status, answer?.message ?? response.statusText);
  }
  return answer.data;
}

const chat = (sessionId: string) => `/api/agent/chats/${encodeURIComponent(sessionId)}`;

export const api = {
  me: () => request<Agent>('GET', '/api/agent/me'),
  login: (username: string, password: string) =>
    request<{ agent: Agent }>('POST', '/api/agent/login', { username, password }),
  logout: () => request<null>('POST', '/api/agent/logout'),
  setOnline: (online: boolean) => request<Agent>('POST', '/api/agent/status', { online }),
  /** The console's poll; with `wait` (ms) the server holds it until something changes for this agent. */
  poll: (cursor?: string, wait?: number, seen?: string) => {
    const query = new URLSearchParams();
    if (cursor !== undefined) query.set('cursor', cursor);
    if (wait !== undefined) query.set('wait', String(wait));
    if (seen !== undefined) query.set('seen', seen);
    const search = query.toString();
    return request<PollAnswer>('GET', `/api/agent/poll${search ? `?${search}` : ''}`);
  },
  messages: (sessionId: string) =>
    request<{ messages: WireMessage[]; rating: Rating | null; closed: boolean }>(
      'GET',
      `${chat(sessionId)}/messages`,
    ),
  visitor: (sessionId: string) => request<VisitorProfile>('GET', `${chat(sessionId)}/visitor`),
  earlierChat: (sessionId: string, earlierId: string) =>
    request<EarlierTranscript>(
      'GET',
      `${chat(sessionId)}/earlier-chats/${encodeURIComponent(earlierId)}/messages`,
    ),
  cannedReplies: (channelId: string) =>
    request<StoredCannedReply[]>('GET', `/api/agent/canned?channelId=${encodeURIComponent(channelId)}`),
  addCannedReply: (channelId: string, title: string, text: string) =>
    request<StoredCannedReply>('POST', '/api/agent/canned', { channelId, title, text }),
  updateCannedReply: (id: string, title: string, text: string) =>
    request<StoredCannedReply>('PUT', `/api/agent/canned/${encodeURIComponent(id)}`, { title, text }),
  deleteCannedReply: (id: string) => request<null>('DELETE', `/api/agent/canned/${encodeURIComponent(id)}`),
  leftMessages: () => request<LeftMessage[]>('GET', '/api/agent/leave-messages'),
  /** Takes a queued chat; `beyondCapacity` when the agent knowingly goes past their capacity. */
  join: (sessionId: string, beyondCapacity = false) =>
    request<unknown>('POST', `${chat(sessionId)}/join`, beyondCapacity ? { beyondCapacity } : {}),
  refuse: (sessionId: string) => request<null>('POST', `${chat(sessionId)}/refuse`, {}),
  close: (sessionId: string) => request<null>('POST', `${chat(sessionId)}/close`, {}),
  askRating: (sessionId: string) => request<null>('POST', `${chat(sessionId)}/rating-request`, {}),
  typing: (sessionId: string) => request<null>('POST', `${chat(sessionId)}/typing`, {}),
  send: (sessionId: string, msgContent: string) =>
    request<WireMessage>('POST', `${chat(sessionId)}/messages`, { msgContent }),
  sendFile: (sessionId: string, file: File) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return request<WireMessage>('POST', `${chat(sessionId)}/files`, form);
  },
  colleagues: () => request<Colleague[]>('GET', '/api/agent/colleagues'),
  groups: () => request<TransferGroup[]>('GET', '/api/agent/groups'),
  transfer: (sessionId: string, target: TransferTarget, note?: string) =>
    request<{ to: { id: string; nick: string } }>('POST', `${chat(sessionId)}/transfer`, {
      ...target,
      ...(note ? { note } : {}),
    }),
  remove: (sessionId: string, messageId: string) =>
    request<null>('DELETE', `${chat(sessionId)}/messages/${encodeURIComponent(messageId)}`),
};
