/** The agent API (docs/contract.md, "The agent API"), authenticated by the httpOnly cookie set at login. */

import { type AgentTransport, createAgentApi, createFetchTransport } from '@parley/agent-core';
import type { AgentChat, AgentPollAnswer, CannedReply, DeskEvent } from '@parley/chat-protocol';

// The shapes are the contract's; the console's names for them:
export type { DeskMessage as WireMessage } from '@parley/agent-core';
export type {
  Agent,
  Colleague,
  EarlierChat,
  EarlierTranscript,
  QueueEntry,
  Rating,
  TransferGroup,
  TransferTarget,
  VisitorProfile,
} from '@parley/chat-protocol';
export type Chat = AgentChat;
export type PollAnswer = AgentPollAnswer;
export type ConsoleEvent = DeskEvent;
export type StoredCannedReply = CannedReply;

/** A call that failed: its `code` is the contract's `ErrorCode` when the server refused. */
export { ApiError } from '@parley/agent-core';

let current: AgentTransport = createFetchTransport();

/**
 * The only way the console reaches the server: the engine's transport over `fetch`, answers
 * checked by the contract. Component tests and stories answer it with agent-core's fake server
 * ({@link answerWith}).
 */
export const transport: AgentTransport = {
  request: (method, path, body, signal) => current.request(method, path, body, signal),
};

/**
 * Sends the console's calls to `next` instead of the server until called again; gives back the
 * transport it replaced.
 *
 * @example
 * const server = createFakeAgentServer({ loggedIn: false });
 * answerWith(server.transport);
 */
export function answerWith(next: AgentTransport): AgentTransport {
  const replaced = current;
  current = next;
  return replaced;
}
/**
 * Any agent call by its name in the contract's table, answered with its checked data or an
 * ApiError: the desk's, the administration's, the reports and the webhooks.
 *
 * @example
 * const report = await call('report', { query: { from: '2026-01-01', to: '2026-01-31' } });
 */
export const call = createAgentApi(transport);

/** The calls the desk engine does not hold: login, the visitor panel, canned replies, left messages. */
export const api = {
  me: () => call('me', {}),
  /** Who is logged in on this browser, if anyone (never a 401). */
  session: () => call('session', {}),
  login: (username: string, password: string) => call('login', { body: { username, password } }),
  visitor: (sessionId: string) => call('visitor', { params: { sessionId } }),
  earlierChat: (sessionId: string, earlierId: string) =>
    call('earlierChat', { params: { sessionId, earlierId } }),
  cannedReplies: (channelId: string) => call('cannedReplies', { query: { channelId } }),
  addCannedReply: (channelId: string, title: string, text: string) =>
    call('addCannedReply', { body: { channelId, title, text } }),
  updateCannedReply: (id: string, title: string, text: string) =>
    call('updateCannedReply', { params: { replyId: id }, body: { title, text } }),
  deleteCannedReply: (id: string) => call('deleteCannedReply', { params: { replyId: id } }),
  colleagues: () => call('colleagues', {}),
  groups: () => call('groups', {}),
};
