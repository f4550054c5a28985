import {
  ErrorCode,
  envelope,
  IDEMPOTENCY_KEY_HEADER,
  type IntegrationPart,
  type IntegrationRoute,
  integrationRoutes,
} from '@parley/chat-protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ConversationStore } from '../conversation/store.js';
import { ApiError, ok, unauthorized } from '../errors.js';
import * as calls from '../integration/calls.js';
import { once } from '../integration/idempotency.js';
import { type IntegrationToken, tokenFor } from '../integration/tokens.js';
import { buildReport } from '../reports/reports.js';

export interface IntegrationLimits {
  /** Calls per token per window; default 600. */
  perToken: number;
  windowMs: number;
}

/** What a handler reads of a request: the parts its route's schemas checked, typed by them. */
type Parts<R extends IntegrationRoute> = {
  params: IntegrationPart<R, 'params'>;
  query: IntegrationPart<R, 'query'>;
  body: IntegrationPart<R, 'body'>;
};

/**
 * The integration API (`/api/integration/v1`): tokens an administrator created, checked on every
 * call against the database (a revoked token is refused at once, on every instance), each call
 * needing its scope, and a budget of calls per token.
 */
export function registerIntegrationRoutes(
  app: FastifyInstance,
  conversations: ConversationStore,
  limits: IntegrationLimits,
): void {
  const tokens = new WeakMap<FastifyRequest, IntegrationToken>();
  const budget = app.createRateLimit({
    max: limits.perToken,
    timeWindow: limits.windowMs,
    keyGenerator: (request) => `token:${tokens.get(request)?.id ?? request.ip}`,
  });

  const register = <R extends IntegrationRoute>(
    route: R,
    work: (token: IntegrationToken, request: Parts<R>) => Promise<unknown>,
  ) => {
    // Named apart from the agent calls of the same name (`messages`): `integrationMessages`.
    const name = Object.keys(integrationRoutes).find(
      (one) => integrationRoutes[one as keyof typeof integrationRoutes] === route,
    );
    const operationId = name && `integration${name[0]?.toUpperCase()}${name.slice(1)}`;
    app.route({
      method: route.method,
      url: route.path,
      schema: {
        ...(operationId && { operationId }),
        ...(route.query && { querystring: route.query }),
        ...(route.params && { params: route.params }),
        ...(route.body && { body: route.body }),
        response: { [ErrorCode.ok]: envelope(route.answer) },
      },
      handler: async (request, reply) => {
        const header = request.headers.authorization ?? '';
        const bearer = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
        const token = bearer ? await tokenFor(app.db, bearer, conversations.clock()) : undefined;
        if (!token) throw unauthorized('an integration token is needed: Authorization: Bearer pt_...');
        tokens.set(request, token);
        // The headers say the token's budget (the one that refuses), not the address's. (Counted
        // always: `isAllowed` is only true for an allow-list, which the budget has none of.)
        const counted = await budget(request);
        if (!counted.isAllowed) {
          reply
            .header('x-ratelimit-limit', counted.max)
            .header('x-ratelimit-remaining', counted.remaining)
            .header('x-ratelimit-reset', counted.ttlInSeconds);
        }
        if (!counted.isAllowed && counted.isExceeded) {
          reply.header('retry-after', counted.ttlInSeconds);
          throw new ApiError(
            ErrorCode.tooManyRequests,
            `too many calls with this token: try again in ${counted.ttlInSeconds} s`,
          );
        }
        if (!token.scopes.includes(route.scope))
          throw new ApiError(
            ErrorCode.forbidden,
            `this token lacks the ${route.scope} scope`,
            'missing_scope',
          );
        // Fastify has validated each part against the route's schema, whose type Parts<R> is.
        const parts = request as unknown as Parts<R>;
        const key = request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
        if (route.method === 'GET' || typeof key !== 'string') return ok(await work(token, parts));
        const done = await once(
          app.db,
          {
            tokenId: token.id,
            key,
            request: [route.method, route.path, parts.params, parts.body],
            now: conversations.clock(),
          },
          () => work(token, parts),
        );
        if (done.replayed) reply.header('idempotent-replayed', 'true');
        return ok(done.answer);
      },
    });
  };

  register(integrationRoutes.conversations, (token, request) =>
    calls.conversations(conversations, token, request.query),
  );
  register(integrationRoutes.conversation, (token, request) =>
    calls.conversation(conversations, token, request.params.sessionId),
  );
  register(integrationRoutes.setStatus, (token, request) =>
    calls.setStatus(conversations, token, request.params.sessionId, request.body),
  );
  register(integrationRoutes.setLabels, (token, request) =>
    calls.setLabels(conversations, token, request.params.sessionId, request.body.labels),
  );
  register(integrationRoutes.addNote, (token, request) =>
    calls.addNote(conversations, token, request.params.sessionId, request.body.body),
  );
  register(integrationRoutes.assign, (token, request) =>
    calls.assign(conversations, token, request.params.sessionId, request.body),
  );
  register(integrationRoutes.report, (token, request) =>
    buildReport(app.db, request.query, token.channels ?? undefined),
  );
  register(integrationRoutes.messages, (token, request) =>
    calls.messages(conversations, token, request.params.sessionId),
  );
  register(integrationRoutes.postMessage, (token, request) =>
    calls.postMessage(conversations, token, request.params.sessionId, request.body),
  );
  register(integrationRoutes.updateContact, (token, request) =>
    calls.updateContact(conversations, token, request.params.contactId, request.body),
  );
}
