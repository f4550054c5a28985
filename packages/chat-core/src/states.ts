import type { ChatState, ReadyChatState } from './types.js';

// The engine's own state codes the spec names (section 3). The wire's codes are in @parley/chat-protocol.

/** historyMsgStatus: 0 idle, 1 loading, 2 no more. */
export const HistoryStatus = { idle: 0, loading: 1, noMore: 2 } as const;
export type HistoryStatus = (typeof HistoryStatus)[keyof typeof HistoryStatus];

/** evaluateStatus: 0 none, 1 shown, 2 submitted. */
export const EvaluateStatus = { none: 0, shown: 1, submitted: 2 } as const;
export type EvaluateStatus = (typeof EvaluateStatus)[keyof typeof EvaluateStatus];

/** The agent and visitor countdowns' value when off (spec: -1 means off). */
export const TIMEOUT_OFF = -1;

/**
 * The snapshot of a running session, for the parts that run only in one (events, transfer,
 * countdowns). Called outside one, it throws instead of reading a channel that is not there.
 *
 * @example
 * readyState(engine.get()).channelInfo.userQueueMsg
 */
export function readyState(state: ChatState): ReadyChatState {
  if (state.phase === 'ready') return state;
  throw new Error(`Chat not running: ${state.phase}`);
}
