import type { Server } from 'node:http';
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { ApiError } from '../errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route reads a large body (an upload): it counts against `uploadsAtOnce`. */
    largeBody?: boolean;
  }
}

/** How many connections, and how many large bodies, one address may hold at once. */
export interface ConnectionLimits {
  /** Open connections per client address; 0: no cap (behind a proxy every client shares its address). */
  perAddress: number;
  /** Upload bodies being read at once per client address (uploads, base64 uploads, agent files). */
  uploadsPerAddress: number;
  /** Upload bodies being read at once in all. */
  uploadsAtOnce: number;
}

export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  perAddress: 256,
  uploadsPerAddress: 4,
  uploadsAtOnce: 64,
};

/**
 * Caps the connections one address holds open: past the cap a new connection is closed at once,
 * before a byte of it is read, so a few clients trickling bodies cannot take every descriptor.
 * The request timeout (Fastify's `requestTimeout`) ends each trickle; this bounds how many.
 */
export function capConnectionsPerAddress(server: Server, perAddress: number): void {
  if (perAddress <= 0) return;
  const open = new Map<string, number>();
  server.on('connection', (socket) => {
    const address = socket.remoteAddress ?? '';
    const count = (open.get(address) ?? 0) + 1;
    if (count > perAddress) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}

/**
 * Routes marked `config.largeBody` (uploads) read their bodies a few at a time per address and
 * overall: past either count the call is answered 429 before its body is read, so ten 28 MB bodies
 * from one address cannot all be in memory at once.
 */
export const largeBodies = fastifyPlugin(
  async (app: FastifyInstance, limits: Pick<ConnectionLimits, 'uploadsPerAddress' | 'uploadsAtOnce'>) => {
    const perAddress = new Map<string, number>();
    let inAll = 0;
    const countLargeBody: onRequestAsyncHookHandler = async (request, reply) => {
      const address = request.ip;
      const mine = perAddress.get(address) ?? 0;
      if (mine >= limits.uploadsPerAddress || inAll >= limits.uploadsAtOnce) {
        reply.header('retry-after', '5').header('connection', 'close');
        throw new ApiError(
          429,
          mine >= limits.uploadsPerAddress
            ? `too many uploads at once from this address (at most ${limits.uploadsPerAddress}): try again when one has finished`
            : 'the server is taking too many uploads at once: try again in a few seconds',
        );
      }
      perAddress.set(address, mine + 1);
      inAll += 1;
      reply.raw.once('close', () => {
        inAll -= 1;
        const left = (perAddress.get(address) ?? 1) - 1;
        if (left > 0) perAddress.set(address, left);
        else perAddress.delete(address);
      });
    };
    // On the upload routes only: every other request pays nothing for it.
    app.addHook('onRoute', (route) => {
      if (route.config?.largeBody) route.onRequest = withHook(route.onRequest, countLargeBody);
    });
  },
  { name: 'parley-large-bodies' },
);

/** A route's hooks of one kind (absent, one or a list) with `hook` added last. */
export const withHook = <H>(hooks: H | H[] | undefined, hook: H): H[] => [
  ...(hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks]),
  hook,
];
