import { FIELD_LIMITS, JSON_LIMITS } from '@parley/chat-protocol';
import { describe, expect, it } from 'vitest';
import type { Seed } from './seed.js';
import { testDatabases } from './test/databases.js';
import { serverFor } from './test/harness.js';

// Bodies built to cost the server work or memory out of proportion to their size: refused at the
// parser, by the contract's JSON_LIMITS, with a clear 4xx and no stack trace, and fields that were
// unbounded (a 990 000-character name made every agent's poll answer megabytes) are bounded.

const seed: Seed = {
  channels: [
    {
      id: 'hb',
      tenantId: 't',
      info: {
        userFormMode: 1,
        userFormConfig: JSON.stringify({
          formModal: 1,
          fields: [
            { name: 'name', label: 'Name', type: 'text' },
            { name: 'order', label: 'Order', type: 'text' },
          ],
        }),
      },
    },
    { id: 'hb-noform', tenantId: 't', info: {} },
  ],
  agents: [
    { id: 'hb1', username: 'hb', password: 'pw-hb', nick: 'Hb', capacity: 2, channels: ['hb'], online: true },
  ],
};

const nested = (depth: number) => `${'['.repeat(depth)}1${']'.repeat(depth)}`;

describe.each(testDatabases())('hostile JSON bodies on $name', (database) => {
  const server = serverFor(database, seed);
  const post = (url: string, payload: string) =>
    server().app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload });

  it.each([
    ['a 10 000-deep array', `{"userId":"u","msgContent":"hi","x":${nested(10_000)}}`],
    ['one level past the limit', `{"id":"hb","x":${nested(JSON_LIMITS.maxDepth)}}`],
    ['a deep object', `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`],
    ['a wide array', `{"id":"hb","x":[${'1,'.repeat(JSON_LIMITS.maxValues)}1]}`],
    ['a wide object', `{"id":"hb",${Array.from({ length: 1500 }, (_, n) => `"k${n}":1`).join(',')}}`],
  ])('given %s, should answer 400 before parsing, with no stack trace', async (_, payload) => {
    for (const call of ['channelInfo', 'sendMsg', 'uploadBase64']) {
      const response = await post(`/api/chat/visitor/${call}`, payload);
      // uploadBase64 refuses an unknown visitor on the body's first bytes, before any parse.
      const refusal = call === 'uploadBase64' && payload.startsWith('{"userId":"u"') ? 401 : 400;
      expect(response.statusCode).toBe(refusal);
      expect(response.json()).toMatchObject({ code: refusal, data: null });
      expect(response.body).not.toMatch(/\bat \w+ \(/);
    }
  });

  it('given the same deep body on an agent call, should answer 400 too', async () => {
    const response = await server().app.inject({
      method: 'POST',
      url: '/api/agent/login',
      headers: { 'content-type': 'application/json' },
      payload: `{"username":"hb","password":${nested(5000)}}`,
    });
    expect(response.statusCode).toBe(400);
  });

  it('given a body nested to exactly the limit, should parse it and go on to the call', async () => {
    const response = await post(
      '/api/chat/visitor/channelInfo',
      `{"id":"hb","x":${nested(JSON_LIMITS.maxDepth - 1)}}`,
    );
    expect(response.json()).toMatchObject({ code: 200 });
  });

  it('given a body over the contract size, should answer 413', async () => {
    const response = await post(
      '/api/chat/visitor/channelInfo',
      JSON.stringify({ id: 'hb', pad: 'x'.repeat(JSON_LIMITS.maxBytes) }),
    );
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 413, data: null });
  });

  it('given a prototype-poisoning body, should refuse it', async () => {
    const response = await post('/api/chat/visitor/channelInfo', '{"id":"hb","__proto__":{"admin":true}}');
    expect(response.statusCode).toBe(400);
  });

  it.each([
    ['sendMsg', (userId: string) => ({ userId, msgContent: 'a\ud800b' }), 'msgContent'],
    ['chatStart', () => ({ channelId: 'hb', userName: '\udc00Ann' }), 'userName'],
    ['leaveMsg', (userId: string) => ({ userId, channelId: 'hb', content: 'x\udbff' }), 'content'],
  ])(
    'given a lone surrogate in %s, should answer 400 naming the field instead of storing U+FFFD',
    async (call, body, field) => {
      const { userId } = await server().start('hb');
      const answer = await server().visitor(call, body(userId));
      expect(answer).toMatchObject({ code: 400 });
      expect(answer.message).toContain(field);
      expect(answer.message).toContain('surrogate');
    },
  );

  it('given a surrogate pair (an emoji), should store and return it unchanged', async () => {
    const { userId, sessionId } = await server().start('hb');
    expect((await server().visitor('sendMsg', { userId, msgContent: 'ok 😀' })).code).toBe(200);
    const history = await server().visitor('getSessionMsg', { userId, sessionId });
    expect(history.data.map((message: { msgContent: string }) => message.msgContent)).toContain('ok 😀');
  });

  it.each([
    ['pid', 'p'.repeat(FIELD_LIMITS.id + 1)],
    ['groupId', 'g'.repeat(FIELD_LIMITS.id + 1)],
    ['userName', 'n'.repeat(FIELD_LIMITS.name + 1)],
  ])('given chatStart with an overlong %s, should answer 400 naming it', async (field, value) => {
    const answer = await server().visitor('chatStart', { channelId: 'hb', [field]: value });
    expect(answer).toMatchObject({ code: 400, data: null });
    expect(answer.message).toContain(field);
  });

  it('given getEvaluateInfo with an overlong tenantId, should answer 400', async () => {
    const answer = await server().visitor('getEvaluateInfo', { channelId: 'hb', tenantId: 't'.repeat(500) });
    expect(answer.code).toBe(400);
  });
});

describe.each(testDatabases())('the visitor form keeps to its fields on $name', (database) => {
  const server = serverFor(database, seed);

  it('given fields the form does not ask for, should store only the form fields', async () => {
    const { userId, sessionId } = await server().start('hb');
    const agent = await server().login('hb', 'pw-hb');
    await server().visitor('transferAgent', { userId });
    const answer = await server().visitor('submitUserForm', {
      userId,
      name: 'Ann',
      order: 'A-1',
      role: 'Supervisor',
      email: 'boss@example.com',
    });
    expect(answer.code).toBe(200);
    const chats = await agent.call('GET', `/api/agent/chats/${sessionId}/visitor`);
    expect(JSON.stringify(chats.data)).not.toContain('Supervisor');
    expect(JSON.stringify(chats.data)).not.toContain('boss@example.com');
  });

  it('given fields exactly at their limits, counted in characters as the schemas count them, should accept them', async () => {
    const { userId } = await server().start('hb');
    const answer = await server().visitor('submitUserForm', {
      userId,
      name: '😀'.repeat(FIELD_LIMITS.name),
      order: 'x'.repeat(FIELD_LIMITS.formField),
    });
    expect(answer.code).toBe(200);
  });

  it.each([
    ['hb', 'name', FIELD_LIMITS.name, 'Name'],
    ['hb', 'order', FIELD_LIMITS.formField, 'Order'],
    ['hb-noform', 'name', FIELD_LIMITS.name, 'name'],
    ['hb-noform', 'phone', FIELD_LIMITS.phone, 'phone'],
  ])(
    'on channel %s, given %s one character over %i, should refuse it naming the field',
    async (channel, field, limit, label) => {
      const { userId } = await server().start(channel);
      const answer = await server().visitor('submitUserForm', { userId, [field]: 'x'.repeat(limit + 1) });
      expect(answer).toMatchObject({ code: 400 });
      expect(answer.message).toContain(label);
    },
  );
});
