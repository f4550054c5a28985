import { boolean, describes, describesEach, id, integer, list, number, object, oneOf } from '../build.js';
import type { Schema } from '../schema.js';
import {
  type Activity,
  CONVERSATION_STATUSES,
  type InboxCalls,
  type InboxRow,
  type Mention,
  type Note,
  PRIORITIES,
} from './inbox.js';
import { agentMessage, nullable, nullableText, rating, strings, text, time } from './parts.js';

// The `data` of the inbox calls' successes (inbox.ts), as JSON Schema.

const row = describes<InboxRow>()(
  object(
    {
      sessionId: id,
      visitorId: id,
      channelId: id,
      groupId: nullableText,
      visitorName: text,
      verified: boolean,
      verifiedPid: nullableText,
      status: oneOf(CONVERSATION_STATUSES),
      priority: oneOf(PRIORITIES),
      live: boolean,
      assignee: nullable(object({ id, nick: text }, ['id', 'nick'])),
      lastMessage: nullable(
        object({ text, senderType: integer(), msgType: text, time }, [
          'text',
          'senderType',
          'msgType',
          'time',
        ]),
      ),
      unread: integer(),
      waitingSince: nullable(time),
      replyTargetMs: number(),
      lastActivityAt: time,
      createdAt: time,
      snoozedUntil: nullable(time),
      labels: strings,
      rating: nullable(rating),
      leftMessage: boolean,
    },
    [
      'sessionId',
      'visitorId',
      'channelId',
      'groupId',
      'visitorName',
      'verified',
      'verifiedPid',
      'status',
      'priority',
      'live',
      'assignee',
      'lastMessage',
      'unread',
      'waitingSince',
      'replyTargetMs',
      'lastActivityAt',
      'createdAt',
      'snoozedUntil',
      'labels',
      'rating',
      'leftMessage',
    ],
  ),
);

export const noteSchema = describes<Note>()(
  object({ id, sessionId: id, agentId: id, agentNick: text, body: text, mentions: list(id), time }, [
    'id',
    'sessionId',
    'agentId',
    'agentNick',
    'body',
    'mentions',
    'time',
  ]),
);

const mention = describes<Mention>()(
  object({ conversation: row, note: noteSchema, seen: boolean }, ['conversation', 'note', 'seen']),
);

const activity = describes<Activity>()(
  object(
    {
      id,
      kind: oneOf([
        'status',
        'priority',
        'labels',
        'beyondCapacity',
        'assigned',
        'requeued',
        'takenOver',
      ] as const),
      agentId: nullableText,
      agentNick: nullableText,
      detail: { type: 'object', additionalProperties: true },
      time,
    },
    ['id', 'kind', 'agentId', 'agentNick', 'detail', 'time'],
  ),
);

const done: Schema<null> = { type: 'null', description: 'no data: success is all it tells' };
const counts = object({ mine: integer(), unassigned: integer(), all: integer() }, [
  'mine',
  'unassigned',
  'all',
]);

export const inboxAnswerSchemas = describesEach<{ [N in keyof InboxCalls]: InboxCalls[N]['answer'] }>()({
  inbox: object({ conversations: list(row), counts, next: nullableText }, [
    'conversations',
    'counts',
    'next',
  ]),
  conversation: object(
    {
      conversation: row,
      messages: list(agentMessage),
      notes: list(noteSchema),
      activity: list(activity),
      emailTo: nullableText,
    },
    ['conversation', 'messages', 'notes', 'activity', 'emailTo'],
  ),
  search: object(
    {
      hits: list(
        object(
          {
            conversation: row,
            messageId: nullableText,
            noteId: nullableText,
            snippet: text,
            time,
          },
          ['conversation', 'messageId', 'noteId', 'snippet', 'time'],
        ),
      ),
    },
    ['hits'],
  ),
  labels: list(object({ label: text, count: integer() }, ['label', 'count'])),
  setStatus: done,
  setPriority: done,
  setLabels: object({ labels: strings }, ['labels']),
  addNote: noteSchema,
  emailReply: object({ to: text, message: agentMessage }, ['to', 'message']),
  seen: done,
  mentions: object({ mentions: list(mention), unseen: integer() }, ['mentions', 'unseen']),
  today: object(
    {
      handled: integer(),
      medianFirstResponseMs: nullable(number()),
      ratingAverage: nullable(number()),
      ratings: integer(),
    },
    ['handled', 'medianFirstResponseMs', 'ratingAverage', 'ratings'],
  ),
});
