import type { FastifyInstance } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { DEFAULT_WEBHOOK_OPTIONS, WebhookDispatcher, type WebhookOptions } from '../webhooks/dispatcher.js';

declare module 'fastify' {
  interface FastifyInstance {
    webhooks: WebhookDispatcher;
  }
}

/**
 * The webhook dispatcher: every instance sends the outbox's due deliveries (the database hands
 * each to one of them), from the moment the server is ready until it closes.
 */
export const webhooks = fastifyPlugin(
  async (app: FastifyInstance, options: Partial<WebhookOptions> & { clock: () => number }) => {
    const { clock, ...settings } = options;
    const dispatcher = new WebhookDispatcher(
      app.db,
      { ...DEFAULT_WEBHOOK_OPTIONS, ...settings },
      app.log,
      clock,
      (outcome) => {
        if (outcome === 'retry') app.metrics.webhookRetries.inc();
        else app.metrics.webhookDeliveries.inc({ result: outcome === 'attempt' ? 'failed' : outcome });
        if (outcome === 'attempt' || outcome === 'given_up')
          app.metrics.outsideFailures.inc({ service: 'webhook', kind: outcome });
      },
    );
    app.decorate('webhooks', dispatcher);
    app.addHook('onReady', async () => dispatcher.start());
    app.addHook('preClose', async () => dispatcher.stop());
  },
  { name: 'parley-webhooks', dependencies: ['parley-storage', 'parley-health'] },
);
