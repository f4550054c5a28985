import fastifyRateLimit from '@fastify/rate-limit';
import { agentRoutes } from '@parley/chat-protocol';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { ApiError } from '../errors.js';
import { KnownVisitors } from '../knownVisitors.js';
import { DEFAULT_LOCKOUT, type LockoutRules, LoginLockout } from '../loginLockout.js';

export interface RateLimits {
  /** Requests per IP address per window, on every route. */
  perIp: number;
  /**
   * Visitor calls per visitor id per window (a visitor polling every 2 s makes 30 a minute). Calls
   * with an id this server has not answered yet share one such budget per IP address.
   */
  perVisitor: number;
  /** chatStart calls per IP address per window: each may create a visitor. */
  chatStart: number;
  /** Agent login attempts per IP address per window. */
  login: number;
  windowMs: number;
  /** Wrong passwords per username before it is locked, from any address (loginLockout.ts). */
  loginLockout: LockoutRules;
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  perIp: 3000,
  perVisitor: 300,
  chatStart: 60,
  login: 20,
  windowMs: 60_000,
  loginLockout: DEFAULT_LOCKOUT,
};

/** The budgets routes check on top of the per-IP one every request meets. */
export interface Limiters {
  /** A preHandler: the budget of the body's visitor id (an id not answered yet: its address's). */
  perVisitor: preHandlerAsyncHookHandler;
  /** A preHandler: chatStart's budget per address. */
  chatStart: preHandlerAsyncHookHandler;
  /** A preHandler: agent logins per address, and the username's lockout. */
  login: preHandlerAsyncHookHandler;
  /** The per-visitor budget for a visitor known only once a multipart field is read. */
  limitVisitor: (request: FastifyRequest, userId: string) => Promise<void>;
  /** Told each visitor id a call was answered for, so the limits know it from a made-up one. */
  answered: (userId: string) => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    limiters: Limiters;
  }
}

/**
 * Rate limits (`@fastify/rate-limit`, in memory per instance): per IP on every route, and the
 * limiters routes add on top (`app.limiters`), each refusing with 429 in the envelope.
 */
export const rateLimits = fastifyPlugin(
  async (app: FastifyInstance, { clock, ...limits }: RateLimits & { clock: () => number }) => {
    await app.register(fastifyRateLimit, {
      global: true,
      max: limits.perIp,
      timeWindow: limits.windowMs,
      errorResponseBuilder: (_request: FastifyRequest, context: { after: string }) => ({
        statusCode: 429,
        code: 429,
        data: null,
        message: `too many requests: try again in ${context.after}`,
        type: 'rate_limited',
      }),
    });
    // The plugin runs one limiter per request (the per-IP one); these are checked on top of it.
    // Limiters created once (the plugin keeps their counts); each call names the key it counts.
    const keys = new WeakMap<FastifyRequest, string>();
    const limiter = (max: number) => {
      const check = app.createRateLimit({
        max,
        timeWindow: limits.windowMs,
        keyGenerator: (request) => keys.get(request) ?? request.ip,
      });
      return async (request: FastifyRequest, key: string) => {
        keys.set(request, key);
        const result = await check(request);
        if (!result.isAllowed && result.isExceeded) {
          throw new ApiError(429, `too many requests: try again in ${result.ttlInSeconds} s`);
        }
      };
    };
    const knownVisitors = new KnownVisitors();
    const perVisitorCheck = limiter(limits.perVisitor);
    const limitVisitor = (request: FastifyRequest, userId: string) =>
      perVisitorCheck(request, knownVisitors.has(userId) ? `visitor:${userId}` : `visitor-ip:${request.ip}`);
    const chatStartCheck = limiter(limits.chatStart);
    const loginCheck = limiter(limits.login);
    const lockout = new LoginLockout(limits.loginLockout, clock);
    const usernameOf = (request: FastifyRequest) => {
      const username = (request.body as { username?: unknown } | undefined)?.username;
      return typeof username === 'string' ? username : undefined;
    };
    // A login answered 200 had the right password: its username's attempts are forgotten.
    app.addHook('onResponse', async (request, reply) => {
      if (reply.statusCode !== 200 || request.routeOptions.url !== agentRoutes.login.path) return;
      const username = usernameOf(request);
      if (username !== undefined) lockout.succeeded(username);
    });
    app.decorate('limiters', {
      perVisitor: async (request: FastifyRequest) => {
        const userId = (request.body as { userId?: unknown } | undefined)?.userId;
        if (typeof userId === 'string') await limitVisitor(request, userId);
      },
      chatStart: (request: FastifyRequest) => chatStartCheck(request, `chat-start:${request.ip}`),
      login: async (request, reply) => {
        await loginCheck(request, `login:${request.ip}`);
        const username = usernameOf(request);
        const lockedMs = username === undefined ? 0 : lockout.attempt(username);
        if (lockedMs > 0) {
          const minutes = Math.ceil(lockedMs / 60_000);
          reply.header('retry-after', String(Math.ceil(lockedMs / 1000)));
          throw new ApiError(
            429,
            `too many wrong passwords for this username: try again in ${minutes} minute${minutes === 1 ? '' : 's'}`,
          );
        }
      },
      limitVisitor,
      answered: (userId: string) => knownVisitors.add(userId),
    } satisfies Limiters);
  },
  { name: 'parley-rate-limits' },
);
