import type {
  AdminCard,
  AutoTip,
  CallName,
  ChannelInfo,
  ChatStartData,
  EvaluateInfo,
  Group,
  Message,
  MsgType,
  ReceiveMode,
  TransferData,
  TreeNode,
  UserFormConfig,
  EventMsg as WireEventMsg,
  EventPoll as WireEventPoll,
  CallResults as WireResults,
} from '@parley/chat-protocol';
import type { EvaluateStatus, HistoryStatus } from './states.js';
import type { UrlParams } from './urlParams.js';

/** A poll event as the engine reads it: its message type, if any, one it knows (`toKnownMsgType`). */
export type EventMsg = Omit<WireEventMsg, 'msgType'> & { msgType?: MsgType };
export type EventPoll = Omit<WireEventPoll, 'msgList'> & { msgList: EventMsg[] };

/**
 * Each call's data as the engine reads it: the wire's (`CallResults` of @parley/chat-protocol),
 * with every message's type one the engine knows.
 */
export type CallResults = Omit<
  WireResults,
  'getHistoryMsg' | 'getSessionMsg' | 'getOfflineMsg' | 'robotAsk' | 'getEventMsg'
> & {
  getHistoryMsg: Message[];
  getSessionMsg: Message[];
  getOfflineMsg: Message[];
  robotAsk: Message;
  getEventMsg: EventPoll;
};

// The wire's shapes live in @parley/chat-protocol (re-exported here, so an engine user needs one
// import); the rest are the engine's own.
export type {
  AdminCard,
  AutoTip,
  CallName,
  ChannelInfo,
  ChannelTeam,
  ChatStartData,
  EvaluateInfo,
  FormField,
  Group,
  Message,
  MessageStatus,
  Star,
  TransferData,
  TreeNode,
  UploadData,
  UserFormConfig,
} from '@parley/chat-protocol';

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
  /** A robot answer: the visitor message (its id) it answers. */
  replyTo?: string;
  /** A robot answer still being generated: `msgContent` is the text so far (robotStream.ts). */
  growing?: boolean;
  /**
   * A reasoning model's thinking before its answer: the text so far, when this page saw it start
   * (engine clock; absent for a recorded answer), and once the answer began, how many seconds it
   * took (the server's count when it sends one).
   */
  thinking?: { text: string; startedAt?: number; seconds?: number };
}

/**
 * Carries one call to the server and resolves to the parsed JSON body (the envelope, unchecked).
 * Rejects with an ApiError for network, timeout, HTTP and unparsable-body failures.
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
  /** Its keys (localStorage and sessionStorage have them): lets the engine know a first visit. */
  keys?(): string[];
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

/**
 * What the visitor has told about themselves, from what the site passed to chat start (`userName`,
 * `email`, `phone`) and the pre-chat form: forms that ask again start filled with it.
 */
export interface VisitorContact {
  name?: string;
  phone?: string;
  email?: string;
}

/**
 * The engine's whole state (spec section 3), plus what the app needs to render, typed by phase: a
 * ready session always carries its channel and its chat start, so no part of the engine that runs
 * in a session has to assume them.
 *
 * @example
 * const state = session.getSnapshot();
 * if (state.phase === 'ready') console.info(state.channelInfo.robotName);
 */
export type ChatState = ChatStateFields & (SessionNotReady | SessionReady);

/** The snapshot of a running session. */
export type ReadyChatState = ChatStateFields & SessionReady;

/** Where the session is: before `start()`, starting, running, or failed to start. */
export type SessionPhase = ChatState['phase'];

/**
 * Not running yet, or not any more. The channel may already be known: a chat start that failed
 * after the channel answered, or a new chat starting after an ended one.
 */
export interface SessionNotReady {
  phase: 'idle' | 'starting' | 'failed';
  channelInfo: ChannelInfo | null;
  chatStart: ChatStartData | null;
}

/** A running session: the channel and the chat start it began with. */
export interface SessionReady {
  phase: 'ready';
  channelInfo: ChannelInfo;
  chatStart: ChatStartData;
}

/** The fields every phase has. */
export interface ChatStateFields {
  // Message store state
  messages: readonly ChatMessage[];
  /** 0 idle, 1 loading, 2 no more. */
  historyMsgStatus: HistoryStatus;
  /** True while event polling runs. */
  eventMsgPollingSignal: boolean;
  /** The events of the last poll answer. */
  eventMsg: readonly EventMsg[];
  eventMsgDelay: number;
  /** An agent message arrived while the page was hidden (cleared when it shows). */
  hasNewMsg: boolean;
  /**
   * The id of the newest agent message that arrived by polling ('' none yet): changes once per
   * new agent message (not for history), for a page's sound or badge.
   */
  latestAgentMessageId: string;
  agentIsTyping: boolean;
  sysMsgsQueue: readonly SystemMessageItem[];
  // Visitor and session state
  error: EngineText | null;
  /**
   * Whether `start()` again can help after a failed start: the server was not reached or failed
   * itself (5xx). False for a missing channel id, a 4xx ("no such channel") or an unusable answer.
   */
  startRetryable: boolean;
  urlParams: UrlParams;
  openSound: boolean;
  documentTitle: string;
  /** Key of the default title when the channel gives none, else null. */
  documentTitleKey: string | null;
  chatClosed: boolean;
  channelId: string;
  tenantId: string;
  userId: string;
  sessionId: string;
  pollId: string;
  chatStatus: number;
  /** 0 robot first, 3 human first. */
  receiveMode: ReceiveMode;
  transferAgent: TransferData | null;
  waitIndex: number;
  adminCard: AdminCard | null;
  evaluateInfo: EvaluateInfo | null;
  openEvaluate: boolean;
  /** 0 none, 1 shown, 2 submitted. */
  evaluateStatus: EvaluateStatus;
  openUserForm: boolean;
  userFormConfig: UserFormConfig | null;
  openGroupForm: boolean;
  groupConfig: readonly Group[];
  openLeaveMsgForm: boolean;
  /** The visitor's name, phone and e-mail as far as given (never stored across page loads). */
  visitorContact: VisitorContact;
  /** The form that mails the ended chat's transcript is open (transcript.ts). */
  openTranscript: boolean;
  msgToTransferFlag: number;
  /** The visitor text that triggered the transfer ('' none yet). */
  transferMsg: string;
  timeoutTimerSignal: boolean;
  /** Seconds left before the agent timeout message; -1 off. */
  adminTimeoutTime: number;
  /** Seconds left before the visitor timeout message; -1 off. */
  userTimeoutTime: number;
  // Beyond the spec's list
  robotTips: readonly string[];
  notices: readonly Notice[];
  pageVisible: boolean;
  /** True on the flashing beats of the title (show 'You received a new message'). */
  titleFlash: boolean;
  online: boolean;
}
