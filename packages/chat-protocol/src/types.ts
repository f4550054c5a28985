import type { MsgType, SenderType } from './codes.js';

// The contract's shapes (spec section 3, contract "Shapes"), as a client has them once checked:
// the JSON-string fields of a channel parsed, ids strings, defaults filled. Wire names stay.

/** Client-side delivery state. */
export type MessageStatus = 'pending' | 'sent' | 'fail';

/** A message as the server stores it. */
export interface Message {
  id: string;
  userId: string;
  senderType: SenderType;
  senderName?: string;
  msgType: MsgType;
  msgContent: string;
  msgTime: number;
  fileName?: string;
  fileSize?: number;
  fileUrl?: string;
  /** Seconds. */
  audioDuration?: number;
  status?: MessageStatus;
  specialMsgFlag?: number;
  clientType?: number;
  notifyAdmin?: number;
  remote?: boolean;
  robotAskMsgType?: number;
  /** A `card` message's component code and props; `msgContent` is its text for anyone who cannot show it. */
  card?: MessageCard;
  /** Extension: the avatar image URL of the agent who wrote it, as it was when they wrote. */
  senderAvatar?: string;
  /** Extension: when the other side read it (epoch ms): an agent for the visitor's messages. */
  readAt?: number;
  /** A robot answer (extension): the id of the visitor message it answers (the `msgId` of robotAsk). */
  replyTo?: string;
  /** A robot answer from a reasoning model (extension): its thinking, shown apart from the answer. */
  thinking?: MessageThinking;
}

/**
 * A reasoning model's thinking before its answer: the text, and once the answer itself began, how
 * many whole seconds the thinking took (absent while it goes on).
 */
export interface MessageThinking {
  text: string;
  seconds?: number;
}

/** What a card message shows: the code a page registered a component under, and its props. */
export interface MessageCard {
  code: string;
  props?: Record<string, unknown>;
}

export interface AutoTip {
  title?: string;
  content: string;
  link?: string;
}
export interface TreeNode {
  title: string;
  content?: string;
  link?: string;
  children?: TreeNode[];
}
export interface Group {
  groupId: string;
  groupName: string;
}
export interface FormField {
  name: string;
  label: string;
  type: 'text' | 'email' | 'phone' | 'textarea' | 'select';
  required?: boolean;
  options?: string[];
  pattern?: string;
}
export interface UserFormConfig {
  formModal: 0 | 1;
  fields: FormField[];
}

/**
 * The channel's settings. The JSON-string fields of the wire (autoTip, faqConfig, userFormConfig,
 * groupConfig) arrive parsed; null means absent or unparsable, i.e. the feature is off.
 */
export interface ChannelInfo {
  titleDesc: string;
  tenantId: string;
  receiveMode: number;
  robotName: string;
  robotWelcomeMode: number;
  robotWelcomeMsg: string;
  autoTip: AutoTip[] | null;
  msgToTransferFlag: number;
  faqMode: number;
  faqConfig: TreeNode[] | null;
  userFormMode: number;
  userFormConfig: UserFormConfig | null;
  groupMode: number;
  groupConfig: Group[] | null;
  adminOfflineMode: number;
  adminOfflineMsg: string;
  userQueueMode: number;
  userQueueMsg: string;
  unWorkingMode: number;
  unWorkingMsg: string;
  userOverMsg: string;
  adminCloseMode: number;
  adminCloseMsg: string;
  evaluateMode: number;
  adminTimeoutMode: number;
  /** Minutes. */
  adminTimeoutTime: number;
  adminTimeoutMsg: string;
  userTimeoutMode: number;
  /** Minutes. */
  userTimeoutTime: number;
  userTimeoutMsg: string;
  /** Extension: the robot's avatar image URL; without it a page draws its own robot avatar. */
  robotAvatar?: string;
  /** Extension: who answers on this channel, for a page's first screen. */
  team?: ChannelTeam;
  /**
   * Extension: how the page checks phone numbers, `international` (the default, also for a missing
   * or unknown value) or `cn-mobile` (the spec's 11 digits starting with 1). See `PhoneRule`.
   */
  phoneRule?: string;
}

/** Who answers on a channel right now, as a page's first screen shows it (extension). */
export interface ChannelTeam {
  /** A few of the channel's agents, those online first: their names and avatar URLs. */
  agents: { name: string; avatar?: string }[];
  /** Whether an agent is online and taking chats now. */
  online: boolean;
  /** How long a visitor usually waits for a person's first reply, ms. */
  replyTime?: number;
  /** Outside working hours: when the channel opens next (epoch ms). */
  opensAt?: number;
}

/**
 * A chatStart body as a page sends it: the page's URL parameters (spec section 2), the stored
 * visitor id and the referrer. Empty strings count as absent.
 */
export interface ChatStartBody {
  channelId: string;
  /** The host site's own id of the visitor. */
  pid?: string;
  /**
   * `HMAC-SHA256(secret, pid)` in lowercase hex, made by the host site's server with the channel's
   * identity secret: it proves the host vouches for `pid` (verified visitor identity).
   */
  pidSignature?: string;
  params?: string;
  userName?: string;
  /** The visitor id this page stored for the tenant; empty on a first visit. */
  userId?: string;
  email?: string;
  phone?: string;
  groupId?: string;
  adminId?: string;
  /** The page the visitor came from (the referrer). */
  previousUrl?: string;
  /** The http(s) page the visitor is on: the host page when the chat is embedded. */
  pageUrl?: string;
  /** The browser's language, a BCP 47 tag (`de-AT`). */
  language?: string;
  /** The browser's IANA time zone (`Europe/Vienna`), for the visitor's local time. */
  timeZone?: string;
}

export interface ChatStartData {
  userId: string;
  sessionId: string;
  pollId: string;
  status: number;
  userFormMode: number;
  /** Server time at chat start; the first history page reads before it. */
  serverTime?: number;
  /** The largest file the server takes, in bytes: a page can say a file is too large before uploading it. */
  uploadLimit?: number;
  /**
   * `false` when the server knows this visitor has no earlier messages: the page offers no history.
   * Absent (the spec's answer) means there may be some: the first empty history page says there is none.
   */
  hasHistory?: boolean;
  /**
   * `true` when the server mails a chat's transcript on request (`transcript`): the page may offer
   * it once a chat ends. Absent or `false`: it does not (no mail is set up, or another backend).
   */
  transcript?: boolean;
}
export interface TransferData {
  adminNick: string;
  status: number;
  waitIndex: number;
}
export interface AdminCard {
  adminNick: string;
  avatar?: string;
  adminWelcomeMode: number;
  adminWelcomeMsg: string;
}
export interface EventMsg
  extends Partial<Omit<WireMessage, 'id' | 'userId' | 'msgContent'>>,
    Pick<WireMessage, 'userId' | 'msgContent'> {
  msgId: string;
  event_type: number;
  adminNick?: string;
  outType?: number;
  /** Base64 of UTF-8 text; wins over msgContent. */
  msgContentEnc?: string;
  waitIndex?: number;
  /** Events 1301 (robotDelta) and 1302 (robotAnswer): the visitor message the robot answers. */
  replyTo?: string;
  /** Event 1301: where `delta` goes in the answer so far (UTF-16 code units). */
  at?: number;
  delta?: string;
  /** Event 1301: where `thinkingDelta` goes in the model's thinking so far. */
  thinkingAt?: number;
  thinkingDelta?: string;
  /** Event 1303 (agentRead): the `clientMsgId` the page sent the last message read under. */
  clientMsgId?: string;
  /** Event 1301, once the answer's text began: how many whole seconds the thinking took. */
  thinkingSeconds?: number;
}
export interface EventPoll {
  msgList: EventMsg[];
  status: number;
  waitIndex: number;
  cursor?: string | number;
  /** Set when the server held this poll for the client's `wait` hint: how long it holds, in ms. */
  wait?: number;
}
export interface Star {
  star: number;
  desc: string;
  tags?: string[];
}
export interface EvaluateInfo {
  starList: Star[];
}
export interface UploadData {
  url: string;
  name: string;
  suffix: string;
}

/** What each call's successful `data` holds once validated. */
export interface CallResults {
  channelInfo: ChannelInfo;
  chatStart: ChatStartData;
  chatClose: true;
  transferAgent: TransferData;
  getAdminCard: AdminCard;
  getHistoryMsg: WireMessage[];
  getSessionMsg: WireMessage[];
  getOfflineMsg: WireMessage[];
  addSessionMsg: { status: number };
  getEventMsg: EventPoll;
  sysMsg: true;
  sendMsg: { status: number };
  msgComplete: true;
  typing: true;
  getEvaluateInfo: EvaluateInfo;
  evaluate: true;
  submitUserForm: true;
  leaveMsg: true;
  /** The transcript was queued to this address (`transcript`). */
  transcript: { to: string };
  robotAsk: WireMessage;
  robotTips: string[];
  upload: UploadData;
  uploadBase64: UploadData;
}
export type CallName = keyof CallResults;

/**
 * A message as a server sends it: `msgType` is open (a server may store types a client does not
 * know yet; see `toKnownMsgType`), and there is no client delivery state.
 */
export type WireMessage = Omit<Message, 'msgType' | 'status'> & { msgType: number | string };

/** A sendMsg (or sysMsg) body: the message's fields without id and status, plus `clientMsgId`. */
export type SendMsgBody = Partial<Omit<WireMessage, 'id'>> & { clientMsgId?: string };
