import { JSON_LIMITS, type JsonLimits, jsonLimitProblem } from '@parley/chat-protocol';
import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { ApiError, badRequest } from '../errors.js';
import { withHook } from './connections.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's JSON body limits, when they differ from the contract's `JSON_LIMITS`. */
    jsonLimits?: Readonly<JsonLimits>;
  }
}

/** The route's JSON limits: its own, or the contract's, with the byte limit the deployment set. */
const limitsOf = (request: FastifyRequest, bodyLimit: number): Readonly<JsonLimits> =>
  request.routeOptions.config?.jsonLimits ?? { ...JSON_LIMITS, maxBytes: bodyLimit };

/** With the `u` flag a surrogate pair is one code point: only a lone half matches. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/** The first field (dotted path) whose text the database cannot store as sent, and why. */
function unstorableText(value: unknown, path = ''): { path: string; problem: string } | undefined {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) return { path: path || 'body', problem: 'a NUL character (U+0000)' };
    if (LONE_SURROGATE.test(value)) return { path: path || 'body', problem: 'a lone UTF-16 surrogate' };
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    // Depth is bounded by the parser (JSON_LIMITS.maxDepth) before this walk runs.
    const found =
      unstorableText(key, path ? `${path}.${key}` : key) ??
      unstorableText(item, path ? `${path}.${key}` : key);
    if (found) return found;
  }
  return undefined;
}

/**
 * JSON bodies, limited before they are parsed: size, nesting, number of values and string length
 * (the contract's `JSON_LIMITS`, or a route's `config.jsonLimits`), so a hostile body costs the
 * server what its length costs; then Fastify's own parser (prototype poisoning refused); then text
 * no database can store (NUL, lone surrogates) is refused by field, not silently changed.
 */
export const jsonBody = fastifyPlugin(
  async (app: FastifyInstance, options: { bodyLimit: number }) => {
    // The path's parameters reach the database as well: the same text is refused there, on the
    // routes that have parameters (a request to any other pays nothing for it).
    const checkParams: preValidationAsyncHookHandler = async (request) => {
      const unstorable = unstorableText(request.params);
      if (unstorable) {
        throw badRequest(
          `the path's ${unstorable.path} contains ${unstorable.problem}, which cannot be stored`,
        );
      }
    };
    app.addHook('onRoute', (route) => {
      if (/[:*]/.test(route.url)) route.preValidation = withHook(route.preValidation, checkParams);
    });
    // So does the query string, on every route: a NUL in `?q=` was a 500 from the database.
    app.addHook('preValidation', async (request) => {
      const unstorable = unstorableText(request.query);
      if (unstorable) {
        throw badRequest(
          `the query's ${unstorable.path} contains ${unstorable.problem}, which cannot be stored`,
        );
      }
    });
    const parse = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, raw, done) => {
      const body = raw.toString();
      const problem = jsonLimitProblem(body, limitsOf(request, options.bodyLimit));
      if (problem) {
        done(
          problem.startsWith('the body is larger') ? new ApiError(413, problem) : badRequest(problem),
          undefined,
        );
        return;
      }
      parse(request, body, (error, value) => {
        if (error) return done(error, undefined);
        const unstorable = unstorableText(value);
        if (unstorable) {
          return done(
            badRequest(`${unstorable.path} contains ${unstorable.problem}, which cannot be stored`),
            undefined,
          );
        }
        done(null, value);
      });
    });
  },
  { name: 'parley-json-body' },
);
