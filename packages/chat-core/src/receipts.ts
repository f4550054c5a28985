import { ChatStatus } from '@parley/chat-protocol';
import type { Core } from './context.js';
import { throttle } from './scheduler.js';

/** Read receipts at most once per 5 s (spec section 9). */
export const READ_RECEIPT_THROTTLE = 5000;
/** Typing notices at most once per 500 ms. */
export const TYPING_THROTTLE = 500;

/**
 * Read receipts (msgComplete) and typing notices: only with an agent (status 2), receipts only
 * while the page is visible. Conditions are checked before and when the throttled call runs.
 */
export function createReceipts(engine: Pick<Core, 'get' | 'after' | 'now' | 'attempt'>) {
  const withAgent = () => engine.get().chatStatus === ChatStatus.withAgent;
  const canRead = () => withAgent() && engine.get().pageVisible;
  let typingText = '';
  const read = throttle(engine.after, engine.now, READ_RECEIPT_THROTTLE, () => {
    const { userId, pollId } = engine.get();
    if (canRead()) void engine.attempt('msgComplete', { userId, pollId });
  });
  const typing = throttle(engine.after, engine.now, TYPING_THROTTLE, () => {
    if (withAgent()) void engine.attempt('typing', { userId: engine.get().userId, msgContent: typingText });
  });
  return {
    markRead() {
      if (canRead()) read();
    },
    typing(text: string) {
      typingText = text;
      if (withAgent()) typing();
    },
  };
}
