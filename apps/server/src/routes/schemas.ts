/** JSON schemas for the visitor calls' bodies (Fastify compiles them with ajv). */

const id = { type: 'string', minLength: 1, maxLength: 128 } as const;
const optionalText = (maxLength: number) => ({ type: 'string', maxLength }) as const;
const userId = id;

const object = (required: string[], properties: Record<string, unknown>) => ({
  type: 'object',
  required,
  properties,
  // Clients may send fields the server does not need (the spec's full payloads); they are ignored.
  additionalProperties: true,
});

const messageFields = {
  userId,
  clientMsgId: optionalText(128),
  senderType: { type: 'integer' },
  senderName: optionalText(200),
  msgType: { anyOf: [{ type: 'integer' }, { type: 'string', maxLength: 32 }] },
  msgContent: optionalText(10_000),
  msgTime: { type: 'number' },
  fileName: optionalText(255),
  fileSize: { type: 'number', minimum: 0 },
  fileUrl: { type: 'string', maxLength: 2048, pattern: '^(/uploads/|https?://)' },
  audioDuration: { type: 'number', minimum: 0 },
  specialMsgFlag: { type: 'integer' },
  clientType: { type: 'integer' },
  notifyAdmin: { type: 'integer' },
};

export const visitorSchemas = {
  channelInfo: object(['id'], { id }),
  chatStart: object(['channelId'], {
    channelId: id,
    pid: { type: ['string', 'number', 'null'] },
    params: { type: ['string', 'null'], maxLength: 4000 },
    userName: { type: ['string', 'null'], maxLength: 200 },
    userId: { type: ['string', 'null'], maxLength: 128 },
    email: { type: ['string', 'null'], maxLength: 320 },
    phone: { type: ['string', 'null'], maxLength: 64 },
    groupId: { type: ['string', 'number', 'null'] },
    adminId: { type: ['string', 'null'], maxLength: 128 },
    previousUrl: { type: ['string', 'null'], maxLength: 4000 },
  }),
  chatClose: object(['userId'], { userId }),
  transferAgent: object(['userId'], {
    userId,
    adminId: { type: ['string', 'null'], maxLength: 128 },
    groupId: { type: ['string', 'number', 'null'] },
  }),
  getAdminCard: object(['userId'], { userId }),
  getHistoryMsg: object(['userId', 'maxTime'], {
    userId,
    maxTime: { type: 'number' },
    pageSize: { type: 'integer', minimum: 1, maximum: 100 },
  }),
  getSessionMsg: object(['userId', 'sessionId'], { userId, sessionId: id }),
  getEventMsg: object(['userId', 'pollId'], {
    userId,
    pollId: id,
    cursor: {
      anyOf: [{ type: 'string', pattern: '^\\d{1,15}$' }, { type: 'integer', minimum: 0 }, { type: 'null' }],
    },
  }),
  sysMsg: object(['userId', 'msgContent'], {
    ...messageFields,
    msgContent: { type: 'string', maxLength: 10_000 },
  }),
  sendMsg: object(['userId'], messageFields),
  msgComplete: object(['userId', 'pollId'], { userId, pollId: id }),
  typing: object(['userId'], { userId, msgContent: optionalText(10_000) }),
  getEvaluateInfo: object(['channelId'], { channelId: id, tenantId: { type: ['string', 'null'] } }),
  evaluate: object(['userId', 'star'], {
    userId,
    star: { type: 'integer' },
    tags: { type: 'array', items: { type: 'string', maxLength: 100 }, maxItems: 20 },
    content: optionalText(2000),
  }),
  submitUserForm: object(['userId'], { userId }),
  leaveMsg: object(['userId', 'channelId', 'content'], {
    userId,
    channelId: id,
    name: optionalText(200),
    phone: optionalText(64),
    email: optionalText(320),
    content: { type: 'string', minLength: 1, maxLength: 5000 },
  }),
  robotAsk: object(['userId', 'msgContent'], {
    userId,
    msgContent: optionalText(2000),
    msgId: optionalText(128),
  }),
  robotTips: object(['userId', 'msgContent'], { userId, msgContent: optionalText(2000) }),
  uploadBase64: object(['userId', 'imgData'], { userId, imgData: { type: 'string', minLength: 1 } }),
} as const;
