import { ErrorCode } from './codes.js';
import { isObject } from './schema.js';

/**
 * How a call failed: no network, no answer in time, a status that is not the contract's, a refusal
 * (the envelope's code), or an answer of the wrong shape.
 */
export type ApiErrorKind = 'network' | 'timeout' | 'http' | 'code' | 'shape';

/**
 * The one error every failed call of every client becomes: the visitor's (chat-core) and the
 * agent's, administrator's and operator's (agent-core).
 *
 * @example
 * try { await api('report', { query }) } catch (error) {
 *   if (error instanceof ApiError && error.code === ErrorCode.forbidden) showNotAllowed();
 * }
 */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    /** The call that failed, by its name in the contract's table (`chatStart`, `report`). */
    readonly call: string,
    readonly kind: ApiErrorKind,
    message: string,
    /** The envelope's code (kind `code`; see `ErrorCode`) or the HTTP status (kind `http`). */
    readonly code?: number,
    /** The envelope's own message, when the server gave one. */
    readonly serverMessage?: string,
    /** The refusal's machine-readable type (`ErrorType`), when the server gave one. */
    readonly type?: string,
  ) {
    super(message);
  }
}

/**
 * A transport's failure as an ApiError: one already (a timeout, a status) as it is, anything else
 * as "the server cannot be reached".
 */
export function unreachable(call: string, error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const why = error instanceof Error ? error.message : String(error);
  return new ApiError(call, 'network', `${call}: the server cannot be reached (${why})`);
}

/**
 * The `data` of a call's answer: the `{ code, data, message }` envelope opened, a refusal thrown as
 * an ApiError of kind `code`, and `data` read by `read` (what it throws becomes kind `shape`).
 *
 * @example
 * const channel = openAnswer('channelInfo', await transport.post('channelInfo', body), readChannel);
 */
export function openAnswer<T>(call: string, answer: unknown, read: (data: unknown) => T): T {
  if (!isObject(answer) || typeof answer.code !== 'number') {
    throw new ApiError(call, 'shape', `${call}: the answer has no {code, data, message} envelope`);
  }
  const serverMessage = typeof answer.message === 'string' ? answer.message : '';
  if (answer.code !== ErrorCode.ok) {
    const reason = serverMessage || 'the server refused the request';
    const type = typeof answer.type === 'string' ? answer.type : undefined;
    throw new ApiError(
      call,
      'code',
      `${call}: ${reason} (code ${answer.code})`,
      answer.code,
      serverMessage,
      type,
    );
  }
  try {
    return read(answer.data);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    // No code (the call did not fail by one), but the server's words: a page shows them.
    throw new ApiError(call, 'shape', `${call}: unexpected answer, ${why}`, undefined, serverMessage);
  }
}
