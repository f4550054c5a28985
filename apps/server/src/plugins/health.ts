import { timingSafeEqual } from 'node:crypto';
import { operationsRoutes } from '@parley/chat-protocol';
import type { FastifyInstance } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { pendingMigrations } from '../db/db.js';
import { ApiError, notFound } from '../errors.js';
import { Metrics } from '../metrics.js';
import { operationsSchema } from '../routes/operations.js';

/**
 * Liveness (`/healthz`: the process answers), readiness (`/readyz`: the database answers, every
 * migration is applied and the server is not draining or shutting down, so a load balancer stops
 * sending it new requests) and Prometheus metrics (`/metrics`, only with a token: they tell the load and the queue
 * to whoever reads them). Needs `storage` first.
 */
export const health = fastifyPlugin(
  async (app: FastifyInstance, options: { metricsToken?: string }) => {
    const unlimited = { rateLimit: false };
    app.get(
      operationsRoutes.health.path,
      { schema: operationsSchema('health'), config: unlimited },
      async () => ({ status: 'ok' as const }),
    );
    let shuttingDown = false;
    app.addHook('preClose', async () => {
      shuttingDown = true;
    });
    // A stop's drain: not ready any more, still answering every call, for `ms`.
    app.decorate('drain', async (ms: number) => {
      shuttingDown = true;
      if (ms > 0) await new Promise((resolve) => setTimeout(resolve, ms));
    });
    app.get(
      operationsRoutes.readiness.path,
      { schema: operationsSchema('readiness'), config: unlimited },
      async (_request, reply) => {
        if (shuttingDown) return reply.code(503).send({ status: 'shutting down' });
        try {
          const pending = await pendingMigrations(app.db);
          if (pending.length > 0) return reply.code(503).send({ status: 'migrations pending', pending });
        } catch (error) {
          return reply.code(503).send({ status: 'database unreachable', reason: (error as Error).message });
        }
        return { status: 'ready' };
      },
    );

    const metrics = new Metrics(app.db, app.pollCache);
    metrics.observe(app);
    app.decorate('metrics', metrics);
    // Always routed (the document has it), found only when a token is set.
    const expected = options.metricsToken && Buffer.from(`Bearer ${options.metricsToken}`);
    app.get(
      operationsRoutes.metrics.path,
      { schema: operationsSchema('metrics'), config: unlimited },
      async (request, reply) => {
        if (!expected) throw notFound('metrics are off: set METRICS_TOKEN to read them');
        const given = Buffer.from(request.headers.authorization ?? '');
        if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
          throw new ApiError(401, 'metrics need the bearer token (METRICS_TOKEN)');
        }
        return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
      },
    );
  },
  { name: 'parley-health', dependencies: ['parley-storage'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
    /** `/readyz` answers 503 from now on while the server goes on answering; resolves after `ms`. */
    drain(ms: number): Promise<void>;
  }
}
