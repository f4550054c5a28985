import { type ChatRecord, type DeskEvent, MsgType, SenderType } from '@parley/chat-protocol';
import type { ChatRecordView, DeskMessage } from './types.js';

// A chat's record (messages, rating, closed) and what each poll event does to it, as a table.

type Records = Readonly<Record<string, ChatRecordView>>;

/** The placeholder of the robot's answer to the visitor message `replyTo` while it is written. */
export const answerId = (replyTo: string) => `answer-${replyTo}`;

/** Whether a message is the robot's answer still being written: its placeholder (msgType answermsg). */
export const isGrowing = (message: DeskMessage) => message.msgType === MsgType.robotAnswer;

/**
 * Text `known` with `more` placed at offset `at`: the longer of the two, so a part that comes again
 * changes nothing. Undefined when `at` is past the end: parts before it are missing.
 */
export function placeAt(known: string, at: number, more: string): string | undefined {
  if (at > known.length) return undefined;
  return at + more.length > known.length ? known.slice(0, at) + more : known;
}

/** Whether `messages` hold the robot's final answer to `replyTo` (which replaces its placeholder). */
const answered = (messages: readonly DeskMessage[], replyTo: string | undefined) =>
  replyTo !== undefined && messages.some((one) => !isGrowing(one) && one.replyTo === replyTo);

/** Of two copies of one placeholder, the one further along (the server's read or the parts since). */
function further(stored: DeskMessage, shown: DeskMessage | undefined): DeskMessage {
  if (!shown) return stored;
  const longer = (a = '', b = '') => (b.length > a.length ? b : a);
  const thinking = longer(stored.thinking?.text, shown.thinking?.text);
  const seconds = stored.thinking?.seconds ?? shown.thinking?.seconds;
  return {
    ...stored,
    msgContent: longer(stored.msgContent, shown.msgContent),
    ...(thinking && { thinking: { text: thinking, ...(seconds !== undefined && { seconds }) } }),
  };
}

/**
 * A record as the server sent it, keeping the agent's replies still on their way, and the robot's
 * answers being written as far as their parts have come: a placeholder the server's read does not
 * hold yet stays until its final answer is in the record.
 */
export function fromServer(record: ChatRecord, previous?: ChatRecordView): ChatRecordView {
  const unsent = previous?.messages.filter((message) => message.status !== undefined) ?? [];
  const growing = previous?.messages.filter(isGrowing) ?? [];
  const stored = new Set(record.messages.map((message) => message.id));
  const messages: DeskMessage[] = record.messages.map((message) =>
    isGrowing(message)
      ? further(
          message,
          growing.find((one) => one.id === message.id),
        )
      : message,
  );
  const stillGrowing = growing.filter(
    (message) => !stored.has(message.id) && !answered(record.messages, message.replyTo),
  );
  return {
    messages: [...messages, ...stillGrowing, ...unsent.filter((message) => !stored.has(message.id))],
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

/** A new placeholder for the robot's answer, named as the robot's earlier messages of the chat. */
function placeholder(record: ChatRecordView, event: EventOf<'robotDelta'>): DeskMessage {
  const robot = record.messages.findLast((one) => one.senderType === SenderType.robot);
  return {
    id: answerId(event.replyTo),
    userId: record.messages[0]?.userId ?? '',
    senderType: SenderType.robot,
    ...(robot?.senderName && { senderName: robot.senderName }),
    msgType: MsgType.robotAnswer,
    msgContent: '',
    msgTime: event.time ?? 0,
    replyTo: event.replyTo,
  };
}

/**
 * What each event type does to its chat's record; a type not listed is skipped. `missed` says the
 * record lacks something the event builds on (a part of the robot's answer came before it).
 */
const EVENTS: {
  [T in DeskEvent['type']]: (record: ChatRecordView, event: EventOf<T>, missed: () => void) => ChatRecordView;
} = {
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
  // The robot's answer as it grows: placed by offset, so a part that comes again changes nothing.
  robotDelta: (record, event, missed) => {
    if (answered(record.messages, event.replyTo)) return record;
    const shown =
      record.messages.find((one) => one.id === answerId(event.replyTo)) ?? placeholder(record, event);
    const text = placeAt(shown.msgContent, event.at, event.delta);
    const thinking = placeAt(shown.thinking?.text ?? '', event.thinkingAt, event.thinkingDelta);
    if (text === undefined || thinking === undefined) {
      missed();
      return record;
    }
    const seconds = event.thinkingSeconds ?? shown.thinking?.seconds;
    const grown: DeskMessage = {
      ...shown,
      msgContent: text,
      ...(thinking && { thinking: { text: thinking, ...(seconds !== undefined && { seconds }) } }),
    };
    return withMessage(record, grown);
  },
  // The final answer takes its placeholder's place: shown once, whatever came before.
  robotAnswer: (record, event) =>
    withMessage(record, { ...event.message, replyTo: event.replyTo }, answerId(event.replyTo)),
};

/**
 * The records after the poll's events; the same object when none of them changed anything.
 * `missed` is told each chat whose record lacks a part of the robot's answer: load it again.
 */
export function applyEvents(
  records: Records,
  events: readonly DeskEvent[],
  missed: (sessionId: string) => void = () => {},
): Records {
  let next = records;
  for (const event of events) {
    const record = next[event.sessionId];
    const apply = EVENTS[event.type] as
      | ((record: ChatRecordView, event: DeskEvent, missed: () => void) => ChatRecordView)
      | undefined;
    if (!record || !apply) continue;
    const changed = apply(record, event, () => missed(event.sessionId));
    if (changed !== record) next = { ...next, [event.sessionId]: changed };
  }
  return next;
}
