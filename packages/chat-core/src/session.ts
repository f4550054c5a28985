import { ApiError, MsgType, OutType, SenderType, Setting } from '@parley/chat-protocol';
import type { Conversation, Core, TransferRequest } from './context.js';
import {
  defaultConnectivity,
  defaultCreateObjectUrl,
  defaultLanguage,
  defaultLogger,
  defaultPageUrl,
  defaultReferrer,
  defaultSearch,
  defaultStorage,
  defaultTimers,
  defaultTimeZone,
  defaultVisibility,
  guardStorage,
} from './environment.js';
import { type EvaluationInput, openEvaluation, submitEvaluation } from './evaluation.js';
import { announceEnd, createEventHandler } from './events.js';
import type { OutgoingFile } from './files.js';
import { loadOlderHistory } from './history.js';
import { initialChatState } from './initialState.js';
import { mergeMessages, systemMessage } from './messages.js';
import { createOutbox, outboxKey } from './outbox.js';
import { createPolling } from './polling.js';
import { createReceipts } from './receipts.js';
import { createRobotStream } from './robotStream.js';
import { createRobotTips } from './robotTips.js';
import { createScheduler } from './scheduler.js';
import { createSender } from './send.js';
import { startChat } from './start.js';
import { EvaluateStatus, HistoryStatus } from './states.js';
import { createStatusTransitions } from './status.js';
import { createStore } from './store.js';
import { engineText } from './strings.js';
import { createSystemQueue } from './systemQueue.js';
import { createTimeouts } from './timeouts.js';
import { watchTitle } from './title.js';
import { requestTranscript, transcriptOffered } from './transcript.js';
import { createTransfer, GROUP_STORAGE_KEY } from './transfer.js';
import { type ChatApi, createChatApi, createFetchTransport } from './transport.js';
import type {
  ChatMessage,
  ChatState,
  ChatTransport,
  Logger,
  Signal,
  StorageLike,
  Timers,
  TreeNode,
} from './types.js';
import { type FormValues, type LeaveMessageInput, submitLeaveMessage, submitUserForm } from './userForm.js';

/** Everything from the outside world; each has a default that reads the browser lazily. */
export interface ChatSessionOptions {
  /** Carries the calls; default a fetch transport on `apiBase`. */
  transport?: ChatTransport;
  /** API origin for the default transport; default the page's own. */
  apiBase?: string;
  /** Clock in ms; default `Date.now()`. */
  now?: () => number;
  /** Default `(cb, ms) => globalThis.setTimeout(cb, ms)`, looked up at each call. */
  timers?: Timers;
  /** Default `globalThis.localStorage` when usable, else memory. */
  storage?: StorageLike;
  /** Page visibility; default `document.visibilityState` and `visibilitychange`. */
  visibility?: Signal;
  /** Network reachability; default `navigator.onLine` and `online`/`offline`. */
  connectivity?: Signal;
  /** Default the console. */
  logger?: Logger;
  /** The page's query string; default `location.search`. */
  search?: string;
  /** The page the visitor came from; default `document.referrer`. */
  referrer?: string;
  /**
   * The http(s) page the visitor is on; default the host page (`document.referrer`) when embedded
   * (`from=iframe`), else this page's address without its query (`location`).
   */
  pageUrl?: string;
  /** The visitor's language, a BCP 47 tag; default `navigator.language`. */
  language?: string;
  /** The visitor's IANA time zone; default `Intl.DateTimeFormat().resolvedOptions().timeZone`. */
  timeZone?: string;
  /** Told of each agent message when the page is embedded (`from=iframe`). */
  notifyParent?: (message: ChatMessage) => void;
  /** Local preview of a file while it uploads; default `URL.createObjectURL`. */
  createObjectUrl?: (file: Blob) => string | undefined;
}

/** The session: a subscribable snapshot and the visitor's commands. No command ever rejects. */
export interface ChatSession {
  /** Calls `listener` after each change; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
  /** The current state: immutable, the same object until something changes. */
  getSnapshot(): ChatState;
  /** Reads the URL, loads the channel, starts the chat and the polling. */
  start(): Promise<void>;
  sendText(text: string): Promise<void>;
  /** Uploads then sends a file; `audioDuration` in seconds for voice messages. */
  sendFile(file: OutgoingFile, audioDuration?: number): Promise<void>;
  loadOlderHistory(): Promise<void>;
  /** Asks for a human agent (a named agent or group, else the URL's, else the group rules). */
  transfer(request?: TransferRequest): Promise<void>;
  /** The visitor picked a group in the picker: remembered, then transferred to. */
  chooseGroup(groupId: string): Promise<void>;
  closeGroupForm(): void;
  /** Resolves true when the server took the form. */
  submitUserForm(values: FormValues): Promise<boolean>;
  setLeaveMessageOpen(open: boolean): void;
  leaveMessage(input: LeaveMessageInput): Promise<boolean>;
  /** Opens the transcript's form, only while `transcriptOffered`; closes it. */
  setTranscriptOpen(open: boolean): void;
  /** Mails the ended chat's transcript to `email`; resolves true when the server queued it. */
  requestTranscript(email: string): Promise<boolean>;
  /**
   * Adds the FAQ answer the visitor opened to the chat's record (addSessionMsg, as the robot), so
   * the agent sees what the visitor already read. Once per answer and chat; failures are logged.
   */
  recordFaqAnswer(node: Pick<TreeNode, 'title' | 'content'>): Promise<void>;
  /** Suggested questions for the text being typed (debounced); results in `robotTips`. */
  requestRobotTips(text: string): Promise<void>;
  /** Tells the agent the visitor is typing (status 2 only, at most every 500 ms). */
  notifyTyping(text: string): void;
  openEvaluation(): Promise<void>;
  submitEvaluation(input: EvaluationInput): Promise<boolean>;
  closeEvaluation(): void;
  /** Ends the chat (chatClose), status 0, chatClosed. */
  close(): Promise<void>;
  /** Sends a failed message again, in place. */
  retry(messageId: string): Promise<void>;
  setSound(on: boolean): void;
  setPageVisible(visible: boolean): void;
  dismissNotice(id: number): void;
  /** Stops every timer and listener; the snapshot stays readable. */
  dispose(): void;
}

export { initialChatState };

/** A command's unexpected failure is logged, never thrown at the app. */
function guarded<A extends unknown[], R>(logger: Logger, fallback: R, command: (...args: A) => Promise<R>) {
  return async (...args: A): Promise<R> => {
    try {
      return await command(...args);
    } catch (error) {
      logger.error('chat command failed', error);
      return fallback;
    }
  };
}

/**
 * Creates the visitor's chat session. Nothing happens until `start()`.
 *
 * @example
 * const chat = createChatSession({ apiBase: 'https://support.example.com' });
 * chat.subscribe(() => render(chat.getSnapshot()));
 * await chat.start();
 * await chat.sendText('Hello');
 */
export function createChatSession(options: ChatSessionOptions = {}): ChatSession {
  const logger = options.logger ?? defaultLogger;
  const now = options.now ?? (() => Date.now());
  const scheduler = createScheduler(options.timers ?? defaultTimers);
  const visibility = options.visibility ?? defaultVisibility();
  const connectivity = options.connectivity ?? defaultConnectivity();
  const store = createStore<ChatState>({ ...initialChatState(), pageVisible: visibility.get() });
  const typed = createChatApi(
    options.transport ?? createFetchTransport({ apiBase: options.apiBase, timers: options.timers }),
    (message) => logger.warn(message),
  );
  let disposed = false;
  let lastStamp = 0;
  let noticeId = 0;
  const cleanups: (() => void)[] = [];

  // Every answer from the server is a chance for the outbox: a message whose send failed while
  // the network was down goes out with the next answer, even if the reconnect itself was missed
  // (a send that hung across it). A send in flight is never repeated (see createSender).
  const setOnline = (online: boolean) => {
    core.set({ online });
    if (online) void sender.flush();
  };
  const api: ChatApi = async (call, body) => {
    try {
      const data = await typed(call, body);
      // An answer to a request sent before the browser went offline (a held poll, a send) does not
      // make the page online again while the browser says it is not: the offline notice would go
      // and come back, said twice. The next answer after the browser's `online` does.
      if (connectivity.get()) setOnline(true);
      return data;
    } catch (error) {
      if (error instanceof ApiError && (error.kind === 'network' || error.kind === 'timeout'))
        setOnline(false);
      throw error;
    }
  };

  // The parts, each given only what it uses (see context.ts). Parts that call each other in a
  // cycle (events end the polling that feeds them) are reached through arrows, resolved at call time.
  const core: Core = {
    get: store.getSnapshot,
    set: (patch) => {
      if (!disposed) store.set(patch);
    },
    api,
    attempt: (call, body) => api(call, body).catch((error) => void logger.warn(`${call} failed`, error)),
    after: scheduler.after,
    now,
    stamp: () => {
      lastStamp = Math.max(now(), lastStamp + 1);
      return lastStamp;
    },
    logger,
    storage: guardStorage(options.storage ?? defaultStorage(), logger),
  };
  const conversation: Conversation = {
    append: (...messages) => core.set((state) => ({ messages: mergeMessages(state.messages, messages) })),
    say(content, time) {
      if (typeof content === 'string' && !content.trim()) return;
      const stamp = core.stamp();
      conversation.append(systemMessage(`sys-${stamp}`, time ?? stamp, content));
    },
    notice: (text) => core.set((state) => ({ notices: [...state.notices, { ...text, id: ++noticeId }] })),
  };
  const systemQueue = createSystemQueue({ ...core, ...conversation });
  const enqueueSystemMessage = systemQueue.enqueue;
  const timeouts = createTimeouts({ ...core, enqueueSystemMessage });
  const receipts = createReceipts(core);
  const status = createStatusTransitions({
    ...core,
    ...conversation,
    polling: { start: () => polling.start(), stop: () => polling.stop() },
    timeouts,
    loadAdminCard,
  });
  const transfer = createTransfer({ ...core, ...conversation, status });
  const openEvaluationNow = () => openEvaluation(core);
  const robotStream = createRobotStream({ ...core, ...conversation });
  const polling = createPolling(
    core,
    createEventHandler({
      ...core,
      ...conversation,
      robotStream,
      status,
      stopPolling: () => polling.stop(),
      markRead: receipts.markRead,
      agentSpoke: timeouts.agentSpoke,
      notifyParent: (message) => options.notifyParent?.(message),
      openEvaluation: openEvaluationNow,
    }),
  );
  const sender = createSender({
    ...core,
    ...conversation,
    createObjectUrl: (file) => (options.createObjectUrl ?? defaultCreateObjectUrl)(file),
    transfer,
    robotStream,
    visitorSpoke: timeouts.visitorSpoke,
  });

  /** The agent's card; after a join its welcome is sent when enabled. */
  async function loadAdminCard(joinedNick?: string) {
    const card = await core.attempt('getAdminCard', { userId: core.get().userId });
    if (!card) return;
    core.set({ adminCard: card });
    if (joinedNick !== undefined && card.adminWelcomeMode === Setting.on) {
      enqueueSystemMessage(card.adminWelcomeMsg, card.adminNick || joinedNick);
    }
  }

  const setPageVisible = (visible: boolean) => {
    core.set(visible ? { pageVisible: true, hasNewMsg: false } : { pageVisible: false });
    if (visible) polling.wake();
    if (visible) receipts.markRead();
  };

  async function start() {
    const { phase, chatClosed } = core.get();
    // A failed start may be tried again (the app's "Try again"), a closed chat started anew (the
    // app's "Start a new chat"); a running one may not.
    if (phase === 'starting' || (phase === 'ready' && !chatClosed) || disposed) return;
    if (chatClosed) {
      core.set({
        chatClosed: false,
        evaluateStatus: EvaluateStatus.none,
        openEvaluate: false,
        openTranscript: false,
        adminCard: null,
        transferMsg: '',
        historyMsgStatus: HistoryStatus.idle, // the closed chat is history now
      });
    }
    if (!cleanups.length)
      cleanups.push(
        watchTitle(core, store.subscribe),
        visibility.subscribe(setPageVisible),
        connectivity.subscribe((online) => (online ? void sender.flush() : core.set({ online: false }))),
      );
    const visitor = await startChat(
      { ...core, ...conversation, status, transfer, startPolling: () => polling.start() },
      options.search ?? defaultSearch(),
      {
        referrer: options.referrer ?? defaultReferrer(),
        pageUrl: options.pageUrl,
        ownUrl: defaultPageUrl(),
        language: options.language ?? defaultLanguage(),
        timeZone: options.timeZone ?? defaultTimeZone(),
      },
    );
    if (!visitor) return;
    systemQueue.start();
    await sender.restore(createOutbox(core.storage, outboxKey(visitor.tenantId, visitor.userId)));
  }

  const command = <A extends unknown[]>(run: (...args: A) => Promise<unknown>) =>
    guarded(logger, undefined, async (...args: A) => void (await run(...args)));
  const form = <A extends unknown[]>(run: (...args: A) => Promise<boolean>) => guarded(logger, false, run);

  return {
    subscribe: store.subscribe,
    getSnapshot: store.getSnapshot,
    start: guarded(logger, undefined, async () => {
      try {
        await start();
      } catch (error) {
        core.set({
          phase: 'failed',
          error: engineText('generic', { message: String((error as Error)?.message ?? error) }),
          startRetryable: true,
        });
        throw error;
      }
    }),
    sendText: command(sender.sendText),
    sendFile: command(sender.sendFile),
    loadOlderHistory: command(() => loadOlderHistory(core)),
    transfer: command((request: TransferRequest = {}) => transfer(request)),
    chooseGroup: command(async (groupId: string) => {
      core.storage.setItem(GROUP_STORAGE_KEY, groupId);
      core.set({ openGroupForm: false });
      await transfer({ groupId });
    }),
    closeGroupForm: () => core.set({ openGroupForm: false }),
    submitUserForm: form((values: FormValues) =>
      submitUserForm({ ...core, ...conversation, transfer }, values),
    ),
    setLeaveMessageOpen: (open) => core.set({ openLeaveMsgForm: open }),
    leaveMessage: form((input: LeaveMessageInput) => submitLeaveMessage({ ...core, ...conversation }, input)),
    setTranscriptOpen: (open) => core.set({ openTranscript: open && transcriptOffered(core.get()) }),
    requestTranscript: form((email: string) => requestTranscript({ ...core, ...conversation }, email)),
    requestRobotTips: command(createRobotTips(core)),
    recordFaqAnswer: command(async (node: Pick<TreeNode, 'title' | 'content'>) => {
      const { userId, chatClosed } = core.get();
      if (!userId || chatClosed || !node.content?.trim()) return;
      await core.attempt('addSessionMsg', {
        userId,
        senderType: SenderType.robot,
        // The spec's own type for the FAQ: the agent sees what the visitor read, as such.
        msgType: MsgType.faq,
        msgContent: `${node.title}\n${node.content}`.slice(0, 10_000),
        msgTime: core.now(),
        clientMsgId: `faq:${node.title}`.slice(0, 128),
      });
    }),
    notifyTyping: receipts.typing,
    openEvaluation: command(openEvaluationNow),
    submitEvaluation: form((input: EvaluationInput) =>
      submitEvaluation({ ...core, ...conversation, enqueueSystemMessage }, input),
    ),
    closeEvaluation: () => core.set({ openEvaluate: false }),
    close: command(async () => {
      const { chatClosed, userId } = core.get();
      if (chatClosed || !userId) return;
      await status.close();
      // The visitor's own end reads like the agent's (outType 1): a line, then the rating if asked.
      announceEnd(
        { ...core, ...conversation, status, openEvaluation: openEvaluationNow },
        OutType.visitorOver,
      );
    }),
    retry: command(sender.retry),
    setSound: (on) => core.set({ openSound: on }),
    setPageVisible,
    dismissNotice: (id) =>
      core.set((state) => ({ notices: state.notices.filter((notice) => notice.id !== id) })),
    dispose() {
      scheduler.dispose();
      for (const cleanup of cleanups.splice(0)) cleanup();
      disposed = true;
    },
  };
}
