import { timingSafeEqual } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { ajvOptions, channelOfQuery, JSON_LIMITS } from '@parley/chat-protocol';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type preHandlerAsyncHookHandler,
} from 'fastify';
import { PollCache } from './conversation/events.js';
import { Conversations } from './conversation/service.js';
import { DAY_MS, expireReservations } from './conversation/uploads.js';
import { type Db, openDatabase, pendingMigrations } from './db/db.js';
import { ApiError } from './errors.js';
import { randomId } from './ids.js';
import { KnownVisitors } from './knownVisitors.js';
import { Metrics } from './metrics.js';
import {
  type ConnectionLimits,
  capConnectionsPerAddress,
  DEFAULT_CONNECTION_LIMITS,
  largeBodies,
} from './plugins/connections.js';
import { jsonBody } from './plugins/jsonBody.js';
import { AgentAuth, registerAgentRoutes } from './routes/agent.js';
import { registerFileRoutes, type UploadQuota } from './routes/files.js';
import { registerVisitorRoutes } from './routes/visitor.js';
import { applySeed, readSeed, type Seed } from './seed.js';
import { UploadStore } from './uploads.js';

export interface RateLimits {
  /** Requests per IP address per window, on every route. */
  perIp: number;
  /**
   * Visitor calls per visitor id per window (a visitor polling every 2 s makes 30 a minute). Calls
   * with an id this server has not answered yet share one such budget per IP address.
   */
  perVisitor: number;
  /** chatStart calls per IP address per window: each may create a visitor. */
  chatStart: number;
  /** Agent login attempts per IP address per window. */
  login: number;
  windowMs: number;
}

export interface ServerOptions {
  /** The built visitor app (apps/visitor/dist), served under /chat/. Absent: /chat/ answers 503. */
  visitorDist?: string;
  /** The built agent console, served under /agent/. Absent: /agent/ answers 503. */
  consoleDist?: string;
  /** Pino logger options, or false for none (tests). */
  logger?: boolean | { level: string };
  /** An open database (tests share one); otherwise one is opened from `databaseUrl` / `dataDir`. */
  db?: Db;
  /** PostgreSQL connection string; absent: the embedded database. */
  databaseUrl?: string;
  /** Where the embedded database and the uploads live; absent: database in memory, uploads in a temp dir. */
  dataDir?: string;
  /** Where uploaded files are stored; default `{dataDir}/uploads`. */
  uploadsDir?: string;
  /** The seed (channels, agents) or a path to its JSON file, applied at start. */
  seed?: Seed | string;
  /** Per-file upload limit in bytes; default 20 MiB. */
  uploadLimit?: number;
  /** Bytes of visitor uploads a day, per visitor and per channel; default 200 MiB and 5 GiB. */
  uploadQuota?: Partial<UploadQuota>;
  /** Uploads older than this many days are deleted (hourly); 0 keeps them; default 90. */
  uploadRetentionDays?: number;
  /** JSON body limit in bytes for the other calls; default the contract's `JSON_LIMITS.maxBytes` (128 KiB). */
  bodyLimit?: number;
  rateLimits?: Partial<RateLimits>;
  /** How long an agent stays logged in; default 12 hours. */
  agentSessionMs?: number;
  /**
   * Who may frame the visitor app besides its own origin and each channel's `sites` (CSP sources,
   * e.g. `https://shop.example`; `*` for any site). Default none: a site embeds the chat once a
   * channel lists it.
   */
  frameAncestors?: string[];
  /** Behind a load balancer: trust X-Forwarded-For for the client IP. */
  trustProxy?: boolean;
  /**
   * How long a client may take to send a whole request (headers and body), in ms; default 90 s
   * (the page gives up on an upload after 60 s). Held polls are not cut: their request is sent at once.
   */
  requestTimeoutMs?: number;
  /** Connections and upload bodies per client address (the connection cap is off behind a proxy). */
  connectionLimits?: Partial<ConnectionLimits>;
  /** The bearer token `/metrics` asks for; absent, `/metrics` does not exist. */
  metricsToken?: string;
  clock?: () => number;
}

/** Hashed build assets never change under the same name; the HTML must always be revalidated. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

export const DEFAULT_RATE_LIMITS: RateLimits = {
  perIp: 3000,
  perVisitor: 300,
  chatStart: 60,
  login: 20,
  windowMs: 60_000,
};

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

const cspFor = (frameAncestors: string[]) =>
  Object.entries({ ...CSP_DIRECTIVES, frameAncestors })
    .map(([name, values]) => `${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} ${values.join(' ')}`)
    .join('; ');

declare module 'fastify' {
  interface FastifyInstance {
    conversations: Conversations;
    db: Db;
    /** Deletes uploads past retention now (it also runs hourly); answers how many. */
    sweepUploads: () => Promise<number>;
  }
}

/**
 * Builds the reference server without listening, so tests drive it with `inject`.
 *
 * @example
 * const app = await buildServer({ visitorDist: 'apps/visitor/dist', dataDir: '.parley/data', seed: 'seed/demo.json' });
 * await app.listen({ port: 3000 });
 */
export async function buildServer(options: ServerOptions = {}): Promise<FastifyInstance> {
  const clock = options.clock ?? Date.now;
  const uploadLimit = options.uploadLimit ?? 20 * 1024 * 1024;
  const limits = { ...DEFAULT_RATE_LIMITS, ...options.rateLimits };
  const requestTimeout = options.requestTimeoutMs ?? 90_000;
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: options.bodyLimit ?? JSON_LIMITS.maxBytes,
    trustProxy: options.trustProxy ?? false,
    requestTimeout,
    // Node checks the request timeout every `connectionsCheckingInterval` (30 s by default).
    http: {
      headersTimeout: Math.min(60_000, requestTimeout),
      connectionsCheckingInterval: Math.min(30_000, Math.max(100, Math.round(requestTimeout / 3))),
    },
    // Request ids for the logs (bodies are not logged: a visitor's id is its credential).
    genReqId: requestIds(),
    // The contract's validator options: the server and the page's check give the same verdicts.
    ajv: { customOptions: { ...ajvOptions, keywords: [...ajvOptions.keywords] } },
  });

  const ownsDb = !options.db;
  const db =
    options.db ??
    (await openDatabase({
      databaseUrl: options.databaseUrl,
      dataDir: options.dataDir ? join(options.dataDir, 'db') : undefined,
    }));
  if (options.seed) {
    await applySeed(db, typeof options.seed === 'string' ? readSeed(options.seed) : options.seed);
  }
  const cache = new PollCache(db);
  await cache.start();
  const conversations = new Conversations(db, cache, clock);
  await conversations.followChannelChanges();
  const auth = new AgentAuth(db, conversations, options.agentSessionMs ?? 12 * 60 * 60 * 1000, clock);
  const store = new UploadStore(
    options.uploadsDir ??
      (options.dataDir
        ? join(options.dataDir, 'uploads')
        : join((await import('node:os')).tmpdir(), `parley-uploads-${process.pid}`)),
    await uploadSecret(db),
  );
  const uploadQuota: UploadQuota = {
    perVisitor: 200 * 1024 * 1024,
    perChannel: 5 * 1024 * 1024 * 1024,
    ...options.uploadQuota,
  };
  const retentionMs = (options.uploadRetentionDays ?? 90) * DAY_MS;
  const sweepUploads = async () => {
    await store.removeStaleParts(60 * 60 * 1000);
    await expireReservations(conversations);
    if (retentionMs <= 0) return 0;
    const expired = await conversations.expireUploads(retentionMs);
    await store.remove(expired);
    return expired.length;
  };
  const sweeper = setInterval(
    () => {
      sweepUploads().catch((error) => app.log.error({ err: error }, 'upload retention sweep failed'));
    },
    60 * 60 * 1000,
  );
  sweeper.unref();
  app.decorate('conversations', conversations);
  app.decorate('db', db);
  app.decorate('sweepUploads', sweepUploads);
  app.addHook('onReady', async () => {
    await sweepUploads();
  });
  app.addHook('onClose', async () => {
    clearInterval(sweeper);
    if (ownsDb) await db.close();
  });

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
      message: `no such route: ${request.method} ${request.url.split('?')[0]}`,
    });
  });

  // @fastify/helmet rebuilds its headers on every request (a tenth of an empty poll's time): take
  // the headers it decides once, then send them as they are.
  const securityHeaders = await helmetHeaders();
  const frameAncestors = options.frameAncestors ?? [];
  // Assets and embed.js; the chat's HTML pages get their own frame-ancestors per channel (below).
  const chatHeaders: Record<string, string> = {
    ...securityHeaders,
    'content-security-policy': cspFor(["'self'", ...frameAncestors]),
    'cross-origin-resource-policy': 'cross-origin',
  };
  delete chatHeaders['x-frame-options'];
  app.addHook('onRequest', (request, reply, done) => {
    // The visitor app is embedded in customers' pages (a frame) and embed.js is loaded from them.
    // Decided by the route matched, whatever the URL's spelling (`/%63hat/...`).
    const route = request.routeOptions.url ?? '';
    const chat = route === '/chat' || route.startsWith('/chat/');
    reply.headers(chat ? chatHeaders : securityHeaders);
    done();
  });

  const connectionLimits = { ...DEFAULT_CONNECTION_LIMITS, ...options.connectionLimits };
  // Behind a proxy every client arrives from the proxy's address: the proxy caps connections.
  capConnectionsPerAddress(app.server, options.trustProxy ? 0 : connectionLimits.perAddress);
  await app.register(largeBodies, connectionLimits);
  await app.register(jsonBody, { bodyLimit: options.bodyLimit ?? JSON_LIMITS.maxBytes });
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart, { limits: { fileSize: uploadLimit, files: 1 } });
  const tooMany = (_request: FastifyRequest, context: { after: string }) => ({
    statusCode: 429,
    code: 429,
    data: null,
    message: `too many requests: try again in ${context.after}`,
  });
  await app.register(fastifyRateLimit, {
    global: true,
    max: limits.perIp,
    timeWindow: limits.windowMs,
    errorResponseBuilder: tooMany,
  });
  // The plugin runs one limiter per request (the per-IP one); these are checked on top of it.
  // Limiters created once (the plugin keeps their counts); each call names the key it counts.
  const keys = new WeakMap<FastifyRequest, string>();
  const limiter = (max: number) => {
    const check = app.createRateLimit({
      max,
      timeWindow: limits.windowMs,
      keyGenerator: (request) => keys.get(request) ?? request.ip,
    });
    return async (request: FastifyRequest, key: string) => {
      keys.set(request, key);
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) {
        throw new ApiError(429, `too many requests: try again in ${result.ttlInSeconds} s`);
      }
    };
  };
  const knownVisitors = new KnownVisitors();
  const perVisitorCheck = limiter(limits.perVisitor);
  /** A known visitor has its own budget; an id the server has not answered counts against the address. */
  const limitVisitor = (request: FastifyRequest, userId: string) =>
    perVisitorCheck(request, knownVisitors.has(userId) ? `visitor:${userId}` : `visitor-ip:${request.ip}`);
  const perVisitor: preHandlerAsyncHookHandler = async (request) => {
    const userId = (request.body as { userId?: unknown } | undefined)?.userId;
    if (typeof userId === 'string') await limitVisitor(request, userId);
  };
  const chatStartCheck = limiter(limits.chatStart);
  const loginCheck = limiter(limits.login);
  const chatStartLimit: preHandlerAsyncHookHandler = (request) =>
    chatStartCheck(request, `chat-start:${request.ip}`);
  const loginLimit: preHandlerAsyncHookHandler = (request) => loginCheck(request, `login:${request.ip}`);

  // Liveness: the process answers. Readiness: the database answers, every migration is applied,
  // and the server is not shutting down (a load balancer then stops sending it new requests).
  app.get('/healthz', { config: { rateLimit: false } }, async () => ({ status: 'ok' }));
  let shuttingDown = false;
  app.addHook('preClose', async () => {
    shuttingDown = true;
  });
  app.get('/readyz', { config: { rateLimit: false } }, async (_request, reply) => {
    if (shuttingDown) return reply.code(503).send({ status: 'shutting down' });
    try {
      const pending = await pendingMigrations(db);
      if (pending.length > 0) return reply.code(503).send({ status: 'migrations pending', pending });
    } catch (error) {
      return reply.code(503).send({ status: 'database unreachable', reason: (error as Error).message });
    }
    return { status: 'ready' };
  });

  // Prometheus metrics, only with a token (they tell the load and the queue to whoever reads them).
  const metrics = new Metrics(db, cache);
  metrics.observe(app);
  if (options.metricsToken) {
    const expected = Buffer.from(`Bearer ${options.metricsToken}`);
    app.get('/metrics', { config: { rateLimit: false } }, async (request, reply) => {
      const given = Buffer.from(request.headers.authorization ?? '');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw new ApiError(401, 'metrics need the bearer token (METRICS_TOKEN)');
      }
      return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
    });
  }

  registerVisitorRoutes(app, conversations, {
    perVisitorLimit: perVisitor,
    chatStartLimit,
    answered: (userId) => knownVisitors.add(userId),
    uploadLimit,
  });
  registerAgentRoutes(app, conversations, auth, loginLimit);
  registerFileRoutes(app, {
    conversations,
    store,
    auth,
    uploadLimit,
    uploadQuota,
    perVisitorLimit: perVisitor,
    limitVisitor,
    uploaded: (bytes, from) => metrics.uploadBytes.inc({ from }, bytes),
  });

  // reply.sendFile is decorated once, by the first app that is built. The visitor app's HTML says
  // which embedding pages it may talk to, and its CSP which may frame it: the deployment's
  // FRAME_ANCESTORS and the sites of the channel the page is for.
  const originsOf = (sources: readonly string[]) =>
    sources.flatMap((source) => {
      try {
        const { origin, protocol } = new URL(source);
        return protocol === 'https:' || protocol === 'http:' ? [origin] : [];
      } catch {
        return []; // a CSP keyword or wildcard, not an origin
      }
    });
  // The page decides its channel with the same function of the whole query (`channelOfQuery`): a
  // query naming two channels frames for neither, and the page starts neither.
  const channelSites = async (request: FastifyRequest): Promise<string[]> => {
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
    const channel = channelOfQuery(query);
    if (channel.kind !== 'one') return [];
    return conversations.channel(channel.channelId).then(
      (found) => found.sites ?? [],
      () => [], // an unknown channel: the page says so; nobody may frame it
    );
  };
  const visitorServed = await serveApp(
    app,
    '/chat',
    options.visitorDist,
    'the visitor app is not built',
    true,
    async (html, request, reply) => {
      const sites = await channelSites(request);
      reply.header('content-security-policy', cspFor(["'self'", ...frameAncestors, ...sites]));
      const origins = [...new Set([...originsOf(frameAncestors), ...sites])];
      const meta = `<meta name="parley:embed-origins" content="${escapeAttribute(origins.join(' '))}" />`;
      return html.replace('</head>', `  ${meta}\n  </head>`);
    },
  );
  await serveApp(app, '/agent', options.consoleDist, 'the agent console is not built', !visitorServed);
  return app;
}

const escapeAttribute = (text: string) =>
  text.replace(/[&"<>]/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * A built single-page app under `prefix`: hashed assets immutable and served pre-compressed when
 * the build wrote .br/.gz beside them; every page route gets its HTML shell (read once, and
 * passed through `html` for what the deployment adds).
 */
async function serveApp(
  app: FastifyInstance,
  prefix: string,
  dist: string | undefined,
  missing: string,
  decorateReply: boolean,
  html: (page: string, request: FastifyRequest, reply: FastifyReply) => string | Promise<string> = (page) =>
    page,
): Promise<boolean> {
  if (dist && existsSync(join(dist, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: dist,
      prefix: `${prefix}/`,
      index: false,
      wildcard: false,
      preCompressed: true,
      decorateReply,
      setHeaders(res, path) {
        res.header('Cache-Control', path.includes('/assets/') ? IMMUTABLE : REVALIDATE);
      },
    });
    const shell = readFileSync(join(dist, 'index.html'), 'utf8');
    // Browser-style history: every page route of the app is answered with its HTML shell.
    app.get(`${prefix}/*`, async (request, reply) => {
      const page = await html(shell, request, reply);
      return reply.header('Cache-Control', REVALIDATE).type('text/html; charset=utf-8').send(page);
    });
    app.get(prefix, (_request, reply) => {
      reply.redirect(`${prefix}/`);
    });
    return true;
  }
  app.get(`${prefix}/*`, (_request, reply) => {
    reply.code(503).send({ code: 503, data: null, message: missing });
  });
  return false;
}

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

/** Cheap unique request ids: a random prefix per process and a counter. */
function requestIds(): () => string {
  const prefix = randomId().slice(0, 8);
  let next = 0;
  return () => `${prefix}-${(next++).toString(36)}`;
}

/** The key that signs file URLs, shared by every instance on the same database. */
async function uploadSecret(db: Db): Promise<string> {
  await db.query(
    `insert into settings (key, value) values ('upload_secret', $1) on conflict (key) do nothing`,
    [randomId() + randomId()],
  );
  const [row] = await db.query<{ value: string }>(`select value from settings where key = 'upload_secret'`);
  return row?.value ?? '';
}
