import fastifyHelmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyPlugin from 'fastify-plugin';

const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  mediaSrc: ["'self'", 'blob:'],
  connectSrc: ["'self'"],
  fontSrc: ["'self'", 'data:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/** Parley's Content-Security-Policy, with these sources allowed to frame the page. */
export const cspFor = (frameAncestors: string[]) =>
  Object.entries({ ...CSP_DIRECTIVES, frameAncestors })
    .map(([name, values]) => `${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} ${values.join(' ')}`)
    .join('; ');

/** The headers @fastify/helmet sets with Parley's policy, read once from a throwaway instance. */
async function helmetHeaders(): Promise<Record<string, string>> {
  const probe = Fastify();
  await probe.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    crossOriginEmbedderPolicy: false,
  });
  probe.get('/', async () => '');
  const response = await probe.inject('/');
  await probe.close();
  const ordinary = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.headers)) {
    if (!ordinary.has(name) && typeof value === 'string') headers[name] = value;
  }
  return headers;
}

/**
 * Security headers on every answer: a strict CSP that nobody may frame, HSTS, nosniff and the rest
 * of helmet's set. The visitor app (`/chat/...`, decided by the route matched, whatever the URL's
 * spelling) is embedded in customers' pages and loads `embed.js` from them: its assets may be
 * framed by the deployment's `frameAncestors` and fetched cross-origin; its HTML pages get their
 * own frame-ancestors per channel (staticApps).
 */
export const securityHeaders = fastifyPlugin(
  async (app: FastifyInstance, options: { frameAncestors: string[] }) => {
    // @fastify/helmet rebuilds its headers on every request (a tenth of an empty poll's time):
    // take the headers it decides once, then send them as they are.
    const headers = await helmetHeaders();
    const chatHeaders: Record<string, string> = {
      ...headers,
      'content-security-policy': cspFor(["'self'", ...options.frameAncestors]),
      'cross-origin-resource-policy': 'cross-origin',
    };
    delete chatHeaders['x-frame-options'];
    app.addHook('onRequest', (request, reply, done) => {
      const route = request.routeOptions.url ?? '';
      const chat = route === '/chat' || route.startsWith('/chat/');
      reply.headers(chat ? chatHeaders : headers);
      done();
    });
  },
  { name: 'parley-security-headers' },
);
