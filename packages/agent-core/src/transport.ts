import {
  type AgentAnswer,
  type AgentBody,
  type AgentCallName,
  type AgentParams,
  type AgentQuery,
  ApiError,
  agentPath,
  agentRoutes,
  check,
  openAnswer,
  unreachable,
} from '@parley/chat-protocol';
import type { AgentTransport } from './types.js';

/**
 * The one error every failed call becomes: chat-protocol's `ApiError`.
 *
 * @deprecated Use `ApiError` (the same class; `instanceof` either works).
 */
export const AgentApiError = ApiError;
/** @deprecated Use `ApiError`. */
export type AgentApiError = ApiError;

/** What a call takes, each part only when the call has it. */
export type AgentCallParts<N extends AgentCallName> = ParamsPart<N> &
  BodyPart<N> & { query?: AgentQuery<N>; signal?: AbortSignal };
type ParamsPart<N extends AgentCallName> =
  AgentParams<N> extends Record<string, never> ? { params?: undefined } : { params: AgentParams<N> };
/** A call without a JSON body may take a multipart one (a file); a body of optional fields may be left out. */
type BodyPart<N extends AgentCallName> =
  AgentBody<N> extends undefined
    ? { body?: FormData }
    : Record<string, never> extends AgentBody<N>
      ? { body?: AgentBody<N> }
      : { body: AgentBody<N> };

/** One agent call, answered with its checked `data`, or an ApiError. */
export type AgentApi = <N extends AgentCallName>(
  name: N,
  parts: AgentCallParts<N>,
) => Promise<AgentAnswer<N>>;

/**
 * The agent API over a transport, the one client of every agent-side call (the desk, the
 * administration, reports, email and webhooks): builds each call from the contract's table and
 * checks the answer against its schema, once, here.
 *
 * @example
 * const api = createAgentApi(createFetchTransport());
 * const { queue } = await api('poll', { query: { cursor: '0' } });
 */
export function createAgentApi(transport: AgentTransport): AgentApi {
  return async (name, parts) => {
    const route = agentRoutes[name];
    const path = agentPath(name, (parts.params ?? {}) as AgentParams<typeof name>, parts.query);
    let answer: unknown;
    try {
      // A POST or PUT always carries a JSON body (the server refuses an empty one declared JSON).
      const body = parts.body ?? (route.method === 'POST' || route.method === 'PUT' ? {} : undefined);
      answer = await (parts.signal
        ? transport.request(route.method, path, body, parts.signal)
        : transport.request(route.method, path, body));
    } catch (error) {
      throw unreachable(name, error);
    }
    return openAnswer(name, answer, (data) => check(route.answer, data, 'data'));
  };
}

/**
 * The browser's fetch, same-origin with the session cookie, never through the HTTP cache (a tab's
 * poll would wait behind the identical poll of another tab of the same agent).
 */
export function createFetchTransport(
  options: { baseUrl?: string; fetch?: typeof globalThis.fetch } = {},
): AgentTransport {
  const base = options.baseUrl ?? '';
  return {
    async request(method, path, body, signal) {
      const run = options.fetch ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args));
      const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
      const headers: Record<string, string> =
        body === undefined || isForm ? {} : { 'content-type': 'application/json' };
      const init = {
        method,
        credentials: 'same-origin' as const,
        cache: 'no-store' as const,
        headers,
        body: body === undefined ? undefined : isForm ? (body as FormData) : JSON.stringify(body),
        ...(signal && { signal }),
      };
      const response = await run(`${base}${path}`, init);
      // An error page that is not JSON is still an answer: its status is the code.
      return response
        .json()
        .catch(() => ({ code: response.status, data: null, message: response.statusText }));
    },
  };
}
