/** The codes an answer's envelope can carry besides 200; the HTTP status matches the code. */
export type ErrorCode = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 500 | 503;

/** A refusal the caller can act on: answered as `{ code, data: null, message }`. */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const badRequest = (message: string) => new ApiError(400, message);
export const unauthorized = (message: string) => new ApiError(401, message);
export const notFound = (message: string) => new ApiError(404, message);
export const forbidden = (message: string) => new ApiError(403, message);

export interface Envelope<T> {
  code: number;
  data: T;
  message: string;
}

export function ok<T>(data: T): Envelope<T> {
  return { code: 200, data, message: 'ok' };
}
