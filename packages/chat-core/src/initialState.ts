import { ChatStatus, ReceiveMode, Setting } from '@parley/chat-protocol';
import { POLL_DELAY } from './polling.js';
import { EvaluateStatus, HistoryStatus, TIMEOUT_OFF } from './states.js';
import { TEXTS } from './strings.js';
import type { ChatState } from './types.js';

/**
 * The spec's defaults (section 3): the snapshot before `start()`.
 *
 * @example
 * initialChatState().eventMsgDelay // 5000
 */
export function initialChatState(): ChatState {
  const [titleKey, title] = TEXTS.defaultTitle;
  return {
    messages: [],
    historyMsgStatus: HistoryStatus.idle,
    eventMsgPollingSignal: false,
    eventMsg: [],
    eventMsgDelay: POLL_DELAY,
    hasNewMsg: false,
    latestAgentMessageId: '',
    agentIsTyping: false,
    sysMsgsQueue: [],
    error: null,
    startRetryable: false,
    urlParams: {},
    openSound: true,
    documentTitle: title,
    documentTitleKey: titleKey,
    channelInfo: null,
    chatStart: null,
    chatClosed: false,
    channelId: '',
    tenantId: '',
    userId: '',
    sessionId: '',
    pollId: '',
    chatStatus: ChatStatus.none,
    receiveMode: ReceiveMode.robot,
    transferAgent: null,
    waitIndex: 0,
    adminCard: null,
    evaluateInfo: null,
    openEvaluate: false,
    evaluateStatus: EvaluateStatus.none,
    openUserForm: false,
    userFormConfig: null,
    openGroupForm: false,
    groupConfig: [],
    openLeaveMsgForm: false,
    visitorContact: {},
    openTranscript: false,
    msgToTransferFlag: Setting.off,
    transferMsg: '',
    timeoutTimerSignal: false,
    adminTimeoutTime: TIMEOUT_OFF,
    userTimeoutTime: TIMEOUT_OFF,
    phase: 'idle',
    robotTips: [],
    notices: [],
    pageVisible: true,
    titleFlash: false,
    online: true,
  };
}
