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
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Agent, Conversations } from '../conversation/service.js';
import type { Db } from '../db/db.js';
import { ApiError, forbidden, ok, unauthorized } from '../errors.js';
import { randomId } from '../ids.js';
import { verifyPassword } from '../passwords.js';

export const AGENT_COOKIE = 'parley_agent';

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** Agent sessions: a random bearer token (also an httpOnly cookie), stored only as its hash. */
export class AgentAuth {
  constructor(
    private readonly db: Db,
    private readonly conversations: Conversations,
    private readonly ttlMs: number,
    private readonly clock: () => number = Date.now,
  ) {}

  async login(
    username: string,
    password: string,
  ): Promise<{ token: string; agent: Agent; expiresAt: number }> {
    const row = await this.conversations.agentByUsername(username);
    // Verify against a dummy hash when the name is unknown, so timing does not reveal agent names.
    const valid = await verifyPassword(password, row?.password_hash ?? DUMMY_HASH);
    if (!row || !valid) throw unauthorized('wrong username or password');
    const token = randomId() + randomId();
    const expiresAt = this.clock() + this.ttlMs;
    await this.db.query('delete from agent_sessions where expires_at < $1', [this.clock()]);
    await this.db.query('insert into agent_sessions (token_hash, agent_id, expires_at) values ($1, $2, $3)', [
      hashToken(token),
      row.id,
      expiresAt,
    ]);
    const agent = await this.conversations.agent(row.id);
    if (!agent) throw unauthorized('wrong username or password');
    return { token, agent, expiresAt };
  }

  async logout(token: string): Promise<void> {
    await this.db.query('delete from agent_sessions where token_hash = $1', [hashToken(token)]);
  }

  async agentFor(token: string | undefined): Promise<Agent | undefined> {
    if (!token) return undefined;
    const [session] = await this.db.query<{ agent_id: string; expires_at: number }>(
      'select agent_id, expires_at from agent_sessions where token_hash = $1',
      [hashToken(token)],
    );
    if (!session || session.expires_at <= this.clock()) return undefined;
    return this.conversations.agent(session.agent_id);
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

/** The agent API: what the console does, for tests and integrations too. */
export function registerAgentRoutes(
  app: FastifyInstance,
  conversations: Conversations,
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

  type Types<N extends AgentCallName> = {
    Body: AgentBody<N>;
    Querystring: AgentQuery<N>;
    Params: AgentParams<N>;
    Reply: Envelope<AgentAnswer<N>>;
  };
  type Request<N extends AgentCallName> = FastifyRequest<Types<N>>;

  /** Registers a call from the contract's table: its path, request schemas and answer schema. */
  const register = <N extends AgentCallName>(
    name: N,
    handler: (request: Request<N>, reply: FastifyReply<Types<N>>) => Promise<Envelope<AgentAnswer<N>>>,
    preHandler?: preHandlerAsyncHookHandler,
  ) => {
    const { method, path, body, query, params, answer } = agentRoutes[name];
    app.route<Types<N>>({
      method,
      url: path,
      ...(preHandler && { preHandler }),
      schema: {
        ...(body && { body }),
        ...(query && { querystring: query }),
        ...(params && { params }),
        response: { [ErrorCode.ok]: envelope(answer) },
      },
      handler,
    });
  };
  /** A call of a logged-in agent: `work` gets the agent and answers the call's data. */
  const agentCall = <N extends AgentCallName>(
    name: N,
    work: (agent: Agent, request: Request<N>) => Promise<AgentAnswer<N>>,
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
  agentCall('status', (agent, request) => conversations.setOnline(agent, request.body.online));

  // A closing server answers the consoles' held polls at once.
  const closing = new AbortController();
  setMaxListeners(0, closing.signal);
  app.addHook('preClose', async () => closing.abort());
  register('poll', async (request, reply) => {
    const agent = await requireAgent(auth, request);
    const { cursor, wait, seen } = request.query;
    // Held (wait): answered as soon as this agent's view changes; the console asks again at once.
    const gone = new AbortController();
    const abort = () => gone.abort();
    reply.raw.once('close', abort);
    closing.signal.addEventListener('abort', abort, { once: true });
    try {
      return ok(
        await conversations.holdAgentPoll(
          agent,
          cursor === undefined ? undefined : Number(cursor),
          wait === undefined ? 0 : Number(wait),
          gone.signal,
          seen,
        ),
      );
    } finally {
      reply.raw.off('close', abort);
      closing.signal.removeEventListener('abort', abort);
    }
  });

  agentCall('leftMessages', (agent) => conversations.leftMessages(agent));
  agentCall('join', (agent, request) =>
    conversations.join(agent, request.params.sessionId, {
      beyondCapacity: request.body.beyondCapacity === true,
    }),
  );
  agentCall('transfer', (agent, request) =>
    conversations.transferChat(agent, request.params.sessionId, request.body),
  );
  agentCall('colleagues', (agent) => conversations.colleagues(agent));
  agentCall('groups', (agent) => conversations.transferGroups(agent));
  agentCall('messages', (agent, request) => conversations.agentMessages(agent, request.params.sessionId));
  agentCall('cannedReplies', (agent, request) => conversations.cannedReplies(agent, request.query.channelId));
  agentCall('addCannedReply', (agent, request) => conversations.addCannedReply(agent, request.body));
  agentCall('updateCannedReply', (agent, request) =>
    conversations.updateCannedReply(agent, request.params.replyId, request.body),
  );
  agentCall('deleteCannedReply', (agent, request) =>
    conversations.deleteCannedReply(agent, request.params.replyId),
  );
  agentCall('visitor', (agent, request) => conversations.visitorProfile(agent, request.params.sessionId));
  agentCall('earlierChat', (agent, request) =>
    conversations.earlierChat(agent, request.params.sessionId, request.params.earlierId),
  );
  agentCall('typing', (agent, request) => conversations.agentTyping(agent, request.params.sessionId));
  agentCall('send', (agent, request) =>
    conversations.agentSend(agent, request.params.sessionId, {
      msgType: MsgType.text,
      msgContent: request.body.msgContent,
      clientMsgId: request.body.clientMsgId,
    }),
  );
  agentCall('deleteMessage', (agent, request) =>
    conversations.deleteMessage(agent, request.params.sessionId, request.params.messageId),
  );
  agentCall('ratingRequest', (agent, request) =>
    conversations.requestRating(agent, request.params.sessionId),
  );
  agentCall('close', (agent, request) => conversations.agentClose(agent, request.params.sessionId));
  agentCall('refuse', (agent, request) => conversations.refuse(agent, request.params.sessionId));
}
