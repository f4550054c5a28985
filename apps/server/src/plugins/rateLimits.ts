import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { ApiError } from '../errors.js';
import { KnownVisitors } from '../knownVisitors.js';

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
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  perIp: 3000,
  perVisitor: 300,
  chatStart: 60,
  login: 20,
  windowMs: 60_000,
};

/** The budgets routes check on top of the per-IP one every request meets. */
export interface Limiters {
  /** A preHandler: the budget of the body's visitor id (an id not answered yet: its address's). */
  perVisitor: preHandlerAsyncHookHandler;
  /** A preHandler: chatStart's budget per address. */
  chatStart: preHandlerAsyncHookHandler;
  /** A preHandler: agent logins per address. */
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
  async (app: FastifyInstance, limits: RateLimits) => {
    await app.register(fastifyRateLimit, {
      global: true,
      max: limits.perIp,
      timeWindow: limits.windowMs,
      errorResponseBuilder: (_request: FastifyRequest, context: { after: string }) => ({
        statusCode: 429,
        code: 429,
        data: null,
        message: `too many requests: try again in ${context.after}`,
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
    app.decorate('limiters', {
      perVisitor: async (request: FastifyRequest) => {
        const userId = (request.body as { userId?: unknown } | undefined)?.userId;
        if (typeof userId === 'string') await limitVisitor(request, userId);
      },
      chatStart: (request: FastifyRequest) => chatStartCheck(request, `chat-start:${request.ip}`),
      login: (request: FastifyRequest) => loginCheck(request, `login:${request.ip}`),
      limitVisitor,
      answered: (userId: string) => knownVisitors.add(userId),
    } satisfies Limiters);
  },
  { name: 'parley-rate-limits' },
);
