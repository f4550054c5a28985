import type { Store } from './store.js';
import type { AgentApi } from './transport.js';
import type { DeskSnapshot, Outcome, PendingDelete, Timers } from './types.js';

// Deleting one of the agent's messages with an undo time: the message shows as gone at once
// (`deleting` in the snapshot), `undo` brings it back, and the server is told only when the time
// is over. A failed delete brings it back too; stopping the desk drops what waits (the messages
// stay, as the agent last saw them before the slip they may have meant to undo).

/** How long a deleted message can be brought back before the server is told. */
export const UNDO_DELETE_MS = 6000;

interface DeletesOptions {
  api: AgentApi;
  store: Store<DeskSnapshot>;
  timers: Timers;
  /** Runs a call as a desk command (an outcome, never a rejection). */
  command<T>(work: () => Promise<T>, refresh?: boolean): Promise<Outcome<T>>;
  undoMs: number;
}

export function createDeletes({ api, store, timers, command, undoMs }: DeletesOptions) {
  /** Deletes waiting out their undo time, by message id. */
  const waiting = new Map<string, { handle: unknown; settle: (outcome: Outcome<boolean>) => void }>();

  const hide = (messageId: string, hidden: boolean) =>
    store.set((state) => ({
      deleting: hidden
        ? [...state.deleting.filter((id) => id !== messageId), messageId]
        : state.deleting.filter((id) => id !== messageId),
    }));

  /** Stops waiting for `messageId`: the message is shown again, the delete settled as undone. */
  function cancel(messageId: string): boolean {
    const pending = waiting.get(messageId);
    if (!pending) return false;
    timers.clearTimeout(pending.handle);
    waiting.delete(messageId);
    hide(messageId, false);
    pending.settle({ ok: true, data: false });
    return true;
  }

  return {
    delete(sessionId: string, messageId: string): PendingDelete {
      cancel(messageId);
      let settle: (outcome: Outcome<boolean>) => void = () => {};
      const done = new Promise<Outcome<boolean>>((resolve) => {
        settle = resolve;
      });
      const send = async () => {
        waiting.delete(messageId);
        const outcome = await command(async () => {
          await api('deleteMessage', { params: { sessionId, messageId } });
          store.set((state) => {
            const record = state.records[sessionId];
            if (!record) return {};
            const messages = record.messages.filter((one) => one.id !== messageId);
            return { records: { ...state.records, [sessionId]: { ...record, messages } } };
          });
          return true;
        }, false);
        hide(messageId, false);
        settle(outcome);
      };
      waiting.set(messageId, { handle: timers.setTimeout(() => void send(), undoMs), settle });
      hide(messageId, true);
      return { undo: () => cancel(messageId), done };
    },
    /** The desk stops: every delete still waiting is dropped. */
    drop(): void {
      for (const messageId of [...waiting.keys()]) cancel(messageId);
    },
  };
}
