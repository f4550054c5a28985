import { ChatStatus, MsgType, SenderType, Setting, TransferStatus } from '@parley/chat-protocol';
import type { Conversation, Core, Transfer } from './context.js';
import { patchMessage } from './messages.js';
import { FAST_POLL_DELAY } from './polling.js';
import { readyState } from './states.js';
import type { StatusTransitions } from './status.js';
import { engineText } from './strings.js';
import type { TransferData } from './types.js';

/** Storage key of the group the visitor picked (spec section 3). */
export const GROUP_STORAGE_KEY = 'chat-groupId';
/** Id of the queue message, refreshed in place as the position changes. */
export const WAIT_MESSAGE_ID = 'waitMsgId';

const channel = (engine: Pick<Core, 'get'>) => readyState(engine.get()).channelInfo;

/** The queue message with the position: the channel's userQueueMsg (`##` = position) or ours. */
export function showQueueMessage(engine: Pick<Core, 'get' | 'set' | 'now'>, waitIndex: number): void {
  const template = channel(engine).userQueueMsg;
  const text = engineText('queuePosition', { count: waitIndex });
  const fields = template
    ? {
        msgContent: template.replace(/##/g, String(waitIndex)),
        noticeKey: undefined,
        noticeParams: undefined,
      }
    : { msgContent: text.text, noticeKey: text.key, noticeParams: text.params };
  engine.set((state) => {
    const shown = state.messages.find((message) => message.id === WAIT_MESSAGE_ID);
    // The same position again (every poll while queued) changes nothing: no new list.
    if (shown?.msgContent === fields.msgContent && shown.noticeKey === fields.noticeKey) return { waitIndex };
    const message = {
      id: WAIT_MESSAGE_ID,
      userId: '',
      senderType: SenderType.system,
      msgType: MsgType.notice,
      msgTime: engine.now(),
      ...fields,
    } as const;
    return {
      waitIndex,
      messages: shown ? patchMessage(state.messages, WAIT_MESSAGE_ID, fields) : [...state.messages, message],
    };
  });
}

const showIf = (engine: Pick<Conversation, 'say'>, mode: number, text: string) => {
  if (mode === Setting.on) engine.say(text);
};

/** What each transferAgent status does (spec section 4, "Transfer response status"). */
/** What a transfer acts on. */
export interface TransferDeps
  extends Pick<Core, 'get' | 'set' | 'attempt' | 'now' | 'storage'>,
    Pick<Conversation, 'say'> {
  status: Pick<StatusTransitions, 'join' | 'queue' | 'close'>;
}

export const TRANSFER_RESULTS: Record<
  number,
  (engine: TransferDeps, data: TransferData) => void | Promise<void>
> = {
  [TransferStatus.closed]: (engine) => engine.status.close(),
  [TransferStatus.agentsOffline]: (engine) => {
    const { adminOfflineMode, adminOfflineMsg } = channel(engine);
    showIf(engine, adminOfflineMode, adminOfflineMsg);
    engine.set({ openLeaveMsgForm: true });
  },
  [TransferStatus.connected]: (engine, data) => engine.status.join(data.adminNick, engine.now()),
  [TransferStatus.queued]: (engine, data) => engine.status.queue(data.waitIndex),
  [TransferStatus.failed]: (engine) => engine.say(engineText('transferFailed')),
  [TransferStatus.outOfHours]: (engine) => {
    const { unWorkingMode, unWorkingMsg } = channel(engine);
    showIf(engine, unWorkingMode, unWorkingMsg);
    engine.set({ openLeaveMsgForm: true });
  },
  [TransferStatus.ignored]: () => {},
};

/** The group to transfer to, or null when the visitor must pick one (or none exists). */
function pickGroup(engine: TransferDeps): string | null {
  const groups = engine.get().groupConfig;
  const stored = engine.storage.getItem(GROUP_STORAGE_KEY);
  if (groups.some((group) => group.groupId === stored)) return stored;
  if (groups.length === 1) return (groups[0] as { groupId: string }).groupId;
  if (groups.length) engine.set({ openGroupForm: true });
  else engine.say(engineText('noAgentOnline'));
  return null;
}

/**
 * Asks for a human agent. Skipped with an agent or in the queue already, or while another
 * transfer runs; an automatic transfer of a message-triggered channel waits for the visitor's
 * first message. Without agent or group and with groups required, the group rules apply.
 */
export function createTransfer(engine: TransferDeps): Transfer {
  let busy = false;
  return async (request, automatic = false): Promise<void> => {
    const state = engine.get();
    if (
      busy ||
      state.chatStatus === ChatStatus.withAgent ||
      state.chatStatus === ChatStatus.queued ||
      !state.userId
    )
      return;
    if (automatic && state.msgToTransferFlag === Setting.on && !state.transferMsg) return;
    const adminId = request.adminId ?? state.urlParams.adminId ?? '';
    let groupId = request.groupId ?? state.urlParams.groupId ?? '';
    if (channel(engine).groupMode === Setting.on && !adminId && !groupId) {
      const picked = pickGroup(engine);
      if (picked === null) return;
      groupId = picked;
    }
    busy = true;
    engine.set({ eventMsgDelay: FAST_POLL_DELAY, openGroupForm: false });
    const data = await engine.attempt('transferAgent', { adminId, groupId, userId: state.userId });
    busy = false;
    if (!data) return engine.say(engineText('transferFailed'));
    engine.set({ transferAgent: data });
    await TRANSFER_RESULTS[data.status]?.(engine, data);
  };
}
