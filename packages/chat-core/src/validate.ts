import {
  answerSchemas,
  type CallName,
  type CallResults,
  check,
  type EventMsg,
  type Message,
  message as messageSchema,
  noData,
  toKnownMsgType,
  type Warn,
} from '@parley/chat-protocol';

// The answers are checked against the contract's schemas (JSON Schema data from
// @parley/chat-protocol, interpreted by its ~1 KB `check`), the same schemas the server's
// validator compiles. What this module adds is the client's reading of an open field: a msgType
// the client does not know is shown as text, or as a file card when the message carries a file.

export { isObject, ShapeError, type Warn } from '@parley/chat-protocol';

/** Checks `value` (found at `path`) and returns it typed, or throws a ShapeError. */
export type Guard<T> = (value: unknown, path: string, warn: Warn) => T;

const known = <M extends Pick<Message, 'fileUrl'> & { msgType?: Message['msgType'] }>(message: M): M =>
  message.msgType === undefined
    ? message
    : { ...message, msgType: toKnownMsgType(message.msgType, Boolean(message.fileUrl)) };

/**
 * How a call's checked data is read, from its answer schema: a message, a list of messages (history,
 * session, missed messages, any call added later) and the poll's events get their types read.
 */
function readerOf(call: CallName): ((data: never) => unknown) | undefined {
  const schema = answerSchemas[call];
  if (schema === messageSchema) return known;
  if (schema.items === messageSchema) return (list: Message[]) => list.map(known);
  if (call === 'getEventMsg')
    return (poll: CallResults['getEventMsg']) => ({
      ...poll,
      msgList: poll.msgList.map((event: EventMsg) => known(event)),
    });
  return undefined;
}

function guard<C extends CallName>(call: C): Guard<CallResults[C]> {
  const schema = answerSchemas[call];
  const read = readerOf(call) as ((data: CallResults[C]) => CallResults[C]) | undefined;
  return (value, path, warn) => {
    // Calls whose `data` is null: success is all they tell, so they give `true`.
    if (schema === noData) return true as CallResults[C];
    const data = check(schema, value, path, warn);
    return read ? read(data) : data;
  };
}

/** One guard per call, applied to the envelope's `data` of a successful answer. */
export const VALIDATORS = Object.fromEntries(
  (Object.keys(answerSchemas) as CallName[]).map((call) => [call, guard(call)]),
) as { [C in CallName]: Guard<CallResults[C]> };
