import {
  boolean,
  describes,
  describesEach,
  each,
  id,
  json,
  list,
  number,
  object,
  oneOf,
  optional,
  string,
  withDefault,
} from './build.js';
import { SenderType } from './codes.js';
import type { Schema } from './schema.js';
import type {
  CallResults,
  ChannelInfo,
  EventMsg,
  FormField,
  TreeNode,
  UploadData,
  WireMessage,
} from './types.js';

// The `data` of each call's successful answer. Servers may send more fields than these (they are
// dropped) and may leave out the ones with a default. Only what the client cannot work without is
// refused: a wrong type, or a sender the spec does not name.

const text = optional(string());
/** Open: see `toKnownMsgType`. */
const msgType: Schema<number | string> = { type: ['integer', 'string'] };
const count = optional(number());

/**
 * The fields every message and event has: declared once, for answers and (with the server's
 * limits, see requests.ts) for sendMsg. msgType is open: a type the client does not know is
 * shown as text or a file card (`toKnownMsgType`), never a reason to refuse a whole list.
 */
export const messageFields = {
  userId: withDefault(id, ''),
  senderType: oneOf(Object.values(SenderType)),
  senderName: text,
  msgType: withDefault(msgType, 1),
  msgContent: withDefault(string(), ''),
  msgTime: number(),
  fileName: text,
  fileSize: count,
  fileUrl: text,
  /** Seconds. */
  audioDuration: count,
  specialMsgFlag: count,
  clientType: count,
  notifyAdmin: count,
  remote: optional(boolean),
  robotAskMsgType: count,
  card: optional(
    object(
      { code: string({ minLength: 1 }), props: optional({ type: 'object', additionalProperties: true }) },
      ['code'],
    ),
  ),
  /** Extension: the writing agent's avatar URL. */
  senderAvatar: text,
  /** Extension: when the other side read the message, epoch ms. */
  readAt: count,
  /** A robot answer: the visitor message it answers. */
  replyTo: text,
  /** A reasoning model's thinking: its text, and its seconds once over. */
  thinking: optional(object({ text: string(), seconds: optional(number({ minimum: 0 })) }, ['text'])),
} satisfies Record<string, Schema>;

export const message = describes<WireMessage>()(
  object({ ...messageFields, id }, ['id', 'senderType', 'msgTime']),
);

export const eventMsg = describes<EventMsg>()(
  object(
    {
      ...messageFields,
      senderType: optional(messageFields.senderType),
      msgType: optional(msgType),
      msgTime: count,
      msgId: withDefault(id, ''),
      event_type: number(),
      adminNick: text,
      outType: count,
      /** Base64 of UTF-8 text; wins over msgContent. */
      msgContentEnc: text,
      waitIndex: count,
      /** Event 1301: where `delta` goes in the answer, in UTF-16 code units. */
      at: count,
      delta: text,
      /** Event 1301: where `thinkingDelta` goes in the model's thinking. */
      thinkingAt: count,
      thinkingDelta: text,
      /** Event 1303: the page's id of the last visitor message an agent read. */
      clientMsgId: text,
      /** Event 1301, once the answer's text began: the seconds the thinking took. */
      thinkingSeconds: count,
    },
    ['event_type'],
  ),
);

// A tree's children are trees: the one recursive shape, by `$ref`. A type cannot be worked out
// from a reference to itself, so the children are described as a `TreeNode` list by hand.
const treeChildren: Schema<TreeNode[]> = { type: 'array', items: { $ref: 'TreeNode' } };
const treeNode: Schema<TreeNode> = {
  $id: 'TreeNode',
  ...describes<TreeNode>()(
    object({ title: string(), content: text, link: text, children: optional(treeChildren) }, ['title']),
  ),
};

export const formField = describes<FormField>()(
  object(
    {
      name: string(),
      label: string(),
      type: oneOf(['text', 'email', 'phone', 'textarea', 'select']),
      required: optional(boolean),
      options: optional(list(string())),
      pattern: text,
    },
    ['name', 'label', 'type'],
  ),
);

const CHANNEL_SETTINGS = [
  'receiveMode',
  'robotWelcomeMode',
  'msgToTransferFlag',
  'faqMode',
  'userFormMode',
  'groupMode',
  'adminOfflineMode',
  'userQueueMode',
  'unWorkingMode',
  'adminCloseMode',
  'evaluateMode',
  'adminTimeoutMode',
  'adminTimeoutTime',
  'userTimeoutMode',
  'userTimeoutTime',
] as const;
const CHANNEL_TEXTS = [
  'titleDesc',
  'robotName',
  'robotWelcomeMsg',
  'adminOfflineMsg',
  'userQueueMsg',
  'unWorkingMsg',
  'userOverMsg',
  'adminCloseMsg',
  'adminTimeoutMsg',
  'userTimeoutMsg',
] as const;

const channelFields = {
  ...each(CHANNEL_SETTINGS, withDefault(number(), 0)),
  ...each(CHANNEL_TEXTS, withDefault(string(), '')),
  tenantId: id,
  autoTip: json(list(object({ title: text, content: string(), link: text }, ['content']))),
  faqConfig: json(list(treeNode)),
  userFormConfig: json(
    object({ formModal: oneOf([0, 1]), fields: list(formField) }, ['formModal', 'fields']),
  ),
  groupConfig: json(list(object({ groupId: id, groupName: withDefault(string(), '') }, ['groupId']))),
  // Extensions: a page's first screen. Optional, so a server of the spec alone still passes.
  robotAvatar: text,
  // Open, like msgType: a rule this client does not know reads as the default (`phoneRuleOf`).
  phoneRule: text,
  team: optional(
    object({
      agents: withDefault(list(object({ name: string(), avatar: text }, ['name']), { maxItems: 10 }), []),
      online: withDefault(boolean, false),
      replyTime: count,
      opensAt: count,
    }),
  ),
};

const upload = describes<UploadData>()(
  object({ url: string(), name: withDefault(string(), ''), suffix: withDefault(string(), '') }, ['url']),
);

/** A call whose answer carries no data: success is all it tells. */
export const noData: Schema<true> = { description: 'no data: success is all it tells' };

/**
 * The schema of each call's `data` (contract, "Calls").
 *
 * @example
 * check(answerSchemas.getEventMsg, answer.data, 'data', console.warn).msgList
 */
export const answerSchemas = describesEach<CallResults>()({
  channelInfo: describes<ChannelInfo>()(object(channelFields, ['tenantId'])),
  chatStart: object(
    {
      userId: id,
      sessionId: id,
      pollId: id,
      status: number(),
      userFormMode: withDefault(number(), 0),
      serverTime: count,
      uploadLimit: count,
      hasHistory: optional(boolean),
      transcript: optional(boolean),
    },
    ['userId', 'sessionId', 'pollId', 'status'],
  ),
  chatClose: noData,
  transferAgent: object(
    { adminNick: withDefault(string(), ''), status: number(), waitIndex: withDefault(number(), 0) },
    ['status'],
  ),
  getAdminCard: object({
    adminNick: withDefault(string(), ''),
    avatar: text,
    adminWelcomeMode: withDefault(number(), 0),
    adminWelcomeMsg: withDefault(string(), ''),
  }),
  getHistoryMsg: list(message),
  getSessionMsg: list(message),
  getOfflineMsg: list(message),
  addSessionMsg: object({ status: number() }, ['status']),
  getEventMsg: object({
    msgList: withDefault(list(eventMsg), []),
    status: withDefault(number(), 0),
    waitIndex: withDefault(number(), 0),
    cursor: optional({ type: ['string', 'number'] }),
    /** Present when the server held the poll for the client's `wait`: how long it holds, in ms. */
    wait: optional(number()),
  }),
  sysMsg: noData,
  sendMsg: object({ status: number() }, ['status']),
  msgComplete: noData,
  typing: noData,
  getEvaluateInfo: object(
    {
      starList: list(
        object({ star: number(), desc: withDefault(string(), ''), tags: optional(list(string())) }, ['star']),
      ),
    },
    ['starList'],
  ),
  evaluate: noData,
  submitUserForm: noData,
  leaveMsg: noData,
  transcript: object({ to: string() }, ['to']),
  robotAsk: message,
  robotTips: withDefault(list(string()), []),
  upload,
  uploadBase64: upload,
});
