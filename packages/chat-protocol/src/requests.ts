import { transcriptRequestSchema } from './agent/email.js';
import { messageFields } from './answers.js';
import { FIELD_LIMITS } from './limits.js';
import type { Schema } from './schema.js';
import type { CallName } from './types.js';
import { visitorContextSchemas } from './visitorContext.js';

// The body of each visitor call, as the reference server accepts it (Fastify compiles these with
// ajv). Ids are strings of at most 128 characters; free text has a length limit; fields a call
// does not name are allowed and ignored (the spec's payloads carry more than a server needs).

const requestId = { type: 'string', minLength: 1, maxLength: FIELD_LIMITS.id } as const;
const text = (maxLength: number): Schema => ({ type: 'string', maxLength });
const nullable = (schema: Schema): Schema => ({
  ...schema,
  type: [...(typeof schema.type === 'string' ? [schema.type] : (schema.type ?? [])), 'null'],
});
const userId = requestId;
/** An id a site or a seed chose, which may come as a number (`pid`, `groupId`). */
const looseId = { type: ['string', 'number', 'null'], maxLength: FIELD_LIMITS.id } as const satisfies Schema;

const object = (required: string[], properties: Record<string, Schema>): Schema => ({
  type: 'object',
  required,
  properties,
});

/**
 * The message fields a client may send (sendMsg, sysMsg): the names and types of the answers'
 * `messageFields`, with the server's limits. A file's URL must be one the server issued or an
 * absolute http(s) address.
 */
const LIMITS: Partial<Record<keyof typeof messageFields | 'clientMsgId', Schema>> = {
  userId,
  clientMsgId: text(FIELD_LIMITS.id),
  senderType: { type: 'integer' },
  senderName: text(FIELD_LIMITS.name),
  msgType: { anyOf: [{ type: 'integer' }, { type: 'string', maxLength: 32 }] },
  msgContent: text(FIELD_LIMITS.messageText),
  msgTime: { type: 'number' },
  fileName: text(FIELD_LIMITS.fileName),
  fileSize: { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER },
  fileUrl: { type: 'string', maxLength: 2048, pattern: '^(/uploads/|https?://)' },
  audioDuration: { type: 'number', minimum: 0 },
  specialMsgFlag: { type: 'integer' },
  clientType: { type: 'integer' },
  notifyAdmin: { type: 'integer' },
};
const messageBody: Record<string, Schema> = {};
for (const name of [...Object.keys(messageFields), 'clientMsgId']) {
  const limit = LIMITS[name as keyof typeof LIMITS];
  if (limit) messageBody[name] = limit;
}

/** Calls with a JSON body (upload is multipart). */
export type JsonCallName = Exclude<CallName, 'upload'>;

/**
 * The schema of each call's JSON body.
 *
 * @example
 * app.post('/api/chat/visitor/sendMsg', { schema: { body: requestSchemas.sendMsg } }, handler)
 */
export const requestSchemas: Record<JsonCallName, Schema> = {
  channelInfo: object(['id'], { id: requestId }),
  chatStart: object(['channelId'], {
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
  }),
  chatClose: object(['userId'], { userId }),
  transferAgent: object(['userId'], {
    userId,
    adminId: nullable(text(FIELD_LIMITS.id)),
    groupId: looseId,
  }),
  getAdminCard: object(['userId'], { userId }),
  getHistoryMsg: object(['userId', 'maxTime'], {
    userId,
    maxTime: { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER },
    pageSize: { type: 'integer', minimum: 1, maximum: 100 },
  }),
  getSessionMsg: object(['userId', 'sessionId'], { userId, sessionId: requestId }),
  getOfflineMsg: object(['userId'], { userId }),
  addSessionMsg: object(['userId', 'senderType', 'msgContent'], {
    ...messageBody,
    senderType: { enum: [3, 4] },
    msgContent: { type: 'string', minLength: 1, maxLength: FIELD_LIMITS.messageText },
  }),
  getEventMsg: object(['userId', 'pollId'], {
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
    wait: { type: 'integer', minimum: 0, maximum: 60_000 },
  }),
  sysMsg: object(['userId', 'msgContent'], { ...messageBody, msgContent: text(FIELD_LIMITS.messageText) }),
  sendMsg: object(['userId'], messageBody),
  msgComplete: object(['userId', 'pollId'], { userId, pollId: requestId }),
  typing: object(['userId'], { userId, msgContent: text(FIELD_LIMITS.messageText) }),
  getEvaluateInfo: object(['channelId'], { channelId: requestId, tenantId: nullable(text(FIELD_LIMITS.id)) }),
  evaluate: object(['userId', 'star'], {
    userId,
    star: { type: 'integer' },
    tags: { type: 'array', items: text(100), maxItems: 20 },
    content: text(2000),
  }),
  submitUserForm: object(['userId'], { userId }),
  leaveMsg: object(['userId', 'channelId', 'content'], {
    userId,
    channelId: requestId,
    name: text(FIELD_LIMITS.name),
    phone: text(FIELD_LIMITS.phone),
    email: text(FIELD_LIMITS.email),
    content: { type: 'string', minLength: 1, maxLength: FIELD_LIMITS.longText },
  }),
  transcript: transcriptRequestSchema,
  robotAsk: object(['userId', 'msgContent'], {
    userId,
    msgContent: text(2000),
    msgId: text(FIELD_LIMITS.id),
    /** The page reads the answer as it grows from the poll (events 1301, 1302): robotAsk answers at once. */
    stream: { type: 'boolean' },
  }),
  robotTips: object(['userId', 'msgContent'], { userId, msgContent: text(2000) }),
  uploadBase64: object(['userId', 'imgData'], { userId, imgData: { type: 'string', minLength: 1 } }),
};
