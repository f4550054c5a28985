import {
  ApiError,
  type ChatStartBody,
  ChatStatus,
  MsgType,
  ReceiveMode,
  SenderType,
  Setting,
} from '@parley/chat-protocol';
import type { Conversation, Core, Transfer } from './context.js';
import { keepLastRead, mergeMessages, systemMessage } from './messages.js';
import { HistoryStatus, readyState } from './states.js';
import type { StatusTransitions } from './status.js';
import { engineText, TEXTS } from './strings.js';
import { GROUP_STORAGE_KEY } from './transfer.js';
import type { ChannelInfo, ChatMessage, ChatStartData, EngineText } from './types.js';
import { readUrlParams } from './urlParams.js';
import { contactFromUrl, shouldShowUserForm } from './userForm.js';
import { type VisitorPage, visitorPageFields } from './visitorPage.js';

/**
 * Storage key of the visitor id of a tenant (spec section 3).
 *
 * @example
 * visitorIdKey('t1') // 'chat-t1-uid'
 */
export const visitorIdKey = (tenantId: string) => `chat-${tenantId}-uid`;

/**
 * The tenant of each channel this browser started a chat on (`{ channelId: tenantId }`): with it,
 * the next start knows the visitor id before channelInfo answers and asks both at once.
 */
export const CHANNEL_TENANTS_KEY = 'chat-channel-tenants';

/**
 * The visitor id to send before channelInfo answers, or undefined when it cannot be known yet
 * (the start then waits for the channel's tenant). A browser with no visitor id at all (a first
 * visit) has none; one that started a chat on this channel before has its tenant's.
 */
/** The remembered `{ channelId: tenantId }` map; null when absent or damaged. */
function readTenants(engine: Pick<StartDeps, 'storage'>): Record<string, unknown> | null {
  try {
    const saved: unknown = JSON.parse(engine.storage.getItem(CHANNEL_TENANTS_KEY) ?? 'null');
    return saved && typeof saved === 'object' ? (saved as Record<string, unknown>) : null;
  } catch {
    return null; // damaged: as if absent
  }
}

function earlyVisitorId(engine: Pick<StartDeps, 'storage'>, channelId: string): string | undefined {
  const tenant = readTenants(engine)?.[channelId];
  if (typeof tenant === 'string') return engine.storage.getItem(visitorIdKey(tenant)) ?? '';
  const keys = engine.storage.keys?.();
  if (keys && !keys.some((key) => /^chat-.*-uid$/.test(key))) return '';
  return undefined;
}

function rememberTenant(engine: Pick<StartDeps, 'storage'>, channelId: string, tenantId: string): void {
  const tenants = readTenants(engine) ?? {};
  if (tenants[channelId] === tenantId) return;
  engine.storage.setItem(CHANNEL_TENANTS_KEY, JSON.stringify({ ...tenants, [channelId]: tenantId }));
}

/**
 * Why the start failed, for the visitor (spec section 5): a server that answered (another code,
 * or no usable data) gives its own `message`; one that could not be reached gives the page's
 * "cannot be reached" in the visitor's language. The technical detail goes to the log only.
 */
function startFailure(
  engine: Pick<Core, 'logger'>,
  error: unknown,
  answered: 'unknownChannel' | 'sessionFailed',
): StartFailure {
  engine.logger.warn('the chat could not start', error);
  const apiError = error instanceof ApiError ? error : undefined;
  // Starting again can only help when the server was not reached or failed itself (5xx): a 4xx,
  // or an answer without the data, will be the same answer next time.
  const serverFault = apiError?.code !== undefined && apiError.code >= 500;
  const reachedServer = apiError?.kind === 'code' || apiError?.kind === 'shape';
  if (!reachedServer)
    return { text: engineText('unreachable'), retryable: apiError?.kind !== 'http' || serverFault };
  return {
    text: engineText(answered, { message: apiError?.serverMessage ?? '' }),
    retryable: serverFault,
  };
}

/** Why the chat did not start, and whether starting again can work. */
interface StartFailure {
  text: EngineText;
  retryable: boolean;
}

/** What the start sequence acts on. */
export interface StartDeps
  extends Pick<Core, 'api' | 'attempt' | 'get' | 'set' | 'now' | 'storage' | 'logger' | 'stamp'>,
    Pick<Conversation, 'append'> {
  status: Pick<StatusTransitions, 'join' | 'queue'>;
  transfer: Transfer;
  startPolling(): void;
}

const failStart = (engine: StartDeps, { text, retryable }: StartFailure): null => {
  engine.set({ error: text, startRetryable: retryable, phase: 'failed' });
  return null;
};

/** Not yet with an agent: the user form first, else human-first asks for an agent; polling at 5 s. */
function enterWaiting(engine: StartDeps) {
  const { channelInfo, chatStart, receiveMode } = readyState(engine.get());
  if (shouldShowUserForm(channelInfo, chatStart)) engine.set({ openUserForm: true });
  else if (receiveMode === ReceiveMode.human) void engine.transfer({}, true);
  engine.startPolling();
}

/** What each chat status does when the session starts (spec section 4, "Session status"). */
export const ENTRY_ACTIONS: Record<number, (engine: StartDeps) => void> = {
  [ChatStatus.none]: enterWaiting,
  [ChatStatus.agentsOffline]: enterWaiting,
  [ChatStatus.withAgent]: (engine) => engine.status.join(),
  [ChatStatus.queued]: (engine) => {
    engine.status.queue(engine.get().waitIndex);
    engine.startPolling();
  },
};

function applyChannel(engine: Pick<Core, 'set'>, channel: ChannelInfo) {
  const [titleKey, defaultTitle] = TEXTS.defaultTitle;
  engine.set({
    channelInfo: channel,
    tenantId: channel.tenantId,
    receiveMode: channel.receiveMode === ReceiveMode.robot ? ReceiveMode.robot : ReceiveMode.human,
    msgToTransferFlag: channel.msgToTransferFlag,
    userFormConfig: channel.userFormConfig,
    groupConfig: channel.groupConfig ?? [],
    documentTitle: channel.titleDesc || defaultTitle,
    documentTitleKey: channel.titleDesc ? null : titleKey,
  });
}

/** Robot welcome and FAQ (status 0), then one card per auto-tip. */
function welcomeMessages(engine: Pick<Core, 'get' | 'now'>, channel: ChannelInfo): ChatMessage[] {
  const { chatStatus, receiveMode } = engine.get();
  const time = engine.now();
  const robot = {
    userId: '',
    senderType: SenderType.robot,
    senderName: channel.robotName,
    msgTime: time,
  } as const;
  const messages: ChatMessage[] = [];
  if (
    chatStatus === ChatStatus.none &&
    receiveMode === ReceiveMode.robot &&
    channel.robotWelcomeMode === Setting.on
  ) {
    messages.push({
      ...robot,
      id: `robot-${time}`,
      msgType: MsgType.text,
      msgContent: channel.robotWelcomeMsg,
    });
  }
  if (chatStatus === ChatStatus.none && channel.faqMode === Setting.on && channel.faqConfig) {
    messages.push({
      ...robot,
      id: `faq-${time}`,
      msgType: MsgType.faq,
      msgContent: '',
      faq: channel.faqConfig,
    });
  }
  (channel.autoTip ?? []).forEach((tip, n) => {
    messages.push({
      ...robot,
      id: `autotip-${n}-${time}`,
      msgType: MsgType.autoTip,
      msgContent: tip.content,
      tip,
    });
  });
  return messages;
}

/**
 * A returning visitor's session messages replace the list; agent messages of earlier chats the
 * visitor has not read follow under a "While you were away" notice (getOfflineMsg).
 */
async function loadSessionMessages(engine: Pick<Core, 'get' | 'set' | 'attempt' | 'stamp'>) {
  const { userId, sessionId } = engine.get();
  const [list, missed] = await Promise.all([
    engine.attempt('getSessionMsg', { userId, sessionId }),
    engine.attempt('getOfflineMsg', { userId }),
  ]);
  if (list) engine.set({ messages: keepLastRead(mergeMessages([], list)) });
  if (missed?.length) {
    const first = missed[0] as ChatMessage;
    const notice = systemMessage(`sys-${engine.stamp()}`, first.msgTime, engineText('whileAway'));
    // Missed messages are older than this chat's: they go first.
    engine.set((state) => ({ messages: mergeMessages(state.messages, [notice, ...missed], true) }));
  }
}

/**
 * The start sequence: URL parameters, channelInfo, chatStart (with the stored visitor id), the
 * returning visitor's messages, welcome messages, then the entry action of the chat status.
 * Returns the visitor's ids once the session exists, or null (the error is in state).
 */
export async function startChat(
  engine: StartDeps,
  search: string,
  page: VisitorPage,
): Promise<{ tenantId: string; userId: string } | null> {
  const urlParams = readUrlParams(search);
  const channelId = urlParams.channelId ?? '';
  engine.set((state) => ({
    urlParams,
    channelId,
    // A new chat in the same page keeps what the visitor told in the last one.
    visitorContact: { ...contactFromUrl(urlParams), ...state.visitorContact },
    phase: 'starting',
    error: null,
    startRetryable: false,
  }));
  if (urlParams.conflictingChannelIds) {
    engine.logger.warn('the address names more than one channel', urlParams.conflictingChannelIds);
  }
  if (!channelId) return failStart(engine, { text: engineText('unknownChannelId'), retryable: false });
  const pageFields = visitorPageFields(urlParams, page);

  const startBody = (userId: string) =>
    ({
      channelId,
      pid: urlParams.pid ?? '',
      pidSignature: urlParams.pidSignature ?? '',
      params: urlParams.params ?? '',
      userName: urlParams.userName ?? '',
      userId,
      email: urlParams.email ?? '',
      phone: urlParams.phone ?? '',
      groupId: urlParams.groupId ?? engine.storage.getItem(GROUP_STORAGE_KEY) ?? '',
      adminId: urlParams.adminId ?? '',
      ...pageFields,
    }) satisfies ChatStartBody;
  // One round trip instead of two where the visitor id is known before the channel answers.
  const channelCall = engine.api('channelInfo', { id: channelId });
  const earlyId = earlyVisitorId(engine, channelId);
  const earlyStart = earlyId === undefined ? undefined : engine.api('chatStart', startBody(earlyId));
  earlyStart?.catch(() => {}); // its failure is read below, after the channel's

  let channel: ChannelInfo;
  try {
    channel = await channelCall;
  } catch (error) {
    return failStart(engine, startFailure(engine, error, 'unknownChannel'));
  }
  applyChannel(engine, channel);

  const uidKey = visitorIdKey(channel.tenantId);
  const storedId = engine.storage.getItem(uidKey) ?? '';
  let start: ChatStartData;
  try {
    // A channel that moved to another tenant since: ask again with that tenant's visitor id.
    start = await (earlyStart && earlyId === storedId
      ? earlyStart
      : engine.api('chatStart', startBody(storedId)));
  } catch (error) {
    return failStart(engine, startFailure(engine, error, 'sessionFailed'));
  }
  rememberTenant(engine, channelId, channel.tenantId);
  engine.storage.setItem(uidKey, start.userId);
  const { userId, sessionId, pollId, status } = start;
  engine.set({ userId, sessionId, pollId, chatStatus: status });
  // Only the server knows whether there are earlier chats: a visitor without a stored id may be one
  // the site names (pid). Unless it says there are none, history is offered; an empty page ends it.
  if (start.hasHistory === false) engine.set({ historyMsgStatus: HistoryStatus.noMore });
  if (storedId) await loadSessionMessages(engine);
  engine.append(...welcomeMessages(engine, channel));
  // Ready with the conversation in place: a page never draws a first screen that the returning
  // visitor's messages or the robot's welcome then replace (a layout shift on every load).
  engine.set({ chatStart: start, phase: 'ready' });
  (ENTRY_ACTIONS[status] ?? enterWaiting)(engine);
  return { tenantId: channel.tenantId, userId };
}
