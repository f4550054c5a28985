import { readFileSync } from 'node:fs';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import { ajvOptions, JSON_LIMITS } from '@parley/chat-protocol';
import Fastify, { type FastifyInstance } from 'fastify';
import type { UploadQuota } from './conversation/uploads.js';
import type { Db } from './db/db.js';
import { randomId } from './ids.js';
import type { MailOptions } from './mail/mailer.js';
import { DEFAULT_MAIL_LIMITS, type MailLimits } from './mail/queue.js';
import {
  type ConnectionLimits,
  capConnectionsPerAddress,
  DEFAULT_CONNECTION_LIMITS,
  largeBodies,
} from './plugins/connections.js';
import { clientErrorHandler, errorEnvelope, frameworkErrors } from './plugins/errorEnvelope.js';
import { health } from './plugins/health.js';
import { jsonBody } from './plugins/jsonBody.js';
import { openapi } from './plugins/openapi.js';
import { DEFAULT_RATE_LIMITS, type RateLimits, rateLimits } from './plugins/rateLimits.js';
import { securityHeaders } from './plugins/securityHeaders.js';
import { staticApps } from './plugins/staticApps.js';
import { stopPromptly } from './plugins/stop.js';
import { storage } from './plugins/storage.js';
import { webhooks } from './plugins/webhooks.js';
import { configureRobot } from './robot/llmRobot.js';
import type { LlmOverride } from './robot/settings.js';
import { AgentAuth, registerAgentRoutes } from './routes/agent.js';
import { registerFileRoutes } from './routes/files.js';
import { registerIntegrationRoutes } from './routes/integration.js';
import { mailRoutes } from './routes/mail.js';
import { registerReportRoutes } from './routes/reports.js';
import { registerVisitorRoutes } from './routes/visitor.js';
import { registerWebhookAdminRoutes } from './routes/webhooksAdmin.js';
import type { Seed } from './seed.js';
import type { WebhookOptions } from './webhooks/dispatcher.js';

export { DEFAULT_RATE_LIMITS, type RateLimits };

export interface ServerOptions {
  /** The built visitor app (apps/visitor/dist), served under /chat/. Absent: /chat/ answers 503. */
  visitorDist?: string;
  /** The built agent console, served under /agent/. Absent: /agent/ answers 503. */
  consoleDist?: string;
  /** Pino logger options (a `stream` takes the lines instead of stdout), or false for none (tests). */
  logger?: boolean | { level: string; stream?: { write(line: string): void } };
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
  /** Bytes of visitor uploads a day, per visitor, per client address and per channel; default 200 MiB, 1 GiB and 5 GiB. */
  uploadQuota?: Partial<UploadQuota>;
  /** Uploads older than this many days are deleted (hourly); 0 keeps them; default 90. */
  uploadRetentionDays?: number;
  /** JSON body limit in bytes for the other calls; default the contract's `JSON_LIMITS.maxBytes` (128 KiB). */
  bodyLimit?: number;
  /** PostgreSQL: wake-ups for other instances gathered into one NOTIFY per this many ms; 0: one per write. */
  wakeWindowMs?: number;
  rateLimits?: Partial<RateLimits>;
  /**
   * How long an agent's console session counts as alive after its last poll or call; default 45 s
   * (docs/routing.md). Past it, the agent is offline.
   */
  presenceTimeoutMs?: number;
  /** How long an agent stays logged in; default 12 hours. */
  agentSessionMs?: number;
  /**
   * Who may frame the visitor app besides its own origin and each channel's `sites` (CSP sources,
   * e.g. `https://shop.example`; `*` for any site). Default none: a site embeds the chat once a
   * channel lists it.
   */
  frameAncestors?: string[];
  /**
   * Behind a load balancer: which proxies' `X-Forwarded-For` (and `-Proto`, `-Host`) to believe, as
   * a hop count (1: the one proxy in front) or the proxies' addresses and CIDR ranges. Default
   * none: the client's own address counts, whatever headers it sends.
   */
  trustProxy?: number | string[] | false;
  /**
   * How long a client may take to send a whole request (headers and body), in ms; default 90 s
   * (the page gives up on an upload after 60 s). Held polls are not cut: their request is sent at once.
   */
  requestTimeoutMs?: number;
  /** How long a stop waits for requests in progress before it cuts their connections; default 10 s. */
  stopGraceMs?: number;
  /**
   * How long a stop (`app.stop()`, SIGTERM) drains before the port closes: `/readyz` answers 503
   * so a load balancer takes the instance out, while it still answers every call, its held polls
   * and its webhook and mail outboxes go on; default 0 (the environment's `PARLEY_DRAIN_MS`, 5 s).
   */
  drainMs?: number;
  /** Connections and upload bodies per client address (the connection cap is off behind a proxy). */
  connectionLimits?: Partial<ConnectionLimits>;
  /** The bearer token `/metrics` asks for; absent, `/metrics` does not exist. */
  metricsToken?: string;
  /** A language model for some channels' robot (`PARLEY_LLM_URL`, ...; src/robot/settings.ts). */
  llm?: LlmOverride;
  /** Where the robot reads its API keys (the variables channels name); default `process.env`. */
  env?: NodeJS.ProcessEnv;
  /** Email: SMTP, the sender, printing in demo mode (see mail/mailer.ts). */
  mail?: Partial<MailOptions>;
  /** What visitors may make the server mail: transcripts and left messages (see mail/queue.ts). */
  mailLimits?: Partial<MailLimits>;
  /** Integration API calls per token per rate-limit window; default 600. */
  integrationRateLimit?: number;
  /** Webhook delivery: private addresses, timeout, retries (see webhooks/dispatcher.ts). */
  webhooks?: Partial<WebhookOptions>;
  clock?: () => number;
  /**
   * Told every successful answer before it is sent, with its route's documented answer schema: the
   * tests hold each answer to the OpenAPI document with it (src/test/answers.ts). Throwing turns
   * the answer into an error.
   */
  onAnswer?: (route: AnsweredRoute, data: unknown) => void;
}

/** A route as `onAnswer` is told it: its method, its path as registered, its answer's schema. */
export interface AnsweredRoute {
  method: string;
  url: string;
  /** `schema.response[200]` as registered; absent for a route that documents no answer. */
  schema: unknown;
}

/**
 * Builds the reference server without listening, so tests drive it with `inject`: Fastify with the
 * contract's validator, then one plugin per concern, in the order each needs the others.
 *
 * @example
 * const app = await buildServer({ visitorDist: 'apps/visitor/dist', dataDir: '.parley/data', seed: 'seed/demo.json' });
 * await app.listen({ port: 3000 });
 */
export async function buildServer(options: ServerOptions = {}): Promise<FastifyInstance> {
  const clock = options.clock ?? Date.now;
  const uploadLimit = options.uploadLimit ?? 20 * 1024 * 1024;
  const uploadQuota: UploadQuota = {
    perVisitor: 200 * 1024 * 1024,
    perChannel: 5 * 1024 * 1024 * 1024,
    perAddress: 1024 * 1024 * 1024,
    ...options.uploadQuota,
  };
  const requestTimeout = options.requestTimeoutMs ?? 90_000;
  const connectionLimits = { ...DEFAULT_CONNECTION_LIMITS, ...options.connectionLimits };
  const frameAncestors = options.frameAncestors ?? [];
  const trustProxy = options.trustProxy || false;
  const behindProxy = Array.isArray(trustProxy) ? trustProxy.length > 0 : trustProxy !== false;
  // A hop count as proxy-addr reads one (Fastify itself now trusts nothing for a bare number): the
  // last `trustProxy` addresses in X-Forwarded-For are proxies', the one before them the client's.
  const trusted =
    typeof trustProxy === 'number' ? (_address: string, hop: number) => hop < trustProxy : trustProxy;
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: options.bodyLimit ?? JSON_LIMITS.maxBytes,
    trustProxy: behindProxy ? trusted : false,
    requestTimeout,
    // Opening the embedded database in a new data directory takes over 10 s (initdb) on a small
    // machine: the storage plugin gets two minutes, after which a start that hangs says so.
    pluginTimeout: 120_000,
    // Node checks the request timeout every `connectionsCheckingInterval` (30 s by default).
    http: {
      headersTimeout: Math.min(60_000, requestTimeout),
      connectionsCheckingInterval: Math.min(30_000, Math.max(100, Math.round(requestTimeout / 3))),
    },
    // Request ids for the logs (bodies are not logged: a visitor's id is its credential).
    genReqId: requestIds(),
    // What the router and Node's HTTP parser refuse is answered in the envelope too.
    frameworkErrors,
    clientErrorHandler,
    // The contract's validator options: the server and the page's check give the same verdicts.
    ajv: { customOptions: { ...ajvOptions, keywords: [...ajvOptions.keywords] } },
  });
  // Behind a proxy every client arrives from the proxy's address: the proxy caps connections.
  capConnectionsPerAddress(app.server, behindProxy ? 0 : connectionLimits.perAddress);
  stopPromptly(app, options.stopGraceMs ?? 10_000);
  const onAnswer = options.onAnswer;
  if (onAnswer) {
    app.addHook('preSerialization', async (request, reply, payload) => {
      if (reply.statusCode !== 200) return payload;
      const responses = request.routeOptions.schema?.response as Record<number, unknown> | undefined;
      onAnswer(
        { method: request.method, url: request.routeOptions.url ?? request.url, schema: responses?.[200] },
        payload,
      );
      return payload;
    });
  }

  await app.register(storage, {
    db: options.db,
    databaseUrl: options.databaseUrl,
    dataDir: options.dataDir,
    uploadsDir: options.uploadsDir,
    seed: options.seed,
    uploadRetentionDays: options.uploadRetentionDays ?? 90,
    wakeWindowMs: options.wakeWindowMs,
    presenceTimeoutMs: options.presenceTimeoutMs,
    clock,
  });
  await app.register(errorEnvelope);
  await app.register(securityHeaders, { frameAncestors });
  await app.register(largeBodies, connectionLimits);
  await app.register(jsonBody, { bodyLimit: options.bodyLimit ?? JSON_LIMITS.maxBytes });
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart, { limits: { fileSize: uploadLimit, files: 1 } });
  await app.register(rateLimits, { ...DEFAULT_RATE_LIMITS, ...options.rateLimits, clock });
  // Before the routes: it reads each route as it is registered.
  await app.register(openapi, { version: SERVER_VERSION });
  await app.register(health, { metricsToken: options.metricsToken });
  await app.register(webhooks, { ...options.webhooks, clock });

  const { conversations, limiters } = app;
  configureRobot(conversations, {
    override: options.llm,
    env: options.env ?? process.env,
    metrics: app.metrics,
    logError: (error, message) => app.log.error({ err: error }, message),
    logWarning: (details, message) => app.log.warn(details, message),
  });
  const auth = new AgentAuth(app.db, conversations, options.agentSessionMs ?? 12 * 60 * 60 * 1000, clock);
  registerVisitorRoutes(app, conversations, {
    perVisitorLimit: limiters.perVisitor,
    chatStartLimit: limiters.chatStart,
    answered: limiters.answered,
    uploadLimit,
    mailLimits: { ...DEFAULT_MAIL_LIMITS, ...options.mailLimits },
  });
  registerAgentRoutes(app, conversations, auth, limiters.login);
  registerReportRoutes(app, auth);
  registerWebhookAdminRoutes(app, auth);
  await app.register(mailRoutes, { ...options.mail, auth, clock });
  registerIntegrationRoutes(app, conversations, {
    perToken: options.integrationRateLimit ?? 600,
    windowMs: options.rateLimits?.windowMs ?? DEFAULT_RATE_LIMITS.windowMs,
  });
  registerFileRoutes(app, {
    conversations,
    store: app.uploads,
    auth,
    uploadLimit,
    uploadQuota,
    limitVisitor: limiters.limitVisitor,
    uploaded: (bytes, from) => app.metrics.uploadBytes.inc({ from }, bytes),
  });

  await app.register(staticApps, {
    visitorDist: options.visitorDist,
    consoleDist: options.consoleDist,
    frameAncestors,
  });
  const drainMs = options.drainMs ?? 0;
  let stopping: Promise<void> | undefined;
  app.decorate('stop', () => {
    stopping ??= app.drain(drainMs).then(() => app.close());
    return stopping;
  });
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** A graceful stop: the drain (`drainMs`), then the close; called twice, the same stop. */
    stop(): Promise<void>;
  }
}

/** The server's version, as its package says (the OpenAPI document's `info.version`). */
const SERVER_VERSION = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

/** Cheap unique request ids: a random prefix per process and a counter. */
function requestIds(): () => string {
  const prefix = randomId().slice(0, 8);
  let next = 0;
  return () => `${prefix}-${(next++).toString(36)}`;
}
