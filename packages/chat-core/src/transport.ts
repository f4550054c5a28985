import { ApiError, type ApiErrorKind, ErrorCode, openAnswer, unreachable } from '@parley/chat-protocol';
import { defaultTimers } from './environment.js';
import type { CallName, CallResults, ChatTransport, Timers } from './types.js';
import { isObject, VALIDATORS, type Warn } from './validate.js';

/** Default request timeout (spec section 9). */
export const REQUEST_TIMEOUT = 20_000;
/** Timeout of `upload` and `uploadBase64`. */
export const UPLOAD_TIMEOUT = 60_000;

/**
 * The one error every failed call becomes: chat-protocol's `ApiError`, under the name this package
 * has always given it.
 *
 * @deprecated Use `ApiError` (the same class; `instanceof` either works).
 */
export const ChatApiError = ApiError;
/** @deprecated Use `ApiError`. */
export type ChatApiError = ApiError;
/** @deprecated Use `ApiErrorKind`. */
export type ChatApiErrorKind = ApiErrorKind;

export interface FetchTransportOptions {
  /** Origin (and path prefix) of the API; default the page's own origin. */
  apiBase?: string;
  /** Per-request timeout in ms (default 20 000). */
  timeout?: number;
  /** Timeout of uploads in ms (default 60 000). */
  uploadTimeout?: number;
  /** A fetch to use instead of the global one. */
  fetch?: typeof fetch;
  /** The timers of the timeouts; default the globals, looked up at each call. */
  timers?: Timers;
}

/**
 * The default transport: `POST {apiBase}/api/chat/visitor/{call}` on the platform's fetch, JSON or
 * multipart, no retries (the engine decides what to send again). Plain fetch, not a client
 * library: a timeout and an envelope are all it needs, and the bytes are the first screen's.
 *
 * @example
 * const transport = createFetchTransport({ apiBase: 'https://support.example.com' });
 */
export function createFetchTransport(options: FetchTransportOptions = {}): ChatTransport {
  const {
    apiBase = '',
    timeout = REQUEST_TIMEOUT,
    uploadTimeout = UPLOAD_TIMEOUT,
    timers = defaultTimers,
  } = options;
  return {
    async post(call, body) {
      const ms = call.startsWith('upload') ? uploadTimeout : timeout;
      const abort = new AbortController();
      let timer: unknown;
      const late = new Promise<never>((_, reject) => {
        timer = timers.setTimeout(() => {
          // Rejected before the abort, so the answer is "timeout", not the abort's network error.
          reject(new ApiError(call, 'timeout', `${call}: no answer within ${ms} ms`));
          abort.abort();
        }, ms);
      });
      late.catch(() => {});
      const json = !(body instanceof FormData);
      try {
        const response = await Promise.race([
          // `visitorPath`'s path, spelt here: its module builds every call's table, which the page
          // does not need (a test holds the two equal).
          (options.fetch ?? fetch)(`${apiBase}/api/chat/visitor/${call}`, {
            method: 'POST',
            body: json ? JSON.stringify(body) : body,
            headers: json ? { 'content-type': 'application/json' } : {},
            signal: abort.signal,
          }),
          late,
        ]);
        const answer: unknown = await Promise.race([response.json().catch(() => undefined), late]);
        // A server that answers an error status with the contract's envelope (the reference server
        // does: HTTP 404 with code 404) has still answered: its code and message are the failure.
        if (!response.ok) {
          if (isObject(answer) && typeof answer.code === 'number' && answer.code !== ErrorCode.ok)
            return answer;
          const { status } = response;
          throw new ApiError(call, 'http', `${call}: the server answered HTTP ${status}`, status);
        }
        if (answer === undefined) throw new ApiError(call, 'shape', `${call}: the answer is not JSON`);
        return answer;
      } catch (error) {
        throw unreachable(call, error);
      } finally {
        timers.clearTimeout(timer);
      }
    },
  };
}

/** A typed call: resolves to the validated `data`, rejects with an ApiError. */
export type ChatApi = <C extends CallName>(call: C, body: object) => Promise<CallResults[C]>;

/**
 * Wraps a transport with the envelope check and the validation of each call's `data`.
 *
 * @example
 * const api = createChatApi(createFetchTransport(), console.warn);
 * const channel = await api('channelInfo', { id: '7' });
 */
export function createChatApi(transport: ChatTransport, warn: Warn): ChatApi {
  return async (call, body) => {
    let answer: unknown;
    try {
      answer = await transport.post(call, body);
    } catch (error) {
      throw unreachable(call, error);
    }
    return openAnswer(call, answer, (data) => VALIDATORS[call](data, 'data', warn));
  };
}
