import {
  answerSchemas,
  type CallName,
  check,
  type Message,
  message as messageSchema,
  noData,
  toKnownMsgType,
  type Warn,
  type WireMessage,
  type CallResults as WireResults,
} from '@parley/chat-protocol';
import type { CallResults, EventMsg } from './types.js';

// The answers are checked against the contract's schemas (JSON Schema data from
// @parley/chat-protocol, interpreted by its ~1 KB `check`), the same schemas the server's
// validator compiles. What this module adds is the client's reading of an open field: a msgType
// the client does not know is shown as text, or as a file card when the message carries a file.

export { isObject, ShapeError, type Warn } from '@parley/chat-protocol';

/** Checks `value` (found at `path`) and returns it typed, or throws a ShapeError. */
export type Guard<T> = (value: unknown, path: string, warn: Warn) => T;

/** A message or event with its open wire type read as one the engine knows. */
const known = <M extends Pick<WireMessage, 'fileUrl'> & { msgType?: WireMessage['msgType'] }>(
  message: M,
): Omit<M, 'msgType'> & { msgType: M['msgType'] extends undefined ? undefined : Message['msgType'] } =>
  (message.msgType === undefined
    ? message
    : { ...message, msgType: toKnownMsgType(message.msgType, Boolean(message.fileUrl)) }) as never;

/**
 * How a call's checked data is read, from its answer schema: a message, a list of messages (history,
 * session, missed messages, any call added later) and the poll's events get their types read.
 */
function readerOf(call: CallName): ((data: never) => unknown) | undefined {
  const schema = answerSchemas[call];
  if (schema === messageSchema) return known;
  if (schema.items === messageSchema) return (list: WireMessage[]): Message[] => list.map(known);
  if (call === 'getEventMsg')
    return (poll: WireResults['getEventMsg']): CallResults['getEventMsg'] => ({
      ...poll,
      msgList: poll.msgList.map((event): EventMsg => known(event) as EventMsg),
    });
  return undefined;
}

function guard<C extends CallName>(call: C): Guard<CallResults[C]> {
  const schema = answerSchemas[call];
  const read = readerOf(call) as ((data: WireResults[C]) => CallResults[C]) | undefined;
  return (value, path, warn) => {
    // Calls whose `data` is null: success is all they tell, so they give `true`.
    if (schema === noData) return true as CallResults[C];
    const data = check(schema, value, path, warn) as WireResults[C];
    return read ? read(data) : (data as CallResults[C]);
  };
}

/** One guard per call, applied to the envelope's `data` of a successful answer. */
export const VALIDATORS = Object.fromEntries(
  (Object.keys(answerSchemas) as CallName[]).map((call) => [call, guard(call)]),
) as { [C in CallName]: Guard<CallResults[C]> };
