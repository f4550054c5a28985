import type { UrlParams } from './urlParams.js';

// Wire types keep the spec's field names (spec section 3, contract "Shapes").

/** 1 visitor, 2 human agent, 3 robot, 4 system. */
export type SenderType = 1 | 2 | 3 | 4;
/** 1 text, 2 image, 3 notice, 4 file, 5 audio, 6 video, 13 auto-tip card, plus the string types. */
export type MsgType = 1 | 2 | 3 | 4 | 5 | 6 | 13 | 'answermsg' | 'faq' | 'leavemsg';
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
}

/** Text the engine makes: a stable key the app translates, the spec's English text and its values. */
export interface EngineText {
  key: string;
  text: string;
  params?: Record<string, string | number>;
}

/** A message in the engine's list: the wire message plus what the client adds. */
export interface ChatMessage extends Message {
  /** The id a retried send repeats, so the server stores it once. */
  clientMsgId?: string;
  /** Local preview (object URL) of a file while it uploads. */
  previewUrl?: string;
  /** Translation key of an engine-made message (its English text is `msgContent`). */
  noticeKey?: string;
  noticeParams?: Record<string, string | number>;
  /** The FAQ tree of a `faq` message. */
  faq?: readonly TreeNode[];
  /** The card of an auto-tip message (msgType 13). */
  tip?: AutoTip;
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
}

export interface ChatStartData {
  userId: string;
  sessionId: string;
  pollId: string;
  status: number;
  userFormMode: number;
  /** Server time at chat start; the first history page reads before it. */
  serverTime?: number;
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
export interface EventMsg extends Partial<Omit<Message, 'id'>> {
  msgId: string;
  event_type: number;
  adminNick?: string;
  outType?: number;
  /** Base64 of UTF-8 text; wins over msgContent. */
  msgContentEnc?: string;
  waitIndex?: number;
}
export interface EventPoll {
  msgList: EventMsg[];
  status: number;
  waitIndex: number;
  cursor?: string | number;
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
  getHistoryMsg: Message[];
  getSessionMsg: Message[];
  getEventMsg: EventPoll;
  sysMsg: true;
  sendMsg: { status: number };
  msgComplete: true;
  typing: true;
  getEvaluateInfo: EvaluateInfo;
  evaluate: true;
  submitUserForm: true;
  leaveMsg: true;
  robotAsk: Message;
  robotTips: string[];
  upload: UploadData;
  uploadBase64: UploadData;
}
export type CallName = keyof CallResults;

/**
 * Carries one call to the server and resolves to the parsed JSON body (the envelope, unchecked).
 * Rejects with a ChatApiError for network, timeout, HTTP and unparsable-body failures.
 */
export interface ChatTransport {
  post(call: CallName, body: object): Promise<unknown>;
}

export interface Logger {
  info(...args: unknown[]): void;
  warn(...args: unknown[]): void;
  error(...args: unknown[]): void;
}
export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}
/** The part of localStorage the engine uses. */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}
/** A boolean the outside world flips: page visibility, network reachability. */
export interface Signal {
  get(): boolean;
  subscribe(listener: (value: boolean) => void): () => void;
}

export interface Notice extends EngineText {
  id: number;
}

/** A system message waiting to be sent to the server (spec: one per tick). */
export interface SystemMessageItem {
  id: string;
  msgContent: string;
  senderName: string;
}

/** The engine's whole state (spec section 3), plus what the app needs to render. */
export interface ChatState {
  // Message store state
  messages: readonly ChatMessage[];
  /** 0 idle, 1 loading, 2 no more. */
  historyMsgStatus: 0 | 1 | 2;
  /** True while event polling runs. */
  eventMsgPollingSignal: boolean;
  /** The events of the last poll answer. */
  eventMsg: readonly EventMsg[];
  eventMsgDelay: number;
  /** An agent message arrived while the page was hidden (cleared when it shows). */
  hasNewMsg: boolean;
  agentIsTyping: boolean;
  sysMsgsQueue: readonly SystemMessageItem[];
  // Visitor and session state
  error: EngineText | null;
  urlParams: UrlParams;
  openSound: boolean;
  documentTitle: string;
  /** Key of the default title when the channel gives none, else null. */
  documentTitleKey: string | null;
  channelInfo: ChannelInfo | null;
  chatStart: ChatStartData | null;
  chatClosed: boolean;
  channelId: string;
  tenantId: string;
  userId: string;
  sessionId: string;
  pollId: string;
  chatStatus: number;
  /** 0 robot first, 3 human first. */
  receiveMode: 0 | 3;
  transferAgent: TransferData | null;
  waitIndex: number;
  adminCard: AdminCard | null;
  evaluateInfo: EvaluateInfo | null;
  openEvaluate: boolean;
  /** 0 none, 1 shown, 2 submitted. */
  evaluateStatus: 0 | 1 | 2;
  openUserForm: boolean;
  userFormConfig: UserFormConfig | null;
  openGroupForm: boolean;
  groupConfig: readonly Group[];
  openLeaveMsgForm: boolean;
  msgToTransferFlag: number;
  /** The visitor text that triggered the transfer ('' none yet). */
  transferMsg: string;
  timeoutTimerSignal: boolean;
  /** Seconds left before the agent timeout message; -1 off. */
  adminTimeoutTime: number;
  /** Seconds left before the visitor timeout message; -1 off. */
  userTimeoutTime: number;
  // Beyond the spec's list
  phase: 'idle' | 'starting' | 'ready' | 'failed';
  robotTips: readonly string[];
  notices: readonly Notice[];
  pageVisible: boolean;
  /** True on the flashing beats of the title (show 'You received a new message'). */
  titleFlash: boolean;
  online: boolean;
}
