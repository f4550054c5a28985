import { ErrorCode, type ErrorType, errorTypeOf } from '@parley/chat-protocol';

export { type Envelope, ok } from '@parley/chat-protocol';

/** The codes an answer's envelope can carry besides 200; the HTTP status matches the code. */
export type RefusalCode = Exclude<ErrorCode, typeof ErrorCode.ok>;

/** A refusal the caller can act on: answered as `{ code, data: null, message, type }`. */
export class ApiError extends Error {
  constructor(
    readonly code: RefusalCode,
    message: string,
    /** A narrower machine-readable type than the code's (`ErrorType`). */
    readonly type: ErrorType = errorTypeOf(code),
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const badRequest = (message: string) => new ApiError(ErrorCode.badRequest, message);
export const unauthorized = (message: string) => new ApiError(ErrorCode.unauthorized, message);
export const notFound = (message: string) => new ApiError(ErrorCode.notFound, message);
export const forbidden = (message: string) => new ApiError(ErrorCode.forbidden, message);
export const conflict = (message: string) => new ApiError(ErrorCode.conflict, message);
