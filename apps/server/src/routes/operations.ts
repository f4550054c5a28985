import { type OperationsRoute, operationsRoutes } from '@parley/chat-protocol';
import type { FastifySchema } from 'fastify';

/**
 * The Fastify schema of a route outside the envelope, from the contract's `operationsRoutes`: its
 * query and parameters checked, its JSON answers by status, and its other media type documented.
 *
 * @example
 * app.get(operationsRoutes.health.path, { schema: operationsSchema('health') }, handler);
 */
export function operationsSchema(name: keyof typeof operationsRoutes): FastifySchema {
  const route: OperationsRoute = operationsRoutes[name];
  const text = route.contentType && {
    200: {
      description: route.description,
      content: { [route.contentType]: { schema: { type: 'string', format: 'binary' } } },
    },
  };
  return {
    operationId: name,
    description: route.description,
    ...(route.query && { querystring: route.query }),
    ...(route.params && { params: route.params }),
    ...((route.answers || text) && { response: { ...route.answers, ...text } }),
  };
}
