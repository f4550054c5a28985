import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { errorTypeOf } from '@parley/chat-protocol';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { ApiError } from '../errors.js';

/** The values a field may take, when a value outside them was refused: " (a, b, c)", else "". */
function allowedValues(error: { validation?: unknown }): string {
  const failures = Array.isArray(error.validation)
    ? (error.validation as { params?: { allowedValues?: unknown } }[])
    : [];
  const allowed = failures.find((failure) => Array.isArray(failure.params?.allowedValues))?.params
    ?.allowedValues;
  return Array.isArray(allowed) ? ` (${allowed.join(', ')})` : '';
}

/**
 * Every refusal in the envelope `{ code, data: null, message, type }` with the HTTP status equal
 * to the code: the server's own refusals (ApiError), schema failures (400 naming the field, and
 * the values it may take), a body over the limit (413), Fastify's other client errors as they are, and anything unexpected as a 500
 * whose details go to the log only. An unknown route is a 404 in the same envelope.
 */
export const errorEnvelope = fastifyPlugin(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: Error & { validation?: unknown; statusCode?: number }, request, reply) => {
      if (error instanceof ApiError) {
        return reply.code(error.code).send(refusal(error.code, error.message, error.type));
      }
      if (error.validation) {
        return reply.code(400).send(refusal(400, `invalid request: ${error.message}${allowedValues(error)}`));
      }
      const status = error.statusCode ?? 500;
      if (status === 413) {
        return reply.code(413).send(refusal(413, 'the request body is too large'));
      }
      if (status >= 400 && status < 500) {
        return reply.code(status).send(refusal(status, error.message));
      }
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send(refusal(500, 'internal server error'));
    });
    app.setNotFoundHandler((request, reply) => {
      reply
        .code(404)
        .send(refusal(404, `no such route: ${request.method} ${request.url.split('?')[0]?.slice(0, 200)}`));
    });
  },
  { name: 'parley-error-envelope' },
);

/** The envelope of a refusal: its code, its message for people and its type for programs. */
export const refusal = (code: number, message: string, type: string = errorTypeOf(code)) => ({
  code,
  data: null,
  message,
  type,
});
/** The envelope of a refusal, as text. */
const envelope = (code: number, message: string) => JSON.stringify(refusal(code, message));

/**
 * Fastify's `frameworkErrors`: what the router refuses before any hook runs (a malformed
 * percent-encoding in the path, a path parameter over its length), in the envelope.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const code = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : (error.statusCode ?? 400);
  const message =
    error.code === 'FST_ERR_BAD_URL'
      ? 'the path is not a valid URL (a malformed percent-encoding)'
      : error.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? 'a part of the path is longer than 100 characters'
        : error.message;
  reply.code(code).type('application/json; charset=utf-8').send(envelope(code, message));
}

/**
 * Fastify's `clientErrorHandler`: what Node's HTTP parser refuses (a head over 16 KB, a byte a
 * request line may not hold, a request that did not arrive in time), answered in the envelope on
 * the raw socket, which is then closed, as Node does.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [code, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'the request did not arrive in time']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'the request head is larger than 16 KB']
        : [400, 'the request is not valid HTTP'];
  const body = envelope(code, message);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${code} ${STATUS_CODES[code]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
