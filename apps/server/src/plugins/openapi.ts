import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import {
  WEBHOOK_EVENT_ID_HEADER,
  WEBHOOK_EVENT_TYPE_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  type WebhookEventType,
  webhookEventTypes,
  webhookPayloadSchema,
} from '@parley/chat-protocol';
import type { FastifyInstance } from 'fastify';
import fastifyPlugin from 'fastify-plugin';

// The OpenAPI 3.1 document of every HTTP surface, made from the routes as registered: each route's
// request and answer schemas are the contract's (packages/chat-protocol), so the document says what
// the server checks and answers, and a route cannot be registered without appearing in it. Served
// at /api/openapi.json; `openapi.test.ts` validates it and holds the server's answers to it.

export const OPENAPI_PATH = '/api/openapi.json';
/** The reference page: the same document, readable (Swagger UI, served with its files). */
export const REFERENCE_PATH = '/api/reference';

/** Which part of the API a path belongs to, and how its caller proves who they are. */
const SURFACES: { prefix: string; tag: string; security?: Record<string, string[]>[] }[] = [
  { prefix: '/api/chat/visitor/', tag: 'visitor' },
  { prefix: '/api/agent/login', tag: 'agent' },
  { prefix: '/api/agent/logout', tag: 'agent' },
  { prefix: '/api/agent/session', tag: 'agent' },
  { prefix: '/api/agent/admin/', tag: 'administration', security: [{ agentToken: [] }, { agentCookie: [] }] },
  { prefix: '/api/agent/', tag: 'agent', security: [{ agentToken: [] }, { agentCookie: [] }] },
  { prefix: '/api/integration/', tag: 'integration', security: [{ integrationToken: [] }] },
  { prefix: '/uploads/', tag: 'files' },
  { prefix: '/metrics', tag: 'operations', security: [{ metricsToken: [] }] },
  { prefix: '/healthz', tag: 'operations' },
  { prefix: '/readyz', tag: 'operations' },
];

/** Routes that serve the apps' files or a developer's page, not an API. */
const NOT_API = [
  /^\/chat(\/|$)/,
  /^\/agent(\/|$)/,
  /^\/dev\//,
  new RegExp(`^${OPENAPI_PATH}$`),
  new RegExp(`^${REFERENCE_PATH}(/|$)`),
];

/**
 * A route's schema as the document holds it: a shape named by `$id` (the FAQ tree, recursive) is
 * moved to `components.schemas` and referred to there, as OpenAPI resolves references.
 */
function documented(value: unknown, named: Map<string, unknown>): unknown {
  if (Array.isArray(value)) return value.map((item) => documented(item, named));
  if (typeof value !== 'object' || value === null) return value;
  const { $id, $ref, ...rest } = value as Record<string, unknown>;
  const out: Record<string, unknown> = Object.fromEntries(
    Object.entries(rest).map(([key, inner]) => [key, documented(inner, named)]),
  );
  if (typeof $ref === 'string') out.$ref = $ref.startsWith('#') ? $ref : `#/components/schemas/${$ref}`;
  if (typeof $id !== 'string') return out;
  named.set($id, out);
  return { $ref: `#/components/schemas/${$id}` };
}

/** What the server POSTs to a registered endpoint for an event of `type` (docs/contract.md, "Webhooks"). */
const webhookOperation = (type: WebhookEventType) => ({
  post: {
    summary: type,
    description: `Signed with ${WEBHOOK_SIGNATURE_HEADER} (t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">); ${WEBHOOK_EVENT_ID_HEADER} names the event, which may arrive more than once.`,
    parameters: [
      { name: WEBHOOK_SIGNATURE_HEADER, in: 'header', required: true, schema: { type: 'string' } },
      { name: WEBHOOK_EVENT_ID_HEADER, in: 'header', required: true, schema: { type: 'string' } },
      {
        name: WEBHOOK_EVENT_TYPE_HEADER,
        in: 'header',
        required: true,
        schema: { type: 'string', enum: [type] },
      },
    ],
    requestBody: { required: true, content: { 'application/json': { schema: webhookPayloadSchema(type) } } },
    responses: {
      '2XX': { description: 'Received: any 2xx answer ends the delivery' },
      default: { description: 'Not received: the delivery is tried again later' },
    },
  },
});

export const openapi = fastifyPlugin(
  async (app: FastifyInstance, options: { version: string }) => {
    /** Shapes named by `$id` in any route's schema, for `components.schemas`. */
    const named = new Map<string, unknown>();
    await app.register(fastifySwagger, {
      transformObject: (document) => {
        const openapiObject = 'openapiObject' in document ? document.openapiObject : {};
        return {
          ...openapiObject,
          webhooks: Object.fromEntries(webhookEventTypes.map((type) => [type, webhookOperation(type)])),
          components: {
            ...openapiObject.components,
            schemas: { ...openapiObject.components?.schemas, ...Object.fromEntries(named) },
          },
        } as typeof openapiObject;
      },
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Parley API',
          version: options.version,
          description:
            'The visitor API, the agent API (the console), the integration API and the operations endpoints of the Parley reference server. Every answer is the envelope { code, data, message }: code 200 is success, any other a refusal whose message says why (docs/contract.md).',
        },
        components: {
          securitySchemes: {
            agentToken: {
              type: 'http',
              scheme: 'bearer',
              description: 'The token POST /api/agent/login answers',
            },
            agentCookie: { type: 'apiKey', in: 'cookie', name: 'parley_agent' },
            integrationToken: {
              type: 'http',
              scheme: 'bearer',
              description: 'An integration token (npm run admin -- token add)',
            },
            metricsToken: { type: 'http', scheme: 'bearer', description: 'METRICS_TOKEN' },
          },
        },
        tags: [
          {
            name: 'visitor',
            description: 'What the chat page calls: POST with a JSON body, the visitor named by userId',
          },
          { name: 'agent', description: 'What the agent console calls' },
          { name: 'administration', description: 'Administrators only' },
          { name: 'integration', description: 'The integration API, with a scoped token' },
          { name: 'files', description: 'Uploaded files, by signed link' },
          { name: 'operations', description: 'Health, readiness and metrics' },
        ],
      },
      transform: ({ schema, url }) => {
        const hidden = NOT_API.some((pattern) => pattern.test(url));
        const surface = SURFACES.find((one) => url.startsWith(one.prefix));
        const described = {
          ...(documented(schema, named) as typeof schema),
          ...(hidden && { hide: true }),
          ...(surface && { tags: [surface.tag] }),
          ...(surface?.security && { security: surface.security }),
        };
        return { schema: described, url };
      },
    });
    app.get(OPENAPI_PATH, { schema: { hide: true }, config: { rateLimit: false } }, async () =>
      app.swagger(),
    );
    await app.register(fastifySwaggerUi, {
      routePrefix: REFERENCE_PATH,
      theme: { title: 'Parley API reference' },
      uiConfig: {
        deepLinking: true,
        defaultModelsExpandDepth: 0,
        docExpansion: 'list',
        tryItOutEnabled: false,
      },
      // Its own files only: the server's Content-Security-Policy (script-src 'self') holds.
      staticCSP: false,
    });
  },
  { name: 'parley-openapi' },
);
