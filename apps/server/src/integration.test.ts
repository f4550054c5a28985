import { ErrorCode } from '@parley/chat-protocol';
import { describe, expect, it } from 'vitest';
import { runAdmin } from './admin/commands.js';
import type { Seed } from './seed.js';
import { testDatabases } from './test/databases.js';
import { type Data, serverFor } from './test/harness.js';

const seed: Seed = {
  channels: [
    { id: 'api', tenantId: 't', info: { receiveMode: 3 } },
    { id: 'other', tenantId: 't', info: { receiveMode: 3 } },
  ],
  agents: [
    {
      id: 'ana',
      username: 'ana',
      password: 'pw-ana',
      nick: 'Ana',
      capacity: 50,
      channels: ['api', 'other'],
      online: true,
    },
    // Disabled by one test: nobody routes to Dan.
    { id: 'dan', username: 'dan', password: 'pw-dan', nick: 'Dan', capacity: 5, channels: ['api'] },
  ],
};

describe.each(testDatabases())('the integration API on $name', (database) => {
  const server = serverFor(database, seed, { integrationRateLimit: 20 });

  /** `npm run admin -- token add ...`: answers the token shown once and its id. */
  async function token(name: string, ...options: string[]) {
    const lines: string[] = [];
    await runAdmin(['token', 'add', name, ...options], {
      db: server().app.db,
      out: (line) => lines.push(line),
      readStdin: async () => '',
    });
    return {
      id: lines[0]?.match(/^token (tok_\S+)/)?.[1] ?? '',
      secret: lines[1]?.match(/: (pt_[\w-]{43})$/)?.[1] ?? '',
    };
  }

  async function call(
    secret: string | undefined,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: object,
  ) {
    const response = await server().app.inject({
      method,
      url: `/api/integration/v1${url}`,
      headers: secret ? { authorization: `Bearer ${secret}` } : {},
      ...(payload && { payload }),
    });
    const body: { code: number; data: Data; message: string } = response.json();
    return { ...body, status: response.statusCode };
  }

  /** A visitor whose chat Ana has. */
  async function chatWithAna(channelId = 'api') {
    const visitor = await server().start(channelId);
    expect((await server().visitor('transferAgent', { userId: visitor.userId })).data.status).toBe(2);
    return visitor;
  }

  it('given a token per scope, should allow each its own calls and refuse the others with 403', async () => {
    const reader = await token('crm', '--scopes', 'conversations:read');
    const bot = await token('orders', '--scopes', 'messages:write', '--as-bot', 'Orderbot');
    const contacts = await token('contacts', '--scopes', 'contacts:write');
    const visitor = await chatWithAna();
    await server().visitor('sendMsg', { userId: visitor.userId, msgContent: 'Where is order 42?' });

    const listed = await call(reader.secret, 'GET', '/conversations?channelId=api&status=open');
    expect(listed.code).toBe(ErrorCode.ok);
    expect(listed.data.conversations).toContainEqual(
      expect.objectContaining({
        id: visitor.sessionId,
        contactId: expect.stringMatching(/^ct_[0-9a-f]{32}$/),
        agentId: 'ana',
        status: 'open',
      }),
    );
    const { contactId } = listed.data.conversations.find(
      (one: { id: string }) => one.id === visitor.sessionId,
    );
    const read = await call(reader.secret, 'GET', `/conversations/${visitor.sessionId}/messages`);
    expect(read.data).toEqual([
      expect.objectContaining({ sender: 'visitor', msgContent: 'Where is order 42?' }),
    ]);

    for (const [secret, method, url, body, scope] of [
      [
        reader.secret,
        'POST',
        `/conversations/${visitor.sessionId}/messages`,
        { msgContent: 'hi' },
        'messages:write',
      ],
      [reader.secret, 'PUT', `/contacts/${contactId}`, { name: 'X' }, 'contacts:write'],
      [bot.secret, 'GET', '/conversations', undefined, 'conversations:read'],
      [
        contacts.secret,
        'GET',
        `/conversations/${visitor.sessionId}/messages`,
        undefined,
        'conversations:read',
      ],
    ] as const) {
      const refused = await call(secret, method, url, body);
      expect(refused).toMatchObject({
        status: 403,
        code: ErrorCode.forbidden,
        message: `this token lacks the ${scope} scope`,
        type: 'missing_scope',
      });
    }

    const updated = await call(contacts.secret, 'PUT', `/contacts/${contactId}`, {
      name: 'Lena',
      email: 'lena@example.com',
    });
    expect(updated.data).toEqual({
      contactId,
      name: 'Lena',
      email: 'lena@example.com',
      phone: null,
    });
    const ana = await server().login('ana', 'pw-ana');
    expect((await ana.call('GET', `/api/agent/chats/${visitor.sessionId}/visitor`)).data).toMatchObject({
      name: 'Lena',
      email: 'lena@example.com',
    });
    expect(await call(contacts.secret, 'PUT', `/contacts/${visitor.userId}`, {})).toMatchObject({
      code: 400,
    });
  });

  it('given a bot token, should post into the chat and reach the visitor through their poll', async () => {
    const bot = await token('orders-bot', '--scopes', 'messages:write', '--as-bot', 'Orderbot');
    const visitor = await chatWithAna();
    const cursor = (await server().visitor('getEventMsg', { ...visitor, cursor: '0' })).data.cursor;
    const ana = await server().login('ana', 'pw-ana');
    const deskCursor = (await ana.poll()).data.cursor;
    const posted = await call(bot.secret, 'POST', `/conversations/${visitor.sessionId}/messages`, {
      msgContent: 'Order 42 left the warehouse today.',
      clientMsgId: 'ship-42',
    });
    expect(posted.data).toMatchObject({
      sender: 'robot',
      senderName: 'Orderbot',
      msgContent: 'Order 42 left the warehouse today.',
    });
    const again = await call(bot.secret, 'POST', `/conversations/${visitor.sessionId}/messages`, {
      msgContent: 'Order 42 left the warehouse today.',
      clientMsgId: 'ship-42',
    });
    expect(again.data.id).toBe(posted.data.id);
    const events = (await server().visitor('getEventMsg', { ...visitor, cursor })).data.msgList;
    expect(events).toEqual([
      expect.objectContaining({
        event_type: 1201,
        msgContent: 'Order 42 left the warehouse today.',
        senderType: 3,
        adminNick: 'Orderbot',
      }),
    ]);
    expect((await ana.poll(deskCursor)).data.events).toContainEqual(
      expect.objectContaining({
        type: 'message',
        sessionId: visitor.sessionId,
        message: expect.objectContaining({ msgContent: 'Order 42 left the warehouse today.', senderType: 3 }),
      }),
    );
    expect(
      (await call(bot.secret, 'POST', `/conversations/${visitor.sessionId}/messages`, { msgContent: '' }))
        .code,
    ).toBe(400);
    await server().visitor('chatClose', { userId: visitor.userId });
    expect(
      (await call(bot.secret, 'POST', `/conversations/${visitor.sessionId}/messages`, { msgContent: 'late' }))
        .code,
    ).toBe(409);
  });

  it('given everything a read token answers, should carry no visitor id that works in the visitor API', async () => {
    const reader = await token('crm-reader', '--scopes', 'conversations:read');
    const visitor = await chatWithAna();
    await server().visitor('sendMsg', { userId: visitor.userId, msgContent: 'my order number is 77' });
    const listed = await call(reader.secret, 'GET', '/conversations?channelId=api');
    const read = await call(reader.secret, 'GET', `/conversations/${visitor.sessionId}/messages`);
    expect(JSON.stringify([listed, read])).not.toContain(visitor.userId);
    const { contactId } = listed.data.conversations.find(
      (one: { id: string }) => one.id === visitor.sessionId,
    );
    // The contact id opens nothing a visitor's id would: history, posting, the visitor's events.
    for (const [visitorCall, body] of [
      ['getHistoryMsg', { maxTime: Date.now() }],
      ['sendMsg', { msgContent: 'posted by someone else' }],
      ['getOfflineMsg', {}],
    ] as const) {
      expect((await server().visitor(visitorCall, { userId: contactId, ...body })).code).toBe(401);
    }
  });

  it("given an agent token, should post as that agent in the agent's own chats only", async () => {
    const agentToken = await token('helpdesk', '--scopes', 'messages:write', '--as-agent', 'ana');
    const visitor = await chatWithAna();
    const posted = await call(agentToken.secret, 'POST', `/conversations/${visitor.sessionId}/messages`, {
      msgContent: 'Answered from the helpdesk',
    });
    expect(posted.data).toMatchObject({ sender: 'agent', senderName: 'Ana' });
    const unassigned = await server().start('api');
    const refused = await call(agentToken.secret, 'POST', `/conversations/${unassigned.sessionId}/messages`, {
      msgContent: 'not mine',
    });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
  });

  it('given a revoked token, should refuse its very next call', async () => {
    const reader = await token('revoked-crm', '--scopes', 'conversations:read');
    expect((await call(reader.secret, 'GET', '/conversations')).code).toBe(200);
    await runAdmin(['token', 'revoke', reader.id], {
      db: server().app.db,
      out: () => {},
      readStdin: async () => '',
    });
    expect(await call(reader.secret, 'GET', '/conversations')).toMatchObject({
      status: 401,
      code: ErrorCode.unauthorized,
    });
    expect((await call(undefined, 'GET', '/conversations')).status).toBe(401);
    expect((await call('pt_made-up', 'GET', '/conversations')).status).toBe(401);
  });

  it("given a disabled agent's token, should refuse its reads and writes until the agent is enabled", async () => {
    const agentToken = await token(
      'dan-desk',
      '--scopes',
      'conversations:read,messages:write',
      '--as-agent',
      'dan',
    );
    const admin = (...args: string[]) =>
      runAdmin(args, { db: server().app.db, out: () => {}, readStdin: async () => '' });
    expect((await call(agentToken.secret, 'GET', '/conversations')).code).toBe(200);
    await admin('agent', 'disable', 'dan');
    expect(await call(agentToken.secret, 'GET', '/conversations')).toMatchObject({
      status: 401,
      code: ErrorCode.unauthorized,
    });
    await admin('agent', 'enable', 'dan');
    expect((await call(agentToken.secret, 'GET', '/conversations')).code).toBe(200);
  });

  it('given a token limited to a channel, should not show or touch conversations of other channels', async () => {
    const narrow = await token(
      'narrow',
      '--scopes',
      'conversations:read,messages:write',
      '--as-bot',
      'B',
      '--channels',
      'other',
    );
    const visitor = await chatWithAna('api');
    expect((await call(narrow.secret, 'GET', `/conversations/${visitor.sessionId}/messages`)).status).toBe(
      404,
    );
    expect(
      (await call(narrow.secret, 'POST', `/conversations/${visitor.sessionId}/messages`, { msgContent: 'x' }))
        .status,
    ).toBe(404);
    const listed = await call(narrow.secret, 'GET', '/conversations');
    expect(listed.data.conversations.every((one: { channelId: string }) => one.channelId === 'other')).toBe(
      true,
    );
    expect((await call(narrow.secret, 'GET', '/conversations?channelId=api')).status).toBe(403);
  });

  it('given more calls than a token may make in a window, should answer 429 to that token only', async () => {
    const busy = await token('busy', '--scopes', 'conversations:read');
    const calm = await token('calm', '--scopes', 'conversations:read');
    const answers = [];
    for (let index = 0; index < 21; index++)
      answers.push(
        await server().app.inject({
          url: '/api/integration/v1/conversations?limit=1',
          headers: { authorization: `Bearer ${busy.secret}` },
        }),
      );
    expect(answers.slice(0, 20).every((answer) => answer.statusCode === 200)).toBe(true);
    // The headers count the token's budget (20 here), not the address's.
    expect(answers[0]?.headers['x-ratelimit-limit']).toBe('20');
    expect(answers[0]?.headers['x-ratelimit-remaining']).toBe('19');
    expect(answers[19]?.headers['x-ratelimit-remaining']).toBe('0');
    const refused = answers[20];
    expect(refused?.statusCode).toBe(ErrorCode.tooManyRequests);
    expect(refused?.json()).toMatchObject({ code: 429, type: 'rate_limited' });
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused?.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect((await call(calm.secret, 'GET', '/conversations?limit=1')).code).toBe(200);
  });

  it('given token add without a way to post, or an unknown scope, should refuse to create it', async () => {
    await expect(token('x', '--scopes', 'messages:write')).rejects.toThrow(
      /--as-agent <username> or --as-bot/,
    );
    await expect(token('x', '--scopes', 'admin:all')).rejects.toThrow(/unknown: admin:all/);
    const [stored] = await server().app.db.query<{ token_hash: string }>(
      `select token_hash from integration_tokens where name = 'crm'`,
    );
    expect(stored?.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('given more conversations than a page, should page by cursor with the total, and filter by the inbox', async () => {
    const reader = await token('pager', '--scopes', 'conversations:read');
    const started = [];
    for (let index = 0; index < 5; index++) started.push((await chatWithAna('other')).sessionId);
    const seen: string[] = [];
    let next: string | null = null;
    let pages = 0;
    do {
      const page = await call(
        reader.secret,
        'GET',
        `/conversations?channelId=other&limit=2${next ? `&cursor=${encodeURIComponent(next)}` : ''}`,
      );
      expect(page.data.total).toBe(5);
      expect(page.data.conversations.length).toBeLessThanOrEqual(2);
      seen.push(...page.data.conversations.map((one: { id: string }) => one.id));
      next = page.data.next;
      pages += 1;
    } while (next && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual(started);
    expect((await call(reader.secret, 'GET', '/conversations?cursor=yesterday')).status).toBe(400);

    const ana = await token(
      'ana-desk',
      '--scopes',
      'conversations:read,conversations:write',
      '--as-agent',
      'ana',
    );
    const [first] = started;
    const labelled = await call(ana.secret, 'PUT', `/conversations/${first}/labels`, { labels: ['vip'] });
    expect(labelled.data).toMatchObject({
      id: first,
      labels: ['vip'],
      inboxStatus: 'open',
      priority: 'none',
    });
    const pending = await call(ana.secret, 'POST', `/conversations/${first}/status`, { status: 'pending' });
    expect(pending.data.inboxStatus).toBe('pending');
    const byLabel = await call(reader.secret, 'GET', '/conversations?label=vip&inboxStatus=pending');
    expect(byLabel.data).toMatchObject({ total: 1, next: null, conversations: [{ id: first }] });
    const note = await call(ana.secret, 'POST', `/conversations/${first}/notes`, { body: 'Called back.' });
    expect(note.data).toMatchObject({ body: 'Called back.', authorId: 'ana' });
    expect((await call(reader.secret, 'GET', `/conversations/${first}`)).data).toMatchObject({
      labels: ['vip'],
      inboxStatus: 'pending',
    });
    // A bot token posts messages; changing a conversation is an agent's.
    const bot = await token('bot-desk', '--scopes', 'conversations:write', '--as-bot', 'B');
    expect(await call(bot.secret, 'POST', `/conversations/${first}/notes`, { body: 'x' })).toMatchObject({
      status: 403,
      type: 'needs_agent',
    });
  });

  it('given an Idempotency-Key, should write once and answer a retry the same; another body with it is a 409', async () => {
    const bot = await token('retrying', '--scopes', 'messages:write', '--as-bot', 'Orderbot');
    const visitor = await chatWithAna();
    const post = (key: string, msgContent: string) =>
      server().app.inject({
        method: 'POST',
        url: `/api/integration/v1/conversations/${visitor.sessionId}/messages`,
        headers: { authorization: `Bearer ${bot.secret}`, 'idempotency-key': key },
        payload: { msgContent },
      });
    const first = await post('order-42-shipped', 'Your order has shipped.');
    const again = await post('order-42-shipped', 'Your order has shipped.');
    expect(first.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const stored = await server().app.db.query(
      `select id from messages where session_id = $1 and msg_content = 'Your order has shipped.'`,
      [visitor.sessionId],
    );
    expect(stored).toHaveLength(1);
    const reused = await post('order-42-shipped', 'Something else.');
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toMatchObject({ type: 'idempotency_key_reused' });
    expect((await post('bad key with spaces', 'x')).statusCode).toBe(400);
  });

  it('given a contact email or phone that cannot be one, should refuse it and keep the old value', async () => {
    const contacts = await token('contacts-check', '--scopes', 'contacts:write,conversations:read');
    const visitor = await chatWithAna();
    const listed = await call(contacts.secret, 'GET', '/conversations?channelId=api');
    const { contactId } = listed.data.conversations.find(
      (one: { id: string }) => one.id === visitor.sessionId,
    );
    expect(
      (await call(contacts.secret, 'PUT', `/contacts/${contactId}`, { email: 'ok@example.com' })).code,
    ).toBe(200);
    for (const body of [{ email: 'not-an-email' }, { phone: 'call me maybe' }, { phone: '12' }]) {
      const refused = await call(contacts.secret, 'PUT', `/contacts/${contactId}`, body);
      expect(refused, JSON.stringify(body)).toMatchObject({ status: 400, type: 'invalid_request' });
    }
    const kept = await call(contacts.secret, 'PUT', `/contacts/${contactId}`, { phone: '+45 20 20 12 34' });
    expect(kept.data).toMatchObject({ email: 'ok@example.com', phone: '+45 20 20 12 34' });
  });

  it("given a reports token, should answer the report of the token's channels", async () => {
    const reports = await token('bi', '--scopes', 'reports:read', '--channels', 'other');
    await chatWithAna('other');
    await chatWithAna('api');
    const today = new Date().toISOString().slice(0, 10);
    const report = await call(reports.secret, 'GET', `/reports?from=${today}&to=${today}`);
    expect(report.code).toBe(200);
    expect(report.data.byChannel.map((row: { channelId: string }) => row.channelId)).toEqual(['other']);
    expect((await call(reports.secret, 'GET', '/reports?from=yesterday&to=today')).status).toBe(400);
  });
});
