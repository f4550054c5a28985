import type { ChatRecord, DeskEvent } from '@parley/chat-protocol';
import type { ChatRecordView, DeskMessage } from './types.js';

// A chat's record (messages, rating, closed) and what each poll event does to it, as a table.

type Records = Readonly<Record<string, ChatRecordView>>;

/** A record as the server sent it, keeping the agent's replies still on their way. */
export function fromServer(record: ChatRecord, previous?: ChatRecordView): ChatRecordView {
  const unsent = previous?.messages.filter((message) => message.status !== undefined) ?? [];
  const stored = new Set(record.messages.map((message) => message.id));
  return {
    messages: [...record.messages, ...unsent.filter((message) => !stored.has(message.id))],
    rating: record.rating,
    closed: record.closed,
  };
}

/**
 * The record with `message` in the place of the one with id `replaces` (a pending reply the server
 * now has) or of an earlier copy of it, else at the end: never twice.
 */
export function withMessage(
  record: ChatRecordView,
  message: DeskMessage,
  replaces = message.id,
): ChatRecordView {
  let placed = false;
  const messages: DeskMessage[] = [];
  for (const one of record.messages) {
    if (one.id !== replaces && one.id !== message.id) messages.push(one);
    else if (!placed) {
      messages.push(message);
      placed = true;
    }
  }
  if (!placed) messages.push(message);
  return { ...record, messages };
}

type EventOf<T extends DeskEvent['type']> = Extract<DeskEvent, { type: T }>;

/** What each event type does to its chat's record; a type not listed is skipped. */
const EVENTS: { [T in DeskEvent['type']]: (record: ChatRecordView, event: EventOf<T>) => ChatRecordView } = {
  message: (record, event) =>
    record.messages.some((one) => one.id === event.message.id) ? record : withMessage(record, event.message),
  rating: (record, event) => ({
    ...record,
    rating: { star: event.star, tags: event.tags, ...(event.content ? { content: event.content } : {}) },
  }),
  read: (record, event) => {
    const read = new Set(event.msgIds);
    if (!record.messages.some((one) => read.has(one.id) && !one.read)) return record;
    return {
      ...record,
      messages: record.messages.map((one) => (read.has(one.id) ? { ...one, read: true } : one)),
    };
  },
  visitorClosed: (record) => (record.closed ? record : { ...record, closed: true }),
  form: (record) => record,
  // Notes live beside the record, in the inbox's details.
  note: (record) => record,
};

/** The records after the poll's events; the same object when none of them changed anything. */
export function applyEvents(records: Records, events: readonly DeskEvent[]): Records {
  let next = records;
  for (const event of events) {
    const record = next[event.sessionId];
    const apply = EVENTS[event.type] as
      | ((record: ChatRecordView, event: DeskEvent) => ChatRecordView)
      | undefined;
    if (!record || !apply) continue;
    const changed = apply(record, event);
    if (changed !== record) next = { ...next, [event.sessionId]: changed };
  }
  return next;
}
