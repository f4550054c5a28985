import { object, string } from './build.js';
import { ErrorCode } from './codes.js';
import type { Schema } from './schema.js';

/**
 * Every answer of both APIs: `code` 200 and the call's `data`, or another code (see `ErrorCode`),
 * `data` null and a `message` saying why.
 */
export interface Envelope<T> {
  code: number;
  data: T;
  message: string;
  /** On a refusal: its machine-readable type (`ErrorType`), e.g. `not_found`, `missing_scope`. */
  type?: string;
}

/** A successful answer around `data`. */
export const ok = <T>(data: T): Envelope<T> => ({ code: ErrorCode.ok, data, message: 'ok' });

/**
 * The schema of a successful answer around `data`'s schema: what a server hands Fastify as
 * `schema.response[200]`, so every answer is serialised from the contract's shape.
 *
 * @example
 * app.get('/api/agent/me', { schema: { response: { 200: envelope(agentAnswerSchemas.me) } } }, handler)
 */
export const envelope = <T>(data: Schema<T>): Schema<Envelope<T>> =>
  // `data` is null on a refusal, so not required: the type is the successful answer's.
  object({ code: { type: 'integer' }, data, message: string() }, ['code', 'message']) as Schema<Envelope<T>>;
