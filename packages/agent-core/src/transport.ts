import {
  type AgentAnswer,
  type AgentBody,
  type AgentCallName,
  type AgentParams,
  type AgentQuery,
  agentPath,
  agentRoutes,
  check,
  ErrorCode,
  isObject,
  ShapeError,
} from '@parley/chat-protocol';
import type { AgentTransport } from './types.js';

/**
 * A call that did not succeed: no answer (`network`), a refusal (`code`, with the envelope's code
 * and message) or an answer that is not the contract's (`shape`).
 */
export class AgentApiError extends Error {
  constructor(
    readonly call: AgentCallName,
    readonly kind: 'network' | 'code' | 'shape',
    message: string,
    /** The envelope's code (see `ErrorCode`) when the server refused. */
    readonly code?: number,
  ) {
    super(message);
    this.name = 'AgentApiError';
  }
}

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

/** One agent call, answered with its checked `data`, or an AgentApiError. */
export type AgentApi = <N extends AgentCallName>(
  name: N,
  parts: AgentCallParts<N>,
) => Promise<AgentAnswer<N>>;

/**
 * The agent API over a transport: builds each call from the contract's table and checks the answer
 * against its schema, once, here.
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
      throw new AgentApiError(name, 'network', `${name}: ${(error as Error)?.message ?? String(error)}`);
    }
    if (!isObject(answer) || typeof answer.code !== 'number') {
      throw new AgentApiError(name, 'shape', `${name}: the answer has no {code, data, message} envelope`);
    }
    if (answer.code !== ErrorCode.ok) {
      const reason = typeof answer.message === 'string' && answer.message ? answer.message : 'refused';
      throw new AgentApiError(name, 'code', `${name}: ${reason} (code ${answer.code})`, answer.code);
    }
    try {
      return check(route.answer, answer.data, 'data');
    } catch (error) {
      if (error instanceof ShapeError) throw new AgentApiError(name, 'shape', `${name}: ${error.message}`);
      throw error;
    }
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
