import {
  ErrorCode,
  envelope,
  type IntegrationPart,
  type IntegrationRoute,
  integrationRoutes,
} from '@parley/chat-protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ConversationStore } from '../conversation/store.js';
import { ApiError, forbidden, ok, unauthorized } from '../errors.js';
import * as calls from '../integration/calls.js';
import { type IntegrationToken, tokenFor } from '../integration/tokens.js';

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
      handler: async (request) => {
        const header = request.headers.authorization ?? '';
        const bearer = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
        const token = bearer ? await tokenFor(app.db, bearer, conversations.clock()) : undefined;
        if (!token) throw unauthorized('an integration token is needed: Authorization: Bearer pt_...');
        tokens.set(request, token);
        const allowed = await budget(request);
        if (!allowed.isAllowed && allowed.isExceeded)
          throw new ApiError(
            ErrorCode.tooManyRequests,
            `too many calls with this token: try again in ${allowed.ttlInSeconds} s`,
          );
        if (!token.scopes.includes(route.scope)) throw forbidden(`this token lacks the ${route.scope} scope`);
        // Fastify has validated each part against the route's schema, whose type Parts<R> is.
        return ok(await work(token, request as unknown as Parts<R>));
      },
    });
  };

  register(integrationRoutes.conversations, (token, request) =>
    calls.conversations(conversations, token, request.query),
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
