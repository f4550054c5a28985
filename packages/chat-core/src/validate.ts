import type { CallName, CallResults, ChannelInfo, Message, SenderType, TreeNode } from './types.js';

// Hand-written guards instead of a schema library: the whole set is well under 1 KB min+gz,
// where zod/valibot would add several KB to an engine with a 10 KB budget.

/** A server answer that does not match the contract's shapes. */
export class ShapeError extends Error {}

export type Warn = (message: string) => void;
/** Checks `value` (found at `path`) and returns it typed, or throws a ShapeError. */
export type Guard<T> = (value: unknown, path: string, warn: Warn) => T;

const fail = (path: string, expected: string): never => {
  throw new ShapeError(`${path} should be ${expected}`);
};

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const string: Guard<string> = (v, p) => (typeof v === 'string' ? v : fail(p, 'a string'));
export const number: Guard<number> = (v, p) =>
  typeof v === 'number' && Number.isFinite(v) ? v : fail(p, 'a number');
const boolean: Guard<boolean> = (v, p) => (typeof v === 'boolean' ? v : fail(p, 'a boolean'));
/** Ids are strings on the wire; a numeric id is accepted and turned into one. */
export const id: Guard<string> = (v, p, w) => (typeof v === 'number' ? String(v) : string(v, p, w));
/** Calls whose `data` is null: success is all they tell, so they give `true`. */
const anything: Guard<true> = () => true;

/** Absent (undefined or null) gives `fallback`. */
export const withDefault =
  <T>(guard: Guard<T>, fallback: T): Guard<T> =>
  (v, p, w) =>
    v == null ? fallback : guard(v, p, w);
export const optional = <T>(guard: Guard<T>): Guard<T | undefined> =>
  withDefault<T | undefined>(guard, undefined);

export const oneOf =
  <const T extends readonly (string | number)[]>(values: T): Guard<T[number]> =>
  (v, p) =>
    values.includes(v as T[number]) ? (v as T[number]) : fail(p, `one of ${values.join(', ')}`);

export const list =
  <T>(guard: Guard<T>): Guard<T[]> =>
  (v, p, w) =>
    Array.isArray(v) ? v.map((item, index) => guard(item, `${p}[${index}]`, w)) : fail(p, 'a list');

type Shape = Record<string, Guard<unknown>>;
type Out<S extends Shape> = { [K in keyof S]: ReturnType<S[K]> };

/** An object with the shape's fields; unknown fields are dropped, absent optional ones omitted. */
export const object =
  <S extends Shape>(shape: S): Guard<Out<S>> =>
  (v, p, w) => {
    if (!isObject(v)) return fail(p, 'an object');
    const out: Record<string, unknown> = {};
    for (const key in shape) {
      const value = shape[key]?.(v[key], `${p}.${key}`, w);
      if (value !== undefined) out[key] = value;
    }
    return out as Out<S>;
  };

/**
 * A JSON-encoded string field (contract: "Fields named JSON"). Absent or empty: null. A string that
 * does not parse or does not match turns the feature off: null and a warning, never a failure.
 */
export const json =
  <T>(guard: Guard<T>): Guard<T | null> =>
  (v, p, w) => {
    if (v == null || v === '') return null;
    try {
      return guard(typeof v === 'string' ? JSON.parse(v) : v, p, w);
    } catch (error) {
      w(`${p} is not usable, feature turned off: ${(error as Error).message}`);
      return null;
    }
  };

const senderType = oneOf([1, 2, 3, 4]) as Guard<SenderType>;
const msgType = oneOf([1, 2, 3, 4, 5, 6, 13, 'answermsg', 'faq', 'leavemsg']);
const num = optional(number);
const text = optional(string);

/** Fields a message and an event share. */
const messageFields = {
  userId: withDefault(id, ''),
  senderName: text,
  msgContent: withDefault(string, ''),
  fileName: text,
  fileSize: num,
  fileUrl: text,
  audioDuration: num,
  specialMsgFlag: num,
  clientType: num,
  notifyAdmin: num,
  remote: optional(boolean),
  robotAskMsgType: num,
};

export const message: Guard<Message> = object({
  ...messageFields,
  id,
  senderType,
  msgType: withDefault(msgType, 1),
  msgTime: number,
});

const eventMsg = object({
  ...messageFields,
  msgId: withDefault(id, ''),
  event_type: number,
  senderType: optional(senderType),
  msgType: optional(msgType),
  msgTime: num,
  adminNick: text,
  outType: num,
  msgContentEnc: text,
  waitIndex: num,
});

const treeNode: Guard<TreeNode> = (v, p, w) =>
  object({ title: string, content: text, link: text, children: optional(list(treeNode)) })(v, p, w);

const CHANNEL_NUMBERS =
  'receiveMode robotWelcomeMode msgToTransferFlag faqMode userFormMode groupMode adminOfflineMode userQueueMode unWorkingMode adminCloseMode evaluateMode adminTimeoutMode adminTimeoutTime userTimeoutMode userTimeoutTime';
const CHANNEL_TEXTS =
  'titleDesc robotName robotWelcomeMsg adminOfflineMsg userQueueMsg unWorkingMsg userOverMsg adminCloseMsg adminTimeoutMsg userTimeoutMsg';

const channelShape: Shape = {
  tenantId: id,
  autoTip: json(list(object({ title: text, content: string, link: text }))),
  faqConfig: json(list(treeNode)),
  userFormConfig: json(
    object({
      formModal: oneOf([0, 1]),
      fields: list(
        object({
          name: string,
          label: string,
          type: oneOf(['text', 'email', 'phone', 'textarea', 'select']),
          required: optional(boolean),
          options: optional(list(string)),
          pattern: text,
        }),
      ),
    }),
  ),
  groupConfig: json(list(object({ groupId: id, groupName: withDefault(string, '') }))),
};
for (const field of CHANNEL_NUMBERS.split(' ')) channelShape[field] = withDefault(number, 0);
for (const field of CHANNEL_TEXTS.split(' ')) channelShape[field] = withDefault(string, '');

const upload = object({ url: string, name: withDefault(string, ''), suffix: withDefault(string, '') });

/** One guard per call, applied to the envelope's `data` of a successful answer. */
export const VALIDATORS: { [C in CallName]: Guard<CallResults[C]> } = {
  channelInfo: object(channelShape) as unknown as Guard<ChannelInfo>,
  chatStart: object({
    userId: id,
    sessionId: id,
    pollId: id,
    status: number,
    userFormMode: withDefault(number, 0),
    serverTime: num,
  }),
  chatClose: anything,
  transferAgent: object({
    adminNick: withDefault(string, ''),
    status: number,
    waitIndex: withDefault(number, 0),
  }),
  getAdminCard: object({
    adminNick: withDefault(string, ''),
    avatar: text,
    adminWelcomeMode: withDefault(number, 0),
    adminWelcomeMsg: withDefault(string, ''),
  }),
  getHistoryMsg: list(message),
  getSessionMsg: list(message),
  getEventMsg: object({
    msgList: withDefault(list(eventMsg), []),
    status: withDefault(number, 0),
    waitIndex: withDefault(number, 0),
    cursor: optional((v, p, w) => (typeof v === 'number' ? v : string(v, p, w))),
  }),
  sysMsg: anything,
  sendMsg: object({ status: number }),
  msgComplete: anything,
  typing: anything,
  getEvaluateInfo: object({
    starList: list(object({ star: number, desc: withDefault(string, ''), tags: optional(list(string)) })),
  }),
  evaluate: anything,
  submitUserForm: anything,
  leaveMsg: anything,
  robotAsk: message,
  robotTips: withDefault(list(string), []),
  upload,
  uploadBase64: upload,
};
