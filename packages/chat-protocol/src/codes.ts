// The protocol's numbers, named once (spec sections 3 and 4). Code compares against these names,
// never against bare numbers; the wire and the database keep the numbers.

/** Who wrote a message (spec section 3, senderType). */
export const SenderType = { visitor: 1, agent: 2, robot: 3, system: 4 } as const;
export type SenderType = (typeof SenderType)[keyof typeof SenderType];

/**
 * What a message carries (spec section 3, msgType). The contract can grow: a client shows a type it
 * does not know as text, or as a file card when the message carries a file (see `toKnownMsgType`).
 */
export const MsgType = {
  text: 1,
  image: 2,
  notice: 3,
  file: 4,
  audio: 5,
  video: 6,
  autoTip: 13,
  /** A card rendered by a component the page registered under `card.code` (its text is the fallback). */
  card: 'card',
  robotAnswer: 'answermsg',
  faq: 'faq',
  leaveMessage: 'leavemsg',
} as const;
export type MsgType = (typeof MsgType)[keyof typeof MsgType];

const KNOWN_MSG_TYPES: readonly unknown[] = Object.values(MsgType);

/**
 * The message type a client can show: a known one as it is; an unknown one as a file when the
 * message carries a file, else as text.
 *
 * @example
 * toKnownMsgType(99, false) // 1 (MsgType.text)
 * toKnownMsgType('sticker', true) // 4 (MsgType.file)
 */
export function toKnownMsgType(value: unknown, hasFile: boolean): MsgType {
  if (KNOWN_MSG_TYPES.includes(value)) return value as MsgType;
  return hasFile ? MsgType.file : MsgType.text;
}

/**
 * The session's status (spec section 4, chatStatus): 0 and 1 not yet with an agent, 2 with an
 * agent, 3 queued. The reference server also records 5 after a transfer outside working hours,
 * which a client treats as not yet with an agent.
 */
export const ChatStatus = { none: 0, agentsOffline: 1, withAgent: 2, queued: 3, outOfHours: 5 } as const;
export type ChatStatus = (typeof ChatStatus)[keyof typeof ChatStatus];

/** The `status` of a transferAgent answer (spec section 4, "Transfer response status"). */
export const TransferStatus = {
  closed: 0,
  agentsOffline: 1,
  connected: 2,
  queued: 3,
  failed: 4,
  outOfHours: 5,
  ignored: 6,
} as const;
export type TransferStatus = (typeof TransferStatus)[keyof typeof TransferStatus];

/** The `event_type` of a getEventMsg event (spec section 4, "Event types from polling"). */
export const VisitorEvent = {
  agentJoined: 1200,
  agentMessage: 1201,
  chatEnded: 1202,
  ratingRequested: 1203,
  agentTyping: 1204,
  messageDeleted: 1205,
  /** Clients ignore it (spec); the reference server sends it when the queue position changed. */
  queuePosition: 1207,
  refused: 1208,
  /**
   * Extension (the reference server's, beyond the spec): more of the robot's answer to `replyTo`
   * while it is generated; `delta` goes at `at` (characters), `thinkingDelta` at `thinkingAt`. A
   * page that does not stream ignores it and gets the whole answer from robotAsk.
   */
  robotDelta: 1301,
  /** Extension: the robot's final answer to `replyTo` (a Message), which replaces what streamed. */
  robotAnswer: 1302,
  /**
   * Extension: an agent read the visitor's messages up to the one with `msgId` (sent under
   * `clientMsgId`); a page shows "Seen" there. A page that does not show it ignores the event.
   */
  agentRead: 1303,
  /**
   * Extension: the serving agent left (logged out, went offline past the channel's time, was
   * disabled, or an administrator took the chat over): the chat is back at the front of the queue
   * (`waitIndex`), and a page shows that it waits for a person again. `adminNick` is who left.
   */
  agentLeft: 1304,
} as const;
export type VisitorEvent = (typeof VisitorEvent)[keyof typeof VisitorEvent];

/** Why a chat ended: the `outType` of event 1202. */
export const OutType = { visitorOver: 1, agentClosed: 2, openedElsewhere: 3 } as const;
export type OutType = (typeof OutType)[keyof typeof OutType];

/** The channel's receiveMode: 0 robot first; any other value is coerced to 3, human first. */
export const ReceiveMode = { robot: 0, human: 3 } as const;
export type ReceiveMode = (typeof ReceiveMode)[keyof typeof ReceiveMode];

/** The channel's on/off settings (robotWelcomeMode, evaluateMode, msgToTransferFlag, ...). */
export const Setting = { off: 0, on: 1 } as const;

/** A sendMsg answer's `status`: 1 means the server stored the message. */
export const SendStatus = { stored: 1 } as const;

/** The user form's `formModal`: 0 only until the visitor filled it once, 1 on every chat. */
export const FormModal = { untilFilled: 0, always: 1 } as const;

/** What the agent console's poll delivers (the reference server's agent API). */
export const AgentEvent = {
  message: 2101,
  rating: 2102,
  read: 2103,
  visitorClosed: 2104,
  form: 2105,
  note: 2106,
} as const;
export type AgentEvent = (typeof AgentEvent)[keyof typeof AgentEvent];

/** The name each agent event has in the console's poll answer. */
export const agentEventNames: Record<number, string> = {
  [AgentEvent.message]: 'message',
  [AgentEvent.rating]: 'rating',
  [AgentEvent.read]: 'read',
  [AgentEvent.visitorClosed]: 'visitorClosed',
  [AgentEvent.form]: 'form',
  [AgentEvent.note]: 'note',
};

/**
 * The `code` of an answer's envelope (and its HTTP status, on the agent API): 200 is success, any
 * other a refusal whose `message` says why. Both APIs use the same codes.
 */
export const ErrorCode = {
  ok: 200,
  badRequest: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  tooLarge: 413,
  unsupportedMediaType: 415,
  tooManyRequests: 429,
  internal: 500,
  unavailable: 503,
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/**
 * A refusal's machine-readable `type`, beside its code and its human `message`: stable, so a
 * client branches on it, never on the message's words. Each code has its type; a few refusals
 * name a narrower one (`missing_scope`, `needs_agent`, `idempotency_key_reused`).
 */
export const ERROR_TYPES = {
  // The codes as numbers (not `ErrorCode.…`), so a bundle that does not use the table drops it.
  400: 'invalid_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  500: 'internal',
  503: 'unavailable',
} as const;
/** The narrower types some refusals carry instead of their code's. */
export const SPECIFIC_ERROR_TYPES = ['missing_scope', 'needs_agent', 'idempotency_key_reused'] as const;
export type ErrorType =
  | (typeof ERROR_TYPES)[keyof typeof ERROR_TYPES]
  | (typeof SPECIFIC_ERROR_TYPES)[number]
  | 'error';

/** The type of a refusal with this code and no narrower type ('error' for a code outside the table). */
export const errorTypeOf = (code: number): ErrorType =>
  (ERROR_TYPES as Record<number, ErrorType>)[code] ?? 'error';

/** The fixed fields of a sysMsg call (spec section 7), beside senderType 4 and msgType 3. */
export const SYSTEM_MESSAGE_FLAGS = { specialMsgFlag: 3, clientType: 3, notifyAdmin: 1 } as const;
