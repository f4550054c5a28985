import { createHash } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { CANNED_TEXT_MAX, CANNED_TITLE_MAX } from '../conversation/cannedReplies.js';
import type { Agent, Conversations } from '../conversation/service.js';
import type { Db } from '../db/db.js';
import { ApiError, badRequest, forbidden, ok } from '../errors.js';
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
    if (!row || !valid) throw new ApiError(401, 'wrong username or password');
    const token = randomId() + randomId();
    const expiresAt = this.clock() + this.ttlMs;
    await this.db.query('delete from agent_sessions where expires_at < $1', [this.clock()]);
    await this.db.query('insert into agent_sessions (token_hash, agent_id, expires_at) values ($1, $2, $3)', [
      hashToken(token),
      row.id,
      expiresAt,
    ]);
    const agent = await this.conversations.agent(row.id);
    return { token, agent: agent as Agent, expiresAt };
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
  if (!agent) throw new ApiError(401, 'log in first (POST /api/agent/login)');
  return agent;
}

type Params = { sessionId: string; messageId: string; earlierId: string; replyId: string };

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
      throw new ApiError(415, 'the agent API takes JSON bodies (or multipart for files)');
    }
  });

  const withAgent =
    <T>(
      work: (
        agent: Agent,
        request: FastifyRequest<{ Params: Params; Body: Record<string, unknown> }>,
      ) => Promise<T>,
    ) =>
    async (request: FastifyRequest<{ Params: Params; Body: Record<string, unknown> }>) =>
      ok(await work(await requireAgent(auth, request), request));

  app.post(
    '/api/agent/login',
    {
      preHandler: loginLimit,
      schema: {
        body: {
          type: 'object',
          required: ['username', 'password'],
          properties: {
            username: { type: 'string', minLength: 1, maxLength: 100 },
            password: { type: 'string', minLength: 1, maxLength: 200 },
          },
        },
      },
    },
    async (request, reply) => {
      const { username, password } = request.body as { username: string; password: string };
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
  );

  app.post('/api/agent/logout', async (request, reply) => {
    const token = tokenOf(request);
    if (token) await auth.logout(token);
    reply.clearCookie(AGENT_COOKIE, { path: '/' });
    return ok(null);
  });

  app.get(
    '/api/agent/me',
    withAgent(async (agent) => agent),
  );

  app.post(
    '/api/agent/status',
    {
      schema: { body: { type: 'object', required: ['online'], properties: { online: { type: 'boolean' } } } },
    },
    withAgent((agent, request) => conversations.setOnline(agent, request.body.online as boolean)),
  );

  // A closing server answers the consoles' held polls at once.
  const closing = new AbortController();
  setMaxListeners(0, closing.signal);
  app.addHook('preClose', async () => closing.abort());
  app.get('/api/agent/poll', async (request, reply) => {
    const agent = await requireAgent(auth, request);
    const { cursor, wait, seen } = request.query as { cursor?: string; wait?: string; seen?: string };
    if (cursor !== undefined && !/^\d{1,15}$/.test(cursor)) throw badRequest('cursor must be a number');
    if (wait !== undefined && !/^\d{1,5}$/.test(wait)) throw badRequest('wait must be a number of ms');
    if (seen !== undefined && !/^[\w-]{1,64}$/.test(seen))
      throw badRequest('seen must be a view from a poll answer');
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

  app.get(
    '/api/agent/leave-messages',
    withAgent((agent) => conversations.leftMessages(agent)),
  );

  app.post(
    '/api/agent/chats/:sessionId/join',
    withAgent((agent, request) =>
      conversations.join(agent, request.params.sessionId, {
        beyondCapacity: request.body?.beyondCapacity === true,
      }),
    ),
  );
  app.post(
    '/api/agent/chats/:sessionId/transfer',
    {
      schema: {
        body: {
          type: 'object',
          properties: {
            agentId: { type: 'string', minLength: 1, maxLength: 128 },
            groupId: { type: 'string', minLength: 1, maxLength: 128 },
            note: { type: 'string', maxLength: 500 },
          },
        },
      },
    },
    withAgent((agent, request) =>
      conversations.transferChat(agent, request.params.sessionId, {
        agentId: request.body.agentId as string | undefined,
        groupId: request.body.groupId as string | undefined,
        note: request.body.note as string | undefined,
      }),
    ),
  );
  app.get(
    '/api/agent/colleagues',
    withAgent((agent) => conversations.colleagues(agent)),
  );
  app.get(
    '/api/agent/groups',
    withAgent((agent) => conversations.transferGroups(agent)),
  );
  app.get(
    '/api/agent/chats/:sessionId/messages',
    withAgent((agent, request) => conversations.agentMessages(agent, request.params.sessionId)),
  );
  const cannedFields = {
    title: { type: 'string', minLength: 1, maxLength: CANNED_TITLE_MAX },
    text: { type: 'string', minLength: 1, maxLength: CANNED_TEXT_MAX },
  };
  app.get(
    '/api/agent/canned',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: { channelId: { type: 'string', minLength: 1, maxLength: 128 } },
        },
      },
    },
    withAgent((agent, request) =>
      conversations.cannedReplies(agent, (request.query as { channelId?: string }).channelId),
    ),
  );
  app.post(
    '/api/agent/canned',
    {
      schema: {
        body: {
          type: 'object',
          required: ['channelId', 'title', 'text'],
          properties: { channelId: { type: 'string', minLength: 1, maxLength: 128 }, ...cannedFields },
        },
      },
    },
    withAgent((agent, request) =>
      conversations.addCannedReply(agent, {
        channelId: request.body.channelId as string,
        title: request.body.title as string,
        text: request.body.text as string,
      }),
    ),
  );
  app.put(
    '/api/agent/canned/:replyId',
    { schema: { body: { type: 'object', required: ['title', 'text'], properties: cannedFields } } },
    withAgent((agent, request) =>
      conversations.updateCannedReply(agent, request.params.replyId, {
        title: request.body.title as string,
        text: request.body.text as string,
      }),
    ),
  );
  app.delete(
    '/api/agent/canned/:replyId',
    withAgent((agent, request) => conversations.deleteCannedReply(agent, request.params.replyId)),
  );
  app.get(
    '/api/agent/chats/:sessionId/visitor',
    withAgent((agent, request) => conversations.visitorProfile(agent, request.params.sessionId)),
  );
  app.get(
    '/api/agent/chats/:sessionId/earlier-chats/:earlierId/messages',
    withAgent((agent, request) =>
      conversations.earlierChat(agent, request.params.sessionId, request.params.earlierId),
    ),
  );
  app.post(
    '/api/agent/chats/:sessionId/typing',
    withAgent((agent, request) => conversations.agentTyping(agent, request.params.sessionId)),
  );
  app.post(
    '/api/agent/chats/:sessionId/messages',
    {
      schema: {
        body: {
          type: 'object',
          required: ['msgContent'],
          properties: {
            msgContent: { type: 'string', minLength: 1, maxLength: 10_000 },
            clientMsgId: { type: 'string', maxLength: 128 },
          },
        },
      },
    },
    withAgent((agent, request) =>
      conversations.agentSend(agent, request.params.sessionId, {
        msgType: 1,
        msgContent: request.body.msgContent as string,
        clientMsgId: request.body.clientMsgId as string | undefined,
      }),
    ),
  );
  app.delete(
    '/api/agent/chats/:sessionId/messages/:messageId',
    withAgent((agent, request) =>
      conversations.deleteMessage(agent, request.params.sessionId, request.params.messageId),
    ),
  );
  app.post(
    '/api/agent/chats/:sessionId/rating-request',
    withAgent((agent, request) => conversations.requestRating(agent, request.params.sessionId)),
  );
  app.post(
    '/api/agent/chats/:sessionId/close',
    withAgent((agent, request) => conversations.agentClose(agent, request.params.sessionId)),
  );
  app.post(
    '/api/agent/chats/:sessionId/refuse',
    withAgent((agent, request) => conversations.refuse(agent, request.params.sessionId)),
  );
}
