import {
  type AgentAnswer,
  type AgentBody,
  type AgentParams,
  agentRoutes,
  ErrorCode,
  envelope,
  type Schema,
  WEBHOOKS_ADMIN_PATH,
  type WebhookCalls,
  type WebhookEndpointInput,
  webhookAdminAnswers,
  webhookEndpointInputSchema,
} from '@parley/chat-protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { webhookChanges } from '../admin/changes.js';
import { ApiError, badRequest, forbidden, notFound, ok } from '../errors.js';
import { WebhookUrlError } from '../webhooks/address.js';
import {
  addEndpoint,
  type ChangeContext,
  DEFAULT_ROTATION_WINDOW_MS,
  deliveries,
  type EndpointChange,
  enableEndpoint,
  listEndpoints,
  pingEndpoint,
  removeEndpoint,
  replay,
  rotateSecret,
  setPaused,
  updateEndpoint,
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
  const changeBy = (agent: { id: string }): ChangeContext => ({
    by: agent.id,
    now: app.conversations.clock(),
  });

  // The calls of one endpoint, from the contract's table (`agentRoutes`): path, schemas, answer.
  type Call = keyof WebhookCalls;
  type Request<N extends Call> = FastifyRequest<{ Params: AgentParams<N>; Body: AgentBody<N> }>;
  const endpointCall = <N extends Call>(
    name: N,
    work: (change: ChangeContext, request: Request<N>) => Promise<AgentAnswer<N> | undefined>,
  ) => {
    const { method, path, body, params, answer } = agentRoutes[name];
    app.route<{ Params: AgentParams<N>; Body: AgentBody<N> }>({
      method,
      url: path,
      schema: {
        ...(body && { body }),
        ...(params && { params }),
        response: { [ErrorCode.ok]: envelope(answer) },
      },
      handler: async (request) => {
        const found = await work(changeBy(await administrator(request)), request).catch(refused);
        if (found === undefined) throw notFound('no such webhook');
        return ok(found);
      },
    });
  };
  const after = (changed: EndpointChange | undefined) => changed?.after;

  endpointCall('updateWebhook', async (change, request) =>
    after(await updateEndpoint(app.db, request.params.endpointId, request.body, change)),
  );
  endpointCall('pauseWebhook', async (change, request) =>
    after(await setPaused(app.db, request.params.endpointId, true, change)),
  );
  endpointCall('resumeWebhook', async (change, request) => {
    const resumed = after(await setPaused(app.db, request.params.endpointId, false, change));
    app.webhooks.nudge();
    return resumed;
  });
  endpointCall('rotateWebhookSecret', (change, request) =>
    rotateSecret(
      app.db,
      request.params.endpointId,
      request.body.keepPreviousForMs ?? DEFAULT_ROTATION_WINDOW_MS,
      change,
    ),
  );
  endpointCall('testWebhook', async (change, request) => {
    const eventId = await pingEndpoint(app.db, request.params.endpointId, change);
    app.webhooks.nudge();
    return eventId === undefined ? undefined : { eventId };
  });
  endpointCall('webhookChanges', async (_change, request) => {
    const [known] = await app.db.query('select 1 from webhook_endpoints where id = $1', [
      request.params.endpointId,
    ]);
    return known ? webhookChanges(app.db, request.params.endpointId) : undefined;
  });

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
      const agent = await administrator(request);
      return ok(await addEndpoint(app.db, request.body, app.conversations.clock(), agent.id).catch(refused));
    },
  );

  const endpointParams = { type: 'object', properties: { endpointId: id }, required: ['endpointId'] };
  app.delete<{ Params: { endpointId: string } }>(
    `${WEBHOOKS_ADMIN_PATH}/:endpointId`,
    { schema: { params: endpointParams } },
    async (request) => {
      const change = changeBy(await administrator(request));
      if (!(await removeEndpoint(app.db, request.params.endpointId, change)))
        throw notFound('no such webhook');
      return ok(null);
    },
  );

  app.post<{ Params: { endpointId: string } }>(
    `${WEBHOOKS_ADMIN_PATH}/:endpointId/enable`,
    { schema: { params: endpointParams } },
    async (request) => {
      const change = changeBy(await administrator(request));
      if (!(await enableEndpoint(app.db, request.params.endpointId, change)))
        throw notFound('no such webhook');
      app.webhooks.nudge();
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
