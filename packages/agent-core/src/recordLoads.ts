import type { ChatRecord, DeskEvent } from '@parley/chat-protocol';
import { applyEvents, fromServer } from './records.js';
import type { Store } from './store.js';
import type { DeskSnapshot } from './types.js';

// Chats' records loading from the server (a chat opened, a conversation inspected): the poll's
// events that come while one is on its way are applied after it, since the record may predate them.

export function createRecordLoads(store: Store<DeskSnapshot>) {
  /** Per chat, the events gathered for each load on its way (several may run at once). */
  const arrivedWhileLoading = new Map<string, Set<DeskEvent[]>>();
  /** Chats whose record came from the server (a record may hold only replies on their way). */
  const loaded = new Set<string>();

  return {
    /** The poll brought events: each load on its way gets those of its chat. */
    arrived(events: readonly DeskEvent[]): void {
      for (const event of events) {
        for (const gathered of arrivedWhileLoading.get(event.sessionId) ?? []) gathered.push(event);
      }
    },
    /**
     * Starts loading a chat's record: `set` puts what the server sent in the records, then the
     * events that came meanwhile; `done` stops gathering them (called by `set`, and on a failure).
     */
    start(sessionId: string) {
      const gathered: DeskEvent[] = [];
      const loads = arrivedWhileLoading.get(sessionId) ?? new Set<DeskEvent[]>();
      loads.add(gathered);
      arrivedWhileLoading.set(sessionId, loads);
      const done = () => {
        loads.delete(gathered);
        if (loads.size === 0 && arrivedWhileLoading.get(sessionId) === loads)
          arrivedWhileLoading.delete(sessionId);
      };
      return {
        set(record: ChatRecord) {
          loaded.add(sessionId);
          store.set((state) => ({
            records: applyEvents(
              { ...state.records, [sessionId]: fromServer(record, state.records[sessionId]) },
              gathered,
            ),
          }));
          done();
        },
        done,
      };
    },
    isLoaded: (sessionId: string) => loaded.has(sessionId),
    forget(sessionId: string): void {
      loaded.delete(sessionId);
    },
  };
}

export type RecordLoads = ReturnType<typeof createRecordLoads>;
