import { transcriptRequestSchema } from './agent/email.js';
import type { messageFields } from './answers.js';
import { boolean, type Infer, integer, list, nullable, number, object, oneOf, string } from './build.js';
import { FIELD_LIMITS } from './limits.js';
import type { Schema } from './schema.js';
import type { CallName } from './types.js';
import { visitorContextSchemas } from './visitorContext.js';

// The body of each visitor call, as the reference server accepts it (Fastify compiles these with
// ajv). Ids are strings of at most 128 characters; free text has a length limit; fields a call
// does not name are allowed and ignored (the spec's payloads carry more than a server needs).

const requestId = string({ minLength: 1, maxLength: FIELD_LIMITS.id });
const text = (maxLength: number) => string({ maxLength });
const userId = requestId;
/** An id a site or a seed chose, which may come as a number (`pid`, `groupId`). */
const looseId = { type: ['string', 'number', 'null'], maxLength: FIELD_LIMITS.id } as const satisfies Schema;

/**
 * The message fields a client may send (sendMsg, sysMsg): the names and types of the answers'
 * `messageFields`, with the server's limits. A file's URL must be one the server issued or an
 * absolute http(s) address.
 */
const messageBody = {
  userId,
  clientMsgId: text(FIELD_LIMITS.id),
  senderType: integer(),
  senderName: text(FIELD_LIMITS.name),
  msgType: { anyOf: [{ type: 'integer' }, { type: 'string', maxLength: 32 }] },
  msgContent: text(FIELD_LIMITS.messageText),
  msgTime: number(),
  fileName: text(FIELD_LIMITS.fileName),
  fileSize: integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER }),
  fileUrl: string({ maxLength: 2048, pattern: '^(/uploads/|https?://)' }),
  audioDuration: number({ minimum: 0 }),
  specialMsgFlag: integer(),
  clientType: integer(),
  notifyAdmin: integer(),
} as const satisfies Partial<Record<keyof typeof messageFields | 'clientMsgId', Schema>>;

/** Calls with a JSON body (upload is multipart). */
export type JsonCallName = Exclude<CallName, 'upload'>;

/**
 * The schema of each call's JSON body.
 *
 * @example
 * app.post('/api/chat/visitor/sendMsg', { schema: { body: requestSchemas.sendMsg } }, handler)
 */
export const requestSchemas = {
  channelInfo: object({ id: requestId }, ['id']),
  chatStart: object(
    {
      channelId: requestId,
      pid: looseId,
      pidSignature: nullable(text(FIELD_LIMITS.id)),
      params: nullable(text(FIELD_LIMITS.pageText)),
      userName: nullable(text(FIELD_LIMITS.name)),
      userId: nullable(text(FIELD_LIMITS.id)),
      email: nullable(text(FIELD_LIMITS.email)),
      phone: nullable(text(FIELD_LIMITS.phone)),
      groupId: looseId,
      adminId: nullable(text(FIELD_LIMITS.id)),
      previousUrl: nullable(text(FIELD_LIMITS.pageText)),
      ...visitorContextSchemas,
    },
    ['channelId'],
  ),
  chatClose: object({ userId }, ['userId']),
  transferAgent: object(
    {
      userId,
      adminId: nullable(text(FIELD_LIMITS.id)),
      groupId: looseId,
    },
    ['userId'],
  ),
  getAdminCard: object({ userId }, ['userId']),
  getHistoryMsg: object(
    {
      userId,
      maxTime: integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER }),
      pageSize: integer({ minimum: 1, maximum: 100 }),
    },
    ['userId', 'maxTime'],
  ),
  getSessionMsg: object({ userId, sessionId: requestId }, ['userId', 'sessionId']),
  getOfflineMsg: object({ userId }, ['userId']),
  addSessionMsg: object(
    {
      ...messageBody,
      senderType: oneOf([3, 4]),
      msgContent: string({ minLength: 1, maxLength: FIELD_LIMITS.messageText }),
    },
    ['userId', 'senderType', 'msgContent'],
  ),
  getEventMsg: object(
    {
      userId,
      pollId: requestId,
      cursor: {
        anyOf: [
          { type: 'string', pattern: '^\\d{1,15}$' },
          { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER },
          { type: 'null' },
        ],
      },
      /** Long poll: hold the answer up to this many ms until an event exists (servers may ignore it). */
      wait: integer({ minimum: 0, maximum: 60_000 }),
    },
    ['userId', 'pollId'],
  ),
  sysMsg: object({ ...messageBody, msgContent: text(FIELD_LIMITS.messageText) }, ['userId', 'msgContent']),
  sendMsg: object(messageBody, ['userId']),
  msgComplete: object({ userId, pollId: requestId }, ['userId', 'pollId']),
  typing: object({ userId, msgContent: text(FIELD_LIMITS.messageText) }, ['userId']),
  getEvaluateInfo: object({ channelId: requestId, tenantId: nullable(text(FIELD_LIMITS.id)) }, ['channelId']),
  evaluate: object(
    {
      userId,
      star: integer(),
      tags: list(text(100), { maxItems: 20 }),
      content: text(2000),
    },
    ['userId', 'star'],
  ),
  submitUserForm: object({ userId }, ['userId']),
  leaveMsg: object(
    {
      userId,
      channelId: requestId,
      name: text(FIELD_LIMITS.name),
      phone: text(FIELD_LIMITS.phone),
      email: text(FIELD_LIMITS.email),
      content: string({ minLength: 1, maxLength: FIELD_LIMITS.longText }),
    },
    ['userId', 'channelId', 'content'],
  ),
  transcript: transcriptRequestSchema,
  robotAsk: object(
    {
      userId,
      msgContent: text(2000),
      msgId: text(FIELD_LIMITS.id),
      /** The page reads the answer as it grows from the poll (events 1301, 1302): robotAsk answers at once. */
      stream: boolean,
    },
    ['userId', 'msgContent'],
  ),
  robotTips: object({ userId, msgContent: text(2000) }, ['userId', 'msgContent']),
  uploadBase64: object({ userId, imgData: string({ minLength: 1 }) }, ['userId', 'imgData']),
} satisfies Record<JsonCallName, Schema>;

/**
 * What each call's body is, as a server's validator passes it: the schema's own type, fields that
 * may be absent or null as the schema says (bodies are not read with `check`, so null stays null).
 */
export type CallBodies = { [C in JsonCallName]: Infer<(typeof requestSchemas)[C]> };
