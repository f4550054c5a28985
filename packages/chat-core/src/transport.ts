import { ErrorCode } from '@parley/chat-protocol';
import { defaultTimers } from './environment.js';
import type { CallName, CallResults, ChatTransport, Timers } from './types.js';
import { isObject, VALIDATORS, type Warn } from './validate.js';

/** Default request timeout (spec section 9). */
export const REQUEST_TIMEOUT = 20_000;
/** Timeout of `upload` and `uploadBase64`. */
export const UPLOAD_TIMEOUT = 60_000;

/** How a call failed: no network, no answer in time, non-2xx status, envelope code, or wrong shape. */
export type ChatApiErrorKind = 'network' | 'timeout' | 'http' | 'code' | 'shape';

/**
 * The one error every failed call becomes.
 *
 * @example
 * try { await api('chatStart', body) } catch (error) { if (error instanceof ChatApiError && error.kind === 'code') ... }
 */
export class ChatApiError extends Error {
  override name = 'ChatApiError';
  constructor(
    /** The call that failed, e.g. `chatStart`. */
    readonly call: string,
    readonly kind: ChatApiErrorKind,
    message: string,
    /** The envelope's code (kind `code`) or the HTTP status (kind `http`). */
    readonly code?: number,
    /** The envelope's own message, when the server gave one. */
    readonly serverMessage?: string,
  ) {
    super(message);
  }
}

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
          reject(new ChatApiError(call, 'timeout', `${call}: no answer within ${ms} ms`));
          abort.abort();
        }, ms);
      });
      late.catch(() => {});
      const json = !(body instanceof FormData);
      try {
        const response = await Promise.race([
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
          throw new ChatApiError(call, 'http', `${call}: the server answered HTTP ${status}`, status);
        }
        if (answer === undefined) throw new ChatApiError(call, 'shape', `${call}: the answer is not JSON`);
        return answer;
      } catch (error) {
        if (error instanceof ChatApiError) throw error;
        throw new ChatApiError(
          call,
          'network',
          `${call}: the server cannot be reached (${(error as Error)?.message ?? String(error)})`,
        );
      } finally {
        timers.clearTimeout(timer);
      }
    },
  };
}

/** A typed call: resolves to the validated `data`, rejects with a ChatApiError. */
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
      if (error instanceof ChatApiError) throw error;
      throw new ChatApiError(call, 'network', `${call}: ${(error as Error)?.message ?? String(error)}`);
    }
    if (!isObject(answer) || typeof answer.code !== 'number') {
      throw new ChatApiError(call, 'shape', `${call}: the answer has no {code, data, message} envelope`);
    }
    const serverMessage = typeof answer.message === 'string' ? answer.message : '';
    if (answer.code !== ErrorCode.ok) {
      const reason = serverMessage || 'the server refused the request';
      throw new ChatApiError(
        call,
        'code',
        `${call}: ${reason} (code ${answer.code})`,
        answer.code,
        serverMessage,
      );
    }
    try {
      return VALIDATORS[call](answer.data, 'data', warn);
    } catch (error) {
      throw new ChatApiError(
        call,
        'shape',
        `${call}: unexpected answer, ${(error as Error).message}`,
        answer.code,
        serverMessage,
      );
    }
  };
}
