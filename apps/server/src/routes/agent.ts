import { createHash } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import {
  type AgentAnswer,
  type AgentBody,
  type AgentCallName,
  type AgentParams,
  type AgentQuery,
  agentRoutes,
  type Envelope,
  ErrorCode,
  envelope,
  MsgType,
} from '@parley/chat-protocol';
import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preHandlerAsyncHookHandler,
} from 'fastify';
import * as adminAgents from '../admin/agents.js';
import { adminChanges } from '../admin/changes.js';
import { listChannels, updateChannel } from '../admin/channels.js';
import { agentDay } from '../conversation/agentDay.js';
import * as agentDesk from '../conversation/agentDesk.js';
import * as cannedReplies from '../conversation/cannedReplies.js';
import type { Agent } from '../conversation/domain.js';
import * as inbox from '../conversation/inbox.js';
import * as inboxChanges from '../conversation/inboxChanges.js';
import { mentions } from '../conversation/mentions.js';
import * as presence from '../conversation/presence.js';
import { search } from '../conversation/search.js';
import type { ConversationStore } from '../conversation/store.js';
import * as visitorProfile from '../conversation/visitorProfile.js';

import type { Db } from '../db/db.js';
import { ApiError, badRequest, forbidden, notFound, ok, unauthorized } from '../errors.js';
import { randomId } from '../ids.js';
import { createToken, listTokens, revokeToken, TokenError } from '../integration/tokens.js';
import { mailNotSetUp, queueEmailReply } from '../mail/queue.js';
import { verifyPassword } from '../passwords.js';

export const AGENT_COOKIE = 'parley_agent';

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** Agent sessions: a random bearer token (also an httpOnly cookie), stored only as its hash. */
export class AgentAuth {
  constructor(
    private readonly db: Db,
    private readonly conversations: ConversationStore,
    private readonly ttlMs: number,
    private readonly clock: () => number = Date.now,
  ) {}

  async login(
    username: string,
    password: string,
  ): Promise<{ token: string; agent: Agent; expiresAt: number }> {
    const row = await agentDesk.agentByUsername(this.conversations, username);
    // Verify against a dummy hash when the name is unknown, so timing does not reveal agent names.
    const valid = await verifyPassword(password, row?.password_hash ?? DUMMY_HASH);
    if (!row || !valid) throw unauthorized('wrong username or password');
    const token = randomId() + randomId();
    const expiresAt = this.clock() + this.ttlMs;
    await this.db.query('delete from agent_sessions where expires_at < $1', [this.clock()]);
    await this.db.query(
      'insert into agent_sessions (token_hash, agent_id, expires_at, last_seen_at) values ($1, $2, $3, $4)',
      [hashToken(token), row.id, expiresAt, this.clock()],
    );
    // A live console session: the agent is present (online, unless they chose otherwise).
    await presence.markPresent(this.conversations, row.id, 'login');
    const agent = await agentDesk.agent(this.conversations, row.id);
    if (!agent) throw unauthorized('wrong username or password');
    return { token, agent, expiresAt };
  }

  /** Ends this console session: with no other live one, the agent is offline at once. */
  async logout(token: string): Promise<void> {
    const [ended] = await this.db.query<{ agent_id: string }>(
      'delete from agent_sessions where token_hash = $1 returning agent_id',
      [hashToken(token)],
    );
    if (ended) await presence.loggedOut(this.conversations, ended.agent_id);
  }

  async agentFor(token: string | undefined): Promise<Agent | undefined> {
    if (!token) return undefined;
    const [session] = await this.db.query<{ agent_id: string; expires_at: number }>(
      'select agent_id, expires_at from agent_sessions where token_hash = $1',
      [hashToken(token)],
    );
    if (!session || session.expires_at <= this.clock()) return undefined;
    // Every call of a console proves it alive; one whose presence had timed out is back.
    if (await presence.touchSession(this.conversations, hashToken(token)))
      await presence.markPresent(this.conversations, session.agent_id, 'returned');
    return agentDesk.agent(this.conversations, session.agent_id);
  }
}

// scrypt of a random password: only there to spend the same time as a real check.
const DUMMY_HASH = 'scrypt$AAAAAAAAAAAAAAAAAAAAAA$yQ9sW0tqV9yIpx2n3Eo5mBzM2Qk1gU2r4i0W2xgq1uE';

export function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim();
  return request.cookies?.[AGENT_COOKIE];
}

export async function requireAgent(auth: AgentAuth, request: FastifyRequest): Promise<Agent> {
  const agent = await auth.agentFor(tokenOf(request));
  if (!agent) throw unauthorized('log in first (POST /api/agent/login)');
  return agent;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether two origins are the same (default ports normalised, `null` never). */
function sameOrigin(origin: string, own: string): boolean {
  try {
    const given = new URL(origin);
    return given.origin !== 'null' && given.origin === new URL(own).origin;
  } catch {
    return false;
  }
}

/** What Fastify knows of an agent call's request and reply: the contract's types. */
export type CallTypes<N extends AgentCallName> = {
  Body: AgentBody<N>;
  Querystring: AgentQuery<N>;
  Params: AgentParams<N>;
  Reply: Envelope<AgentAnswer<N>>;
};
export type CallRequest<N extends AgentCallName> = FastifyRequest<CallTypes<N>>;
export type CallHandler<N extends AgentCallName> = (
  request: CallRequest<N>,
  reply: FastifyReply<CallTypes<N>>,
) => Promise<Envelope<AgentAnswer<N>>>;

/**
 * Registers an agent call from the contract's table (`agentRoutes`): its method, path, request
 * schemas and answer schema, named by the call in the OpenAPI document (`operationId`).
 *
 * @example
 * registerCall(app, 'webhooks', async (request) => ok(await listEndpoints(app.db)));
 */
export function registerCall<N extends AgentCallName>(
  app: FastifyInstance,
  name: N,
  handler: CallHandler<N>,
  options: { preHandler?: preHandlerAsyncHookHandler; config?: FastifyContextConfig } = {},
): void {
  const { method, path, body, query, params, answer } = agentRoutes[name];
  app.route<CallTypes<N>>({
    method,
    url: path,
    ...options,
    schema: {
      operationId: name,
      ...(body && { body }),
      ...(query && { querystring: query }),
      ...(params && { params }),
      response: { [ErrorCode.ok]: envelope(answer) },
    },
    handler,
  });
}

/** The agent API: what the console does, for tests and integrations too. */
export function registerAgentRoutes(
  app: FastifyInstance,
  conversations: ConversationStore,
  auth: AgentAuth,
  loginLimit: preHandlerAsyncHookHandler,
): void {
  // Cross-site requests (issue: rating-request with Origin https://evil.example answered 200;
  // SameSite does not cover sibling subdomains). Every state-changing agent call must come from
  // this server's own origin when a browser says where it comes from, and a body must be JSON (or
  // multipart, for files): a page elsewhere cannot send either without being refused.
  app.addHook('onRequest', async (request) => {
    // The route the router matched, not the URL as spelled: `/api/%61gent/...` reaches the same
    // route and must meet the same check.
    const route = request.routeOptions.url ?? '';
    if (!route.startsWith('/api/agent/') || SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin !== undefined && !sameOrigin(origin, `${request.protocol}://${request.host}`)) {
      throw forbidden('cross-site request refused: the agent API takes calls from its own origin only');
    }
    const hasBody =
      Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'];
    const type = request.headers['content-type'] ?? '';
    if (hasBody && !/^(application\/json|multipart\/form-data)\b/i.test(type)) {
      throw new ApiError(
        ErrorCode.unsupportedMediaType,
        'the agent API takes JSON bodies (or multipart for files)',
      );
    }
  });

  const register = <N extends AgentCallName>(
    name: N,
    handler: CallHandler<N>,
    preHandler?: preHandlerAsyncHookHandler,
  ) => registerCall(app, name, handler, preHandler && { preHandler });
  /** A call of a logged-in agent: `work` gets the agent and answers the call's data. */
  const agentCall = <N extends AgentCallName>(
    name: N,
    work: (agent: Agent, request: CallRequest<N>) => Promise<AgentAnswer<N>>,
  ) => register(name, async (request) => ok(await work(await requireAgent(auth, request), request)));

  register(
    'login',
    async (request, reply) => {
      const { username, password } = request.body;
      const session = await auth.login(username, password);
      reply.setCookie(AGENT_COOKIE, session.token, {
        httpOnly: true,
        sameSite: 'strict',
        secure: request.protocol === 'https',
        path: '/',
        expires: new Date(session.expiresAt),
      });
      return ok(session);
    },
    loginLimit,
  );

  register('logout', async (request, reply) => {
    const token = tokenOf(request);
    if (token) await auth.logout(token);
    reply.clearCookie(AGENT_COOKIE, { path: '/' });
    return ok(null);
  });

  agentCall('me', async (agent) => agent);
  register('session', async (request) => ok({ agent: (await auth.agentFor(tokenOf(request))) ?? null }));
  agentCall('status', (agent, request) => agentDesk.setStatus(conversations, agent, request.body));

  // A closing server answers the consoles' held polls at once.
  const closing = new AbortController();
  setMaxListeners(0, closing.signal);
  app.addHook('preClose', async () => closing.abort());
  register('poll', async (request, reply) => {
    const agent = await requireAgent(auth, request);
    const { cursor, wait, seen, watch } = request.query;
    // Held (wait): answered as soon as this agent's view changes; the console asks again at once.
    const gone = new AbortController();
    const abort = () => gone.abort();
    reply.raw.once('close', abort);
    closing.signal.addEventListener('abort', abort, { once: true });
    try {
      return ok(
        await agentDesk.holdAgentPoll(
          conversations,
          agent,
          cursor === undefined ? undefined : Number(cursor),
          wait === undefined ? 0 : Number(wait),
          gone.signal,
          seen,
          watch,
        ),
      );
    } finally {
      reply.raw.off('close', abort);
      closing.signal.removeEventListener('abort', abort);
    }
  });

  agentCall('leftMessages', (agent) => agentDesk.leftMessages(conversations, agent));
  agentCall('join', (agent, request) =>
    agentDesk.join(conversations, agent, request.params.sessionId, {
      beyondCapacity: request.body.beyondCapacity === true,
    }),
  );
  agentCall('transfer', (agent, request) =>
    agentDesk.transferChat(conversations, agent, request.params.sessionId, request.body),
  );
  agentCall('colleagues', (agent) => agentDesk.colleagues(conversations, agent));
  agentCall('groups', (agent) => agentDesk.transferGroups(conversations, agent));
  agentCall('messages', (agent, request) =>
    agentDesk.agentMessages(conversations, agent, request.params.sessionId),
  );
  agentCall('cannedReplies', (agent, request) =>
    cannedReplies.cannedReplies(conversations, agent, request.query.channelId),
  );
  agentCall('addCannedReply', (agent, request) =>
    cannedReplies.addCannedReply(conversations, agent, request.body),
  );
  agentCall('updateCannedReply', (agent, request) =>
    cannedReplies.updateCannedReply(conversations, agent, request.params.replyId, request.body),
  );
  agentCall('deleteCannedReply', (agent, request) =>
    cannedReplies.deleteCannedReply(conversations, agent, request.params.replyId),
  );
  agentCall('visitor', (agent, request) =>
    visitorProfile.visitorProfile(conversations, agent, request.params.sessionId),
  );
  agentCall('earlierChat', (agent, request) =>
    visitorProfile.earlierChat(conversations, agent, request.params.sessionId, request.params.earlierId),
  );
  agentCall('typing', (agent, request) =>
    agentDesk.agentTyping(conversations, agent, request.params.sessionId),
  );
  agentCall('send', (agent, request) =>
    agentDesk.agentSend(conversations, agent, request.params.sessionId, {
      msgType: MsgType.text,
      msgContent: request.body.msgContent,
      clientMsgId: request.body.clientMsgId,
    }),
  );
  agentCall('deleteMessage', (agent, request) =>
    agentDesk.deleteMessage(conversations, agent, request.params.sessionId, request.params.messageId),
  );
  agentCall('ratingRequest', (agent, request) =>
    agentDesk.requestRating(conversations, agent, request.params.sessionId),
  );
  agentCall('close', (agent, request) =>
    agentDesk.agentClose(conversations, agent, request.params.sessionId),
  );
  agentCall('refuse', (agent, request) => agentDesk.refuse(conversations, agent, request.params.sessionId));

  // The inbox (conversation/inbox.ts, conversation/search.ts).
  agentCall('inbox', (agent, request) => inbox.inbox(conversations, agent, request.query));
  agentCall('conversation', (agent, request) =>
    inbox.conversation(conversations, agent, request.params.sessionId, { mail: app.mailer !== undefined }),
  );
  agentCall('search', (agent, request) => search(conversations, agent, request.query));
  agentCall('labels', (agent) => inboxChanges.labels(conversations, agent));
  agentCall('setStatus', (agent, request) =>
    inboxChanges.setStatus(conversations, agent, request.params.sessionId, request.body),
  );
  agentCall('setPriority', (agent, request) =>
    inboxChanges.setPriority(conversations, agent, request.params.sessionId, request.body.priority),
  );
  agentCall('setLabels', (agent, request) =>
    inboxChanges.setLabels(conversations, agent, request.params.sessionId, request.body.labels),
  );
  agentCall('addNote', (agent, request) =>
    inboxChanges.addNote(conversations, agent, request.params.sessionId, request.body.body),
  );
  agentCall('seen', (agent, request) => inboxChanges.seen(conversations, agent, request.params.sessionId));
  agentCall('mentions', (agent) => mentions(conversations, agent));
  agentCall('emailReply', async (agent, request) => {
    // The mailer is decorated by the mail plugin (routes/mail.ts), registered after these routes.
    if (!app.mailer) throw mailNotSetUp();
    return queueEmailReply(conversations, agent, request.params.sessionId, request.body.text);
  });
  agentCall('today', (agent, request) => agentDay(conversations, agent, Number(request.query.since)));

  // The administration (admin/agents.ts, admin/channels.ts, integration/tokens.ts): administrators
  // only, each change recorded with who made it.
  const adminCall = <N extends AgentCallName>(
    name: N,
    work: (change: adminAgents.ChangeContext, request: CallRequest<N>) => Promise<AgentAnswer<N>>,
  ) =>
    agentCall(name, (agent, request) => {
      if (agent.role !== 'admin') throw forbidden('only administrators manage agents, channels and tokens');
      return work({ by: agent.id, now: conversations.clock() }, request);
    });
  adminCall('adminAgents', () => adminAgents.listAgents(conversations.db));
  adminCall('addAgent', (change, request) => adminAgents.addAgent(conversations, request.body, change));
  adminCall('updateAgent', (change, request) =>
    adminAgents.updateAgent(conversations, request.params.agentId, request.body, change),
  );
  adminCall('disableAgent', (change, request) =>
    adminAgents.setAgentDisabled(conversations, request.params.agentId, true, change),
  );
  adminCall('enableAgent', (change, request) =>
    adminAgents.setAgentDisabled(conversations, request.params.agentId, false, change),
  );
  adminCall('resetPassword', (change, request) =>
    adminAgents.resetPassword(conversations, request.params.agentId, request.body.password, change),
  );
  adminCall('adminChannels', () => listChannels(conversations.db));
  adminCall('updateChannel', (change, request) =>
    updateChannel(conversations, request.params.channelId, request.body, change),
  );
  adminCall('adminChanges', (_change, request) => adminChanges(conversations.db, request.query.before));

  // Integration API tokens: the token itself is answered once, by addIntegrationToken.
  adminCall('integrationTokens', () => listTokens(conversations.db));
  adminCall('addIntegrationToken', async (change, request) => {
    try {
      const { token, record } = await createToken(conversations.db, request.body, change);
      return { token: record, secret: token };
    } catch (error) {
      if (error instanceof TokenError) throw badRequest(error.message);
      throw error;
    }
  });
  adminCall('revokeIntegrationToken', async (change, request) => {
    const token = await revokeToken(conversations.db, request.params.tokenId, change);
    if (!token) throw notFound('no such token');
    return token;
  });
}
