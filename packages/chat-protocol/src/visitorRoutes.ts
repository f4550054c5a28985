import { answerSchemas } from './answers.js';
import { type CallBodies, type JsonCallName, requestSchemas } from './requests.js';
import type { Schema } from './schema.js';
import type { CallName, CallResults } from './types.js';

// Where each visitor call lives and what it takes and answers: the server registers its routes
// from this table, the OpenAPI document is made from them, and a client builds its requests from
// the same path. (The engine spells the path with `visitorPath` alone, so the page does not bundle
// every request's schema.)

/** The path of a visitor call: every one is `POST` with a JSON body, `upload` with multipart. */
export const visitorPath = <C extends CallName>(call: C): `/api/chat/visitor/${C}` =>
  `/api/chat/visitor/${call}`;

/** What a visitor call's body is: the JSON body's fields (upload: a multipart `file` and `userId`). */
export type VisitorBody<C extends CallName> = C extends JsonCallName ? CallBodies[C] : { userId: string };

/**
 * What a server answers as a call's `data`: null for a call that answers nothing (a client reads
 * its success as `true`), else the call's data.
 */
export type VisitorAnswer<C extends CallName> = CallResults[C] extends true ? null : CallResults[C];

export interface VisitorRoute<C extends CallName> {
  method: 'POST';
  path: `/api/chat/visitor/${C}`;
  /** The JSON body's schema; absent for `upload`, whose body is multipart. */
  body?: Schema<VisitorBody<C>>;
  multipart?: true;
  answer: Schema<CallResults[C]>;
}

const route = <C extends CallName>(call: C): VisitorRoute<C> => ({
  method: 'POST',
  path: visitorPath(call),
  ...(call === 'upload'
    ? { multipart: true }
    : { body: requestSchemas[call as JsonCallName] as Schema<VisitorBody<C>> }),
  answer: answerSchemas[call],
});

/**
 * Every visitor call: method, path, body and answer schemas.
 *
 * @example
 * const { path, body } = visitorRoutes.sendMsg; // '/api/chat/visitor/sendMsg', its body schema
 */
export const visitorRoutes = Object.fromEntries(
  (Object.keys(answerSchemas) as CallName[]).map((call) => [call, route(call)]),
) as { [C in CallName]: VisitorRoute<C> };
