import type { AgentAnswer, AgentCallName } from '@parley/chat-protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { webhookChanges } from '../admin/changes.js';
import { badRequest, forbidden, notFound, ok } from '../errors.js';
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
import { type AgentAuth, type CallRequest, registerCall, requireAgent } from './agent.js';

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

  // Every call from the contract's table (`agentRoutes`): path, schemas, answer. `undefined` from
  // `work`: no such endpoint (or delivery).
  const adminCall = <N extends AgentCallName>(
    name: N,
    work: (change: ChangeContext, request: CallRequest<N>) => Promise<AgentAnswer<N> | undefined>,
    missing = 'no such webhook',
  ) =>
    registerCall(app, name, async (request) => {
      const found = await work(changeBy(await administrator(request)), request).catch(refused);
      if (found === undefined) throw notFound(missing);
      return ok(found);
    });
  const after = (changed: EndpointChange | undefined) => changed?.after;
  /** A change whose answer is its success alone (null), or `undefined` when there was no endpoint. */
  const done = (changed: boolean) => (changed ? null : undefined);

  adminCall('webhooks', () => listEndpoints(app.db));
  adminCall('addWebhook', (change, request) => addEndpoint(app.db, request.body, change.now, change.by));
  adminCall('removeWebhook', async (change, request) =>
    done(await removeEndpoint(app.db, request.params.endpointId, change)),
  );
  adminCall('enableWebhook', async (change, request) => {
    const enabled = done(await enableEndpoint(app.db, request.params.endpointId, change));
    app.webhooks.nudge();
    return enabled;
  });
  adminCall('webhookDeliveries', (_change, request) => deliveries(app.db, request.params.endpointId, 100));
  adminCall(
    'replayWebhookDelivery',
    async (change, request) => {
      const queued = await replay(app.db, { deliveryId: request.params.deliveryId }, change.now);
      return queued === 0 ? undefined : { queued };
    },
    'no such delivery',
  );
  adminCall('updateWebhook', async (change, request) =>
    after(await updateEndpoint(app.db, request.params.endpointId, request.body, change)),
  );
  adminCall('pauseWebhook', async (change, request) =>
    after(await setPaused(app.db, request.params.endpointId, true, change)),
  );
  adminCall('resumeWebhook', async (change, request) => {
    const resumed = after(await setPaused(app.db, request.params.endpointId, false, change));
    app.webhooks.nudge();
    return resumed;
  });
  adminCall('rotateWebhookSecret', (change, request) =>
    rotateSecret(
      app.db,
      request.params.endpointId,
      request.body.keepPreviousForMs ?? DEFAULT_ROTATION_WINDOW_MS,
      change,
    ),
  );
  adminCall('testWebhook', async (change, request) => {
    const eventId = await pingEndpoint(app.db, request.params.endpointId, change);
    app.webhooks.nudge();
    return eventId === undefined ? undefined : { eventId };
  });
  adminCall('webhookChanges', async (_change, request) => {
    const [known] = await app.db.query('select 1 from webhook_endpoints where id = $1', [
      request.params.endpointId,
    ]);
    return known ? webhookChanges(app.db, request.params.endpointId) : undefined;
  });
}
