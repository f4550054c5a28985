import {
  ErrorCode,
  envelope,
  type Schema,
  WEBHOOKS_ADMIN_PATH,
  type WebhookEndpointInput,
  webhookAdminAnswers,
  webhookEndpointInputSchema,
} from '@parley/chat-protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, badRequest, forbidden, notFound, ok } from '../errors.js';
import { WebhookUrlError } from '../webhooks/address.js';
import {
  addEndpoint,
  deliveries,
  enableEndpoint,
  listEndpoints,
  removeEndpoint,
  replay,
} from '../webhooks/endpoints.js';
import { type AgentAuth, requireAgent } from './agent.js';

const answer = (data: Schema) => ({ [ErrorCode.ok]: envelope(data) });
const id = { type: 'string', minLength: 1, maxLength: 128 } as const;

/**
 * The administrators' webhook calls (what `npm run admin -- webhook` does, for the console): the
 * endpoints without their secrets, add (the secret answered once), remove, enable, the delivery log
 * and replay. The agent API's same-origin and JSON rules apply (`/api/agent/...`).
 */
export function registerWebhookAdminRoutes(app: FastifyInstance, auth: AgentAuth): void {
  const administrator = async (request: FastifyRequest) => {
    const agent = await requireAgent(auth, request);
    if (agent.role !== 'admin') throw forbidden('only administrators manage webhooks');
    return agent;
  };
  const refused = (error: unknown) => {
    if (error instanceof WebhookUrlError) throw badRequest(error.message);
    throw error;
  };

  app.get(
    WEBHOOKS_ADMIN_PATH,
    { schema: { response: answer(webhookAdminAnswers.list) } },
    async (request) => {
      await administrator(request);
      return ok(await listEndpoints(app.db));
    },
  );

  app.post<{ Body: WebhookEndpointInput }>(
    WEBHOOKS_ADMIN_PATH,
    {
      schema: {
        body: webhookEndpointInputSchema,
        response: answer(webhookAdminAnswers.add),
      },
    },
    async (request) => {
      await administrator(request);
      return ok(await addEndpoint(app.db, request.body, app.conversations.clock()).catch(refused));
    },
  );

  const endpointParams = { type: 'object', properties: { endpointId: id }, required: ['endpointId'] };
  app.delete<{ Params: { endpointId: string } }>(
    `${WEBHOOKS_ADMIN_PATH}/:endpointId`,
    { schema: { params: endpointParams } },
    async (request) => {
      await administrator(request);
      if (!(await removeEndpoint(app.db, request.params.endpointId))) throw notFound('no such webhook');
      return ok(null);
    },
  );

  app.post<{ Params: { endpointId: string } }>(
    `${WEBHOOKS_ADMIN_PATH}/:endpointId/enable`,
    { schema: { params: endpointParams } },
    async (request) => {
      await administrator(request);
      if (!(await enableEndpoint(app.db, request.params.endpointId))) throw notFound('no such webhook');
      return ok(null);
    },
  );

  app.get<{ Params: { endpointId: string } }>(
    `${WEBHOOKS_ADMIN_PATH}/:endpointId/deliveries`,
    { schema: { params: endpointParams, response: answer(webhookAdminAnswers.deliveries) } },
    async (request) => {
      await administrator(request);
      return ok(await deliveries(app.db, request.params.endpointId, 100));
    },
  );

  app.post<{ Params: { deliveryId: string } }>(
    `${WEBHOOKS_ADMIN_PATH}/deliveries/:deliveryId/replay`,
    {
      schema: {
        params: {
          type: 'object',
          properties: { deliveryId: { type: 'string', pattern: '^\\d{1,15}$' } },
          required: ['deliveryId'],
        },
        response: answer(webhookAdminAnswers.replay),
      },
    },
    async (request) => {
      await administrator(request);
      const queued = await replay(
        app.db,
        { deliveryId: request.params.deliveryId },
        app.conversations.clock(),
      );
      if (queued === 0) throw new ApiError(ErrorCode.notFound, 'no such delivery');
      return ok({ queued });
    },
  );
}
