import { messageFields } from './answers.js';
import type { Schema } from './schema.js';
import type { CallName } from './types.js';
import { visitorContextSchemas } from './visitorContext.js';

// The body of each visitor call, as the reference server accepts it (Fastify compiles these with
// ajv). Ids are strings of at most 128 characters; free text has a length limit; fields a call
// does not name are allowed and ignored (the spec's payloads carry more than a server needs).

const requestId = { type: 'string', minLength: 1, maxLength: 128 } as const;
const text = (maxLength: number): Schema => ({ type: 'string', maxLength });
const nullable = (schema: Schema): Schema => ({
  ...schema,
  type: [...(typeof schema.type === 'string' ? [schema.type] : (schema.type ?? [])), 'null'],
});
const userId = requestId;

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
  clientMsgId: text(128),
  senderType: { type: 'integer' },
  senderName: text(200),
  msgType: { anyOf: [{ type: 'integer' }, { type: 'string', maxLength: 32 }] },
  msgContent: text(10_000),
  msgTime: { type: 'number' },
  fileName: text(255),
  fileSize: { type: 'number', minimum: 0 },
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
    pid: { type: ['string', 'number', 'null'] },
    pidSignature: nullable(text(128)),
    params: nullable(text(4000)),
    userName: nullable(text(200)),
    userId: nullable(text(128)),
    email: nullable(text(320)),
    phone: nullable(text(64)),
    groupId: { type: ['string', 'number', 'null'] },
    adminId: nullable(text(128)),
    previousUrl: nullable(text(4000)),
    ...visitorContextSchemas,
  }),
  chatClose: object(['userId'], { userId }),
  transferAgent: object(['userId'], {
    userId,
    adminId: nullable(text(128)),
    groupId: { type: ['string', 'number', 'null'] },
  }),
  getAdminCard: object(['userId'], { userId }),
  getHistoryMsg: object(['userId', 'maxTime'], {
    userId,
    maxTime: { type: 'number' },
    pageSize: { type: 'integer', minimum: 1, maximum: 100 },
  }),
  getSessionMsg: object(['userId', 'sessionId'], { userId, sessionId: requestId }),
  getOfflineMsg: object(['userId'], { userId }),
  addSessionMsg: object(['userId', 'senderType', 'msgContent'], {
    ...messageBody,
    senderType: { enum: [3, 4] },
    msgContent: { type: 'string', minLength: 1, maxLength: 10_000 },
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
  sysMsg: object(['userId', 'msgContent'], { ...messageBody, msgContent: text(10_000) }),
  sendMsg: object(['userId'], messageBody),
  msgComplete: object(['userId', 'pollId'], { userId, pollId: requestId }),
  typing: object(['userId'], { userId, msgContent: text(10_000) }),
  getEvaluateInfo: object(['channelId'], { channelId: requestId, tenantId: { type: ['string', 'null'] } }),
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
    name: text(200),
    phone: text(64),
    email: text(320),
    content: { type: 'string', minLength: 1, maxLength: 5000 },
  }),
  robotAsk: object(['userId', 'msgContent'], { userId, msgContent: text(2000), msgId: text(128) }),
  robotTips: object(['userId', 'msgContent'], { userId, msgContent: text(2000) }),
  uploadBase64: object(['userId', 'imgData'], { userId, imgData: { type: 'string', minLength: 1 } }),
};
