import type { Core } from './context.js';
import { keepLastRead, mergeMessages } from './messages.js';
import { HistoryStatus } from './states.js';

/** History page size (spec section 9). */
export const HISTORY_PAGE_SIZE = 20;

/**
 * Loads the page of history before the oldest shown message (or before the chat start's server
 * time): newest-first from the server, so reversed, then prepended without duplicates.
 */
export async function loadOlderHistory(engine: Pick<Core, 'attempt' | 'get' | 'now' | 'set'>): Promise<void> {
  const { historyMsgStatus, messages, chatStart, userId } = engine.get();
  if (historyMsgStatus !== HistoryStatus.idle || !userId) return;
  engine.set({ historyMsgStatus: HistoryStatus.loading });
  const maxTime = messages[0]?.msgTime ?? chatStart?.serverTime ?? engine.now();
  const page = await engine.attempt('getHistoryMsg', { pageSize: HISTORY_PAGE_SIZE, maxTime, userId });
  engine.set((state) => ({
    messages: keepLastRead(mergeMessages(state.messages, page?.reverse() ?? [], true)),
    historyMsgStatus: page && !page.length ? HistoryStatus.noMore : HistoryStatus.idle,
  }));
}
