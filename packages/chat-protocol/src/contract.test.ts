import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { answerSchemas } from './answers.js';
import { requestSchemas } from './requests.js';
import { ajvOptions, check, type Schema } from './schema.js';

// One table of bodies, two validators: the server's (ajv, configured as Fastify configures it plus
// the contract's `ajvOptions`) and the client's `check`. Every row must get the same verdict from
// both, and the verdict written in the row.

/** Fastify's defaults (@fastify/ajv-compiler); the server puts the contract's options on top. */
const fastifyDefaults = {
  coerceTypes: 'array',
  useDefaults: true,
  removeAdditional: true,
  allErrors: false,
  addUsedSchema: false,
} as const;
const ajv = new Ajv({ ...fastifyDefaults, ...ajvOptions, keywords: [...ajvOptions.keywords] });

type Row = [label: string, schema: Schema, body: unknown, verdict: 'accept' | 'refuse'];

const message = { id: 'm1', userId: 'u1', senderType: 2, msgType: 1, msgContent: 'Hi', msgTime: 1 };
const channel = { tenantId: 't1', receiveMode: 3, titleDesc: 'Help' };

const answers: Row[] = [
  ['a minimal channel', answerSchemas.channelInfo, { tenantId: 't1' }, 'accept'],
  ['a numeric tenant id', answerSchemas.channelInfo, { tenantId: 7 }, 'accept'],
  ['a channel without tenant', answerSchemas.channelInfo, { titleDesc: 'x' }, 'refuse'],
  ['a mode given as text', answerSchemas.channelInfo, { ...channel, receiveMode: '3' }, 'refuse'],
  [
    'a mode given as null (the default applies)',
    answerSchemas.channelInfo,
    { ...channel, faqMode: null },
    'accept',
  ],
  [
    // Drift: the server stored a form field pattern that does not compile; the answer still loads.
    'a user form whose pattern does not compile',
    answerSchemas.channelInfo,
    {
      ...channel,
      userFormConfig: JSON.stringify({
        formModal: 1,
        fields: [{ name: 'a', label: 'A', type: 'text', pattern: '(' }],
      }),
    },
    'accept',
  ],
  [
    'a broken JSON config (feature off, not a failure)',
    answerSchemas.channelInfo,
    { ...channel, groupConfig: '[' },
    'accept',
  ],
  ['a channel that is a list', answerSchemas.channelInfo, [channel], 'refuse'],
  ['a history page', answerSchemas.getHistoryMsg, [message], 'accept'],
  // Drift: one message of a type the client does not know no longer refuses the whole page.
  [
    'a history page with an unknown numeric msgType',
    answerSchemas.getHistoryMsg,
    [message, { ...message, id: 'm2', msgType: 99 }],
    'accept',
  ],
  [
    'a history page with an unknown named msgType',
    answerSchemas.getHistoryMsg,
    [{ ...message, msgType: 'sticker' }],
    'accept',
  ],
  [
    'a msgType that is neither number nor text',
    answerSchemas.getHistoryMsg,
    [{ ...message, msgType: true }],
    'refuse',
  ],
  ['an unknown sender', answerSchemas.getHistoryMsg, [{ ...message, senderType: 9 }], 'refuse'],
  ['a message without time', answerSchemas.getHistoryMsg, [{ ...message, msgTime: undefined }], 'refuse'],
  [
    'a message with a null optional field',
    answerSchemas.getSessionMsg,
    [{ ...message, fileUrl: null }],
    'accept',
  ],
  ['a poll answer with a string cursor', answerSchemas.getEventMsg, { msgList: [], cursor: '12' }, 'accept'],
  ['a poll answer with a boolean cursor', answerSchemas.getEventMsg, { cursor: true }, 'refuse'],
  [
    'a poll answer with an unknown event msgType',
    answerSchemas.getEventMsg,
    { msgList: [{ msgId: 'e1', event_type: 1201, msgType: 42, msgContent: 'x' }], status: 2 },
    'accept',
  ],
  ['an event without a type', answerSchemas.getEventMsg, { msgList: [{ msgId: 'e1' }] }, 'refuse'],
  [
    'a chat start',
    answerSchemas.chatStart,
    { userId: 'u', sessionId: 's', pollId: 'p', status: 0 },
    'accept',
  ],
  [
    'a chat start without poll id',
    answerSchemas.chatStart,
    { userId: 'u', sessionId: 's', status: 0 },
    'refuse',
  ],
  ['a send answer', answerSchemas.sendMsg, { status: 1 }, 'accept'],
  ['a send answer without status', answerSchemas.sendMsg, {}, 'refuse'],
  ['a star list', answerSchemas.getEvaluateInfo, { starList: [{ star: 5, desc: 'Great' }] }, 'accept'],
  ['a star without its number', answerSchemas.getEvaluateInfo, { starList: [{ desc: 'Great' }] }, 'refuse'],
  ['an upload without url', answerSchemas.upload, { name: 'a.png' }, 'refuse'],
  ['no data where none is expected', answerSchemas.chatClose, null, 'accept'],
];

const requests: Row[] = [
  [
    'a text message',
    requestSchemas.sendMsg,
    { userId: 'u', senderType: 1, msgType: 1, msgContent: 'Hi', msgTime: 1 },
    'accept',
  ],
  [
    'a message with extra fields',
    requestSchemas.sendMsg,
    { userId: 'u', msgContent: 'Hi', extra: 1 },
    'accept',
  ],
  ['a message without userId', requestSchemas.sendMsg, { msgContent: 'Hi' }, 'refuse'],
  ['an empty userId', requestSchemas.sendMsg, { userId: '' }, 'refuse'],
  ['a numeric userId (no coercion)', requestSchemas.sendMsg, { userId: 5 }, 'refuse'],
  ['a named msgType', requestSchemas.sendMsg, { userId: 'u', msgType: 'faq' }, 'accept'],
  // Drift: the server used to store any type name up to 32 characters; that limit is the contract.
  [
    'a msgType name over 32 characters',
    requestSchemas.sendMsg,
    { userId: 'u', msgType: 'x'.repeat(33) },
    'refuse',
  ],
  [
    'a file URL the server did not issue',
    requestSchemas.sendMsg,
    { userId: 'u', fileUrl: 'javascript:alert(1)' },
    'refuse',
  ],
  ['an uploaded file URL', requestSchemas.sendMsg, { userId: 'u', fileUrl: '/uploads/abc' }, 'accept'],
  [
    'a text of 10 000 emoji (code points, not UTF-16 units)',
    requestSchemas.sendMsg,
    { userId: 'u', msgContent: '😀'.repeat(10_000) },
    'accept',
  ],
  [
    'a text over 10 000 characters',
    requestSchemas.sendMsg,
    { userId: 'u', msgContent: 'x'.repeat(10_001) },
    'refuse',
  ],
  ['a time given as text (no coercion)', requestSchemas.sendMsg, { userId: 'u', msgTime: '1' }, 'refuse'],
  [
    'a poll with a numeric cursor',
    requestSchemas.getEventMsg,
    { userId: 'u', pollId: 'p', cursor: 3 },
    'accept',
  ],
  [
    'a poll with a digit-string cursor',
    requestSchemas.getEventMsg,
    { userId: 'u', pollId: 'p', cursor: '3' },
    'accept',
  ],
  [
    'a poll with a null cursor',
    requestSchemas.getEventMsg,
    { userId: 'u', pollId: 'p', cursor: null },
    'accept',
  ],
  [
    'a poll with a word for cursor',
    requestSchemas.getEventMsg,
    { userId: 'u', pollId: 'p', cursor: 'abc' },
    'refuse',
  ],
  [
    'a poll with a negative cursor',
    requestSchemas.getEventMsg,
    { userId: 'u', pollId: 'p', cursor: -1 },
    'refuse',
  ],
  [
    'a history page of 101',
    requestSchemas.getHistoryMsg,
    { userId: 'u', maxTime: 1, pageSize: 101 },
    'refuse',
  ],
  [
    'a chat start with nulls',
    requestSchemas.chatStart,
    { channelId: 'c', userId: null, groupId: null },
    'accept',
  ],
  ['a chat start without channel', requestSchemas.chatStart, { userId: 'u' }, 'refuse'],
  [
    "a chat start with the visitor's page, language and time zone",
    requestSchemas.chatStart,
    {
      channelId: 'c',
      pageUrl: 'https://shop.example/cart?step=2',
      language: 'de-AT',
      timeZone: 'America/Argentina/Buenos_Aires',
    },
    'accept',
  ],
  [
    'a chat start with empty page, language and time zone (absent)',
    requestSchemas.chatStart,
    { channelId: 'c', pageUrl: '', language: '', timeZone: null },
    'accept',
  ],
  [
    'a chat start from a page that is not http(s)',
    requestSchemas.chatStart,
    { channelId: 'c', pageUrl: 'javascript:alert(1)' },
    'refuse',
  ],
  [
    'a chat start with a page address over 4000 characters',
    requestSchemas.chatStart,
    { channelId: 'c', pageUrl: `https://shop.example/${'x'.repeat(4000)}` },
    'refuse',
  ],
  [
    'a chat start with a language that is no tag',
    requestSchemas.chatStart,
    { channelId: 'c', language: 'de AT' },
    'refuse',
  ],
  [
    'a chat start with a time zone that is no name',
    requestSchemas.chatStart,
    { channelId: 'c', timeZone: '../../etc/passwd' },
    'refuse',
  ],
  ['a rating with a fractional star', requestSchemas.evaluate, { userId: 'u', star: 4.5 }, 'refuse'],
  [
    'a rating with 21 tags',
    requestSchemas.evaluate,
    { userId: 'u', star: 5, tags: Array(21).fill('t') },
    'refuse',
  ],
  [
    'a left message with no content',
    requestSchemas.leaveMsg,
    { userId: 'u', channelId: 'c', content: '' },
    'refuse',
  ],
  ['a body that is a list', requestSchemas.chatClose, [{ userId: 'u' }], 'refuse'],
];

const verdict = {
  server: (schema: Schema, body: unknown) =>
    ajv.validate(schema, structuredClone(body)) ? 'accept' : 'refuse',
  client: (schema: Schema, body: unknown) => {
    try {
      check(schema, structuredClone(body));
      return 'accept';
    } catch {
      return 'refuse';
    }
  },
};

describe.each([
  ['answers', answers],
  ['request bodies', requests],
])('the contract: %s', (_, rows) => {
  const cases = rows.map(([label, schema, body, expected]) => ({ label, schema, body, expected }));
  it.each(cases)('given $label, server and client should both $expected it', ({ schema, body, expected }) => {
    expect({ server: verdict.server(schema, body), client: verdict.client(schema, body) }).toEqual({
      server: expected,
      client: expected,
    });
  });
});
