import { type Infer, list, object, oneOf, type Same } from '../build.js';
import type { Schema } from '../schema.js';
import { addAgentSchema, agentFieldsSchema, channelSettingsSchema, resetPasswordSchema } from './admin.js';
import { EMAIL_REPLY_MAX, leftReplyRequestSchema } from './email.js';
import {
  CONVERSATION_STATUSES,
  INBOX_VIEWS,
  LABEL_MAX,
  LABELS_PER_CONVERSATION,
  NOTE_MAX,
  PRIORITIES,
} from './inbox.js';
import { REPORTS_PATH, reportQuerySchema } from './reports.js';
import { agentAnswerSchemas } from './schemas.js';
import { integrationTokenInputSchema } from './tokens.js';
import type { AgentAnswer, AgentBody, AgentCallName, AgentParams, AgentQuery } from './types.js';
import {
  WEBHOOKS_ADMIN_PATH,
  webhookEditSchema,
  webhookEndpointInputSchema,
  webhookRotationSchema,
} from './webhooks.js';

// Where each agent call lives (method and path) and what it takes: the server registers its routes
// from this table, a client builds its requests from it, and docs/contract.md lists it.

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface AgentRoute<N extends AgentCallName> {
  method: HttpMethod;
  /** Fastify's notation: `:name` is a path parameter. */
  path: string;
  /** The JSON body's schema; absent when the call takes none. */
  body?: Schema<AgentBody<N>>;
  /** The query string's schema (values are strings). */
  query?: Schema<AgentQuery<N>>;
  /** The path parameters' schema, from the path. */
  params?: Schema<AgentParams<N>>;
  /** The body is multipart/form-data (a `file` part), not JSON. */
  multipart?: true;
  answer: Schema<AgentAnswer<N>>;
}

const id = { type: 'string', minLength: 1, maxLength: 128 } as const;
const text = (maxLength: number, minLength = 0): Schema<string> => ({
  type: 'string',
  maxLength,
  ...(minLength > 0 && { minLength }),
});
const digits = (most: number): Schema<string> => ({ type: 'string', pattern: `^\\d{1,${most}}$` });
/** A path parameter that is a stored row's number (a left message, a delivery). */
const serial = digits(15);

/** The longest canned reply title and text, in characters (code points). */
export const CANNED_TITLE_MAX = 80;
export const CANNED_TEXT_MAX = 2000;
const cannedFields = { title: text(CANNED_TITLE_MAX, 1), text: text(CANNED_TEXT_MAX, 1) };

/** The `:name`s of a path, as a union of names. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParams<Rest>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** A path whose `:name`s are exactly the parameters call `N` names (a compile error otherwise). */
type PathOf<N extends AgentCallName, P extends string> = [PathParams<P>] extends [keyof AgentParams<N>]
  ? [Exclude<keyof AgentParams<N>, PathParams<P>>] extends [never]
    ? P
    : { 'parameters the path lacks': Exclude<keyof AgentParams<N>, PathParams<P>> }
  : { 'parameters the call does not name': Exclude<PathParams<P>, keyof AgentParams<N>> };

/** A body or query schema that describes exactly the type `T` the call names (a compile error otherwise). */
type Exactly<S, T> =
  Same<Infer<S>, T> extends true ? S : { 'the schema describes': Infer<S>; 'the type says': T };

const route = <
  N extends AgentCallName,
  const P extends string,
  B extends Schema = Schema<AgentBody<N>>,
  Q extends Schema = Schema<AgentQuery<N>>,
>(
  name: N,
  method: HttpMethod,
  path: P & PathOf<N, P>,
  parts: {
    body?: B & Exactly<B, AgentBody<N>>;
    query?: Q & Exactly<Q, AgentQuery<N>>;
    multipart?: true;
    /** A path parameter's own schema; the others are ids (1 to 128 characters). */
    params?: Partial<Record<PathParams<P>, Schema<string>>>;
  } = {},
): AgentRoute<N> => {
  const names = [...path.matchAll(/:(\w+)/g)].map((match) => match[1] as string);
  const { params: own = {}, ...rest } = parts;
  const ofName = own as Record<string, Schema<string> | undefined>;
  return {
    method,
    path,
    ...(rest as Pick<AgentRoute<N>, 'body' | 'query' | 'multipart'>),
    // The path's `:name`s, each an id unless named: `AgentParams` names the same ones (`PathOf` checks it).
    ...(names.length && {
      params: object(Object.fromEntries(names.map((one) => [one, ofName[one] ?? id])), names) as Schema<
        AgentParams<N>
      >,
    }),
    answer: agentAnswerSchemas[name],
  };
};

const CHAT = '/api/agent/chats/:sessionId';
const ADMIN = '/api/agent/admin';
/** One webhook endpoint (`WEBHOOKS_ADMIN_PATH`'s calls list, add, remove, enable and the log). */
const WEBHOOK = `${WEBHOOKS_ADMIN_PATH}/:endpointId` as const;

/**
 * Every agent call: method, path, body, query and answer schemas.
 *
 * @example
 * const { method, path } = agentRoutes.join; // 'POST', '/api/agent/chats/:sessionId/join'
 */
export const agentRoutes: { [N in AgentCallName]: AgentRoute<N> } = {
  login: route('login', 'POST', '/api/agent/login', {
    body: object({ username: text(100, 1), password: text(200, 1) }, ['username', 'password']),
  }),
  logout: route('logout', 'POST', '/api/agent/logout'),
  me: route('me', 'GET', '/api/agent/me'),
  session: route('session', 'GET', '/api/agent/session'),
  status: route('status', 'POST', '/api/agent/status', {
    body: object({ online: { type: 'boolean' }, away: { type: 'boolean' } }),
  }),
  poll: route('poll', 'GET', '/api/agent/poll', {
    query: object({
      cursor: digits(15),
      /** Hold the answer up to this many ms until the agent's view changes. */
      wait: digits(5),
      /** The `view` of the last answer the client applied. */
      seen: { type: 'string', pattern: '^[\\w-]{1,64}$' },
      /** The conversation on screen: its robot answer comes as it grows (robotDelta, robotAnswer). */
      watch: id,
    }),
  }),
  leftMessages: route('leftMessages', 'GET', '/api/agent/leave-messages'),
  join: route('join', 'POST', `${CHAT}/join`, { body: object({ beyondCapacity: { type: 'boolean' } }) }),
  transfer: route('transfer', 'POST', `${CHAT}/transfer`, {
    body: object({ agentId: text(128, 1), groupId: text(128, 1), note: text(500) }),
  }),
  colleagues: route('colleagues', 'GET', '/api/agent/colleagues'),
  groups: route('groups', 'GET', '/api/agent/groups'),
  messages: route('messages', 'GET', `${CHAT}/messages`),
  cannedReplies: route('cannedReplies', 'GET', '/api/agent/canned', {
    query: object({ channelId: text(128, 1) }),
  }),
  addCannedReply: route('addCannedReply', 'POST', '/api/agent/canned', {
    body: object(
      {
        channelId: { type: ['string', 'null'], minLength: 1, maxLength: 128 },
        team: { type: 'boolean' },
        ...cannedFields,
      },
      ['title', 'text'],
    ),
  }),
  updateCannedReply: route('updateCannedReply', 'PUT', '/api/agent/canned/:replyId', {
    body: object(cannedFields, ['title', 'text']),
  }),
  deleteCannedReply: route('deleteCannedReply', 'DELETE', '/api/agent/canned/:replyId'),
  visitor: route('visitor', 'GET', `${CHAT}/visitor`),
  earlierChat: route('earlierChat', 'GET', `${CHAT}/earlier-chats/:earlierId/messages`),
  typing: route('typing', 'POST', `${CHAT}/typing`),
  send: route('send', 'POST', `${CHAT}/messages`, {
    body: object({ msgContent: text(10_000, 1), clientMsgId: text(128) }, ['msgContent']),
  }),
  sendFile: route('sendFile', 'POST', `${CHAT}/files`, { multipart: true }),
  deleteMessage: route('deleteMessage', 'DELETE', `${CHAT}/messages/:messageId`),
  ratingRequest: route('ratingRequest', 'POST', `${CHAT}/rating-request`),
  close: route('close', 'POST', `${CHAT}/close`),
  refuse: route('refuse', 'POST', `${CHAT}/refuse`),
  inbox: route('inbox', 'GET', '/api/agent/conversations', {
    query: object({
      view: oneOf(INBOX_VIEWS),
      status: oneOf([...CONVERSATION_STATUSES, 'active'] as const),
      label: text(LABEL_MAX, 1),
      channelId: text(128, 1),
      groupId: text(128, 1),
      sort: oneOf(['activity', 'waiting'] as const),
      before: { type: 'string', pattern: '^\\d{1,15}:[\\w-]{1,128}$' },
    }),
  }),
  conversation: route('conversation', 'GET', '/api/agent/conversations/:sessionId'),
  search: route('search', 'GET', '/api/agent/search', {
    query: object(
      {
        q: text(200, 1),
        status: oneOf(CONVERSATION_STATUSES),
        channelId: text(128, 1),
        agentId: text(128, 1),
        label: text(LABEL_MAX, 1),
        from: digits(15),
        to: digits(15),
        rating: { type: 'string', pattern: '^[1-9]$' },
      },
      ['q'],
    ),
  }),
  labels: route('labels', 'GET', '/api/agent/labels'),
  setStatus: route('setStatus', 'POST', `${CHAT}/status`, {
    body: object(
      {
        status: oneOf(CONVERSATION_STATUSES),
        snoozedUntil: { type: 'integer', minimum: 0, maximum: 2 ** 53 - 1 },
      },
      ['status'],
    ),
  }),
  setPriority: route('setPriority', 'POST', `${CHAT}/priority`, {
    body: object({ priority: oneOf(PRIORITIES) }, ['priority']),
  }),
  setLabels: route('setLabels', 'PUT', `${CHAT}/labels`, {
    body: object({ labels: list(text(LABEL_MAX, 1), { maxItems: LABELS_PER_CONVERSATION }) }, ['labels']),
  }),
  addNote: route('addNote', 'POST', `${CHAT}/notes`, { body: object({ body: text(NOTE_MAX, 1) }, ['body']) }),
  emailReply: route('emailReply', 'POST', `${CHAT}/email-reply`, {
    body: object({ text: text(EMAIL_REPLY_MAX, 1) }, ['text']),
  }),
  seen: route('seen', 'POST', `${CHAT}/seen`),
  mentions: route('mentions', 'GET', '/api/agent/mentions'),
  today: route('today', 'GET', '/api/agent/today', { query: object({ since: digits(15) }, ['since']) }),
  adminAgents: route('adminAgents', 'GET', `${ADMIN}/agents`),
  addAgent: route('addAgent', 'POST', `${ADMIN}/agents`, { body: addAgentSchema }),
  updateAgent: route('updateAgent', 'PUT', `${ADMIN}/agents/:agentId`, { body: agentFieldsSchema }),
  disableAgent: route('disableAgent', 'POST', `${ADMIN}/agents/:agentId/disable`),
  enableAgent: route('enableAgent', 'POST', `${ADMIN}/agents/:agentId/enable`),
  resetPassword: route('resetPassword', 'POST', `${ADMIN}/agents/:agentId/password`, {
    body: resetPasswordSchema,
  }),
  adminChannels: route('adminChannels', 'GET', `${ADMIN}/channels`),
  updateChannel: route('updateChannel', 'PUT', `${ADMIN}/channels/:channelId`, {
    body: channelSettingsSchema,
  }),
  report: route('report', 'GET', REPORTS_PATH, { query: reportQuerySchema }),
  replyToLeftMessage: route('replyToLeftMessage', 'POST', '/api/agent/leave-messages/:leftMessageId/reply', {
    body: leftReplyRequestSchema,
    params: { leftMessageId: serial },
  }),
  adminChanges: route('adminChanges', 'GET', `${ADMIN}/changes`, { query: object({ before: digits(15) }) }),
  webhooks: route('webhooks', 'GET', WEBHOOKS_ADMIN_PATH),
  addWebhook: route('addWebhook', 'POST', WEBHOOKS_ADMIN_PATH, { body: webhookEndpointInputSchema }),
  removeWebhook: route('removeWebhook', 'DELETE', WEBHOOK),
  enableWebhook: route('enableWebhook', 'POST', `${WEBHOOK}/enable`),
  webhookDeliveries: route('webhookDeliveries', 'GET', `${WEBHOOK}/deliveries`),
  replayWebhookDelivery: route(
    'replayWebhookDelivery',
    'POST',
    `${WEBHOOKS_ADMIN_PATH}/deliveries/:deliveryId/replay`,
    { params: { deliveryId: serial } },
  ),
  updateWebhook: route('updateWebhook', 'PUT', `${WEBHOOK}`, { body: webhookEditSchema }),
  pauseWebhook: route('pauseWebhook', 'POST', `${WEBHOOK}/pause`),
  resumeWebhook: route('resumeWebhook', 'POST', `${WEBHOOK}/resume`),
  rotateWebhookSecret: route('rotateWebhookSecret', 'POST', `${WEBHOOK}/secret`, {
    body: webhookRotationSchema,
  }),
  testWebhook: route('testWebhook', 'POST', `${WEBHOOK}/test`),
  webhookChanges: route('webhookChanges', 'GET', `${WEBHOOK}/changes`),
  integrationTokens: route('integrationTokens', 'GET', `${ADMIN}/tokens`),
  addIntegrationToken: route('addIntegrationToken', 'POST', `${ADMIN}/tokens`, {
    body: integrationTokenInputSchema,
  }),
  revokeIntegrationToken: route('revokeIntegrationToken', 'DELETE', `${ADMIN}/tokens/:tokenId`),
};

/**
 * A call's path with its parameters filled in (each URI-encoded), and its query, if any, appended.
 *
 * @example
 * agentPath('messages', { sessionId: 's 1' }) // '/api/agent/chats/s%201/messages'
 */
export function agentPath<N extends AgentCallName>(
  name: N,
  params: AgentParams<N>,
  query?: AgentQuery<N>,
): string {
  const values = params as Record<string, string>;
  const path = agentRoutes[name].path.replace(/:(\w+)/g, (_, key: string) =>
    encodeURIComponent(values[key] ?? ''),
  );
  // Encoded by hand: the package assumes no DOM library (URLSearchParams is the runtime's).
  const rest = Object.entries(query ?? {})
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`)
    .join('&');
  return rest ? `${path}?${rest}` : path;
}
