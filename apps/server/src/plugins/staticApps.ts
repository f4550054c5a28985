import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { channelOfQuery } from '@parley/chat-protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { refusal } from './errorEnvelope.js';
import { cspFor } from './securityHeaders.js';

/** Hashed build assets never change under the same name; the HTML must always be revalidated. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

export interface StaticAppsOptions {
  /** The built visitor app (apps/visitor/dist), served under /chat/. Absent: /chat/ answers 503. */
  visitorDist?: string;
  /** The built agent console, served under /agent/. Absent: /agent/ answers 503. */
  consoleDist?: string;
  /** Who may frame the visitor app besides its own origin and each channel's `sites`. */
  frameAncestors: string[];
}

const escapeAttribute = (text: string) =>
  text.replace(/[&"<>]/g, (character) => `&#${character.charCodeAt(0)};`);

/** The http(s) origins among CSP sources (keywords and wildcards are not origins). */
const originsOf = (sources: readonly string[]) =>
  sources.flatMap((source) => {
    try {
      const { origin, protocol } = new URL(source);
      return protocol === 'https:' || protocol === 'http:' ? [origin] : [];
    } catch {
      return [];
    }
  });

/**
 * The visitor app under `/chat/` and the agent console under `/agent/`. The visitor app's HTML
 * says which embedding pages it may talk to, and its CSP which may frame it: the deployment's
 * `frameAncestors` and the sites of the channel the page is for, decided by the contract's
 * `channelOfQuery` as the page decides it (a query naming two channels frames for neither). Needs
 * `storage` first.
 */
export const staticApps = fastifyPlugin(
  async (app: FastifyInstance, options: StaticAppsOptions) => {
    const { frameAncestors } = options;
    const channelSites = async (request: FastifyRequest): Promise<string[]> => {
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
      const channel = channelOfQuery(query);
      if (channel.kind !== 'one') return [];
      return app.conversations.channel(channel.channelId).then(
        (found) => found.sites ?? [],
        () => [], // an unknown channel: the page says so; nobody may frame it
      );
    };
    // The HTML shells carry their app's stylesheet (config/vite-inline-css.ts), tens of KB that
    // compress to a few: sent Brotli or gzip as the browser asks. Nothing else is compressed here
    // (the built assets are, ahead of time). A shell holds no secret for reflected input to guess at.
    await app.register(fastifyCompress, { global: false, encodings: ['br', 'gzip'] });
    // reply.sendFile is decorated once, by the first app served.
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
  },
  { name: 'parley-static-apps', dependencies: ['parley-storage'] },
);

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
      reply.header('Cache-Control', REVALIDATE).type('text/html; charset=utf-8').compress(page);
      return reply;
    });
    app.get(prefix, (_request, reply) => {
      reply.redirect(`${prefix}/`);
    });
    return true;
  }
  app.get(`${prefix}/*`, (_request, reply) => {
    reply.code(503).send(refusal(503, missing));
  });
  return false;
}
