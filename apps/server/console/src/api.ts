/** The agent API (see apps/server/README.md), authenticated by the httpOnly cookie set at login. */

import type {
  Agent,
  AgentChat,
  AgentMessage,
  AgentPollAnswer,
  CannedReply,
  ChatRecord,
  Colleague,
  DeskEvent,
  EarlierTranscript,
  Envelope,
  LeftMessage,
  TransferGroup,
  TransferTarget,
  VisitorProfile,
} from '@parley/chat-protocol';
import { ErrorCode } from '@parley/chat-protocol';

// The shapes are the contract's (docs/contract.md, "The agent API"); the console's names for them:
export type {
  Agent,
  Colleague,
  EarlierChat,
  EarlierTranscript,
  LeftMessage,
  QueueEntry,
  Rating,
  TransferGroup,
  TransferTarget,
  VisitorProfile,
} from '@parley/chat-protocol';
export type WireMessage = AgentMessage;
export type Chat = AgentChat;
export type PollAnswer = AgentPollAnswer;
export type ConsoleEvent = DeskEvent;
export type StoredCannedReply = CannedReply;

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
  const answer = (await response.json().catch(() => null)) as Envelope<T> | null;
  if (answer?.code !== ErrorCode.ok) {
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
  messages: (sessionId: string) => request<ChatRecord>('GET', `${chat(sessionId)}/messages`),
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
