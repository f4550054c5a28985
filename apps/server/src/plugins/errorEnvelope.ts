import type { FastifyInstance } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { ApiError } from '../errors.js';

/**
 * Every refusal in the envelope `{ code, data: null, message }` with the HTTP status equal to the
 * code: the server's own refusals (ApiError), schema failures (400 naming the field), a body over
 * the limit (413), Fastify's other client errors as they are, and anything unexpected as a 500
 * whose details go to the log only. An unknown route is a 404 in the same envelope.
 */
export const errorEnvelope = fastifyPlugin(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: Error & { validation?: unknown; statusCode?: number }, request, reply) => {
      if (error instanceof ApiError) {
        return reply.code(error.code).send({ code: error.code, data: null, message: error.message });
      }
      if (error.validation) {
        return reply.code(400).send({ code: 400, data: null, message: `invalid request: ${error.message}` });
      }
      const status = error.statusCode ?? 500;
      if (status === 413) {
        return reply.code(413).send({ code: 413, data: null, message: 'the request body is too large' });
      }
      if (status >= 400 && status < 500) {
        return reply.code(status).send({ code: status, data: null, message: error.message });
      }
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send({ code: 500, data: null, message: 'internal server error' });
    });
    app.setNotFoundHandler((request, reply) => {
      reply.code(404).send({
        code: 404,
        data: null,
        message: `no such route: ${request.method} ${request.url.split('?')[0]?.slice(0, 200)}`,
      });
    });
  },
  { name: 'parley-error-envelope' },
);
