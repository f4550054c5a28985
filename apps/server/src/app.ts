import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';

export interface ServerOptions {
  /** The built visitor app (apps/visitor/dist), served under /chat/. Absent: /chat/ answers 503. */
  visitorDist?: string;
  /** Pino logger options, or false for none (tests). */
  logger?: boolean | { level: string };
}

/** Hashed build assets never change under the same name; the HTML must always be revalidated. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/**
 * Builds the reference server without listening, so tests drive it with `inject`.
 *
 * @example
 * const app = await buildServer({ visitorDist: 'apps/visitor/dist' });
 * await app.listen({ port: 3000 });
 */
export async function buildServer(options: ServerOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({ logger: options.logger ?? false });

  app.get('/healthz', async () => ({ status: 'ok' }));

  const dist = options.visitorDist;
  if (dist && existsSync(join(dist, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: dist,
      prefix: '/chat/',
      index: false,
      wildcard: false,
      setHeaders(res, path) {
        res.header('Cache-Control', path.includes('/assets/') ? IMMUTABLE : REVALIDATE);
      },
    });
    // Browser-style history: every page route of the app is answered with its HTML shell.
    app.get('/chat/*', (_request, reply) => {
      reply.header('Cache-Control', REVALIDATE).sendFile('index.html', dist);
    });
    app.get('/chat', (_request, reply) => {
      reply.redirect('/chat/');
    });
  } else {
    app.get('/chat/*', (_request, reply) => {
      reply.code(503).send({ code: 503, data: null, message: 'the visitor app is not built' });
    });
  }

  return app;
}
