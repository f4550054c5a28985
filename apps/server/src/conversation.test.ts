import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Seed, SeedChannel } from './seed.js';
import { testDatabases } from './test/databases.js';
import { type AgentClient, type Data, type Harness, harness } from './test/harness.js';

const humanChannel = (id: string): SeedChannel => ({
  id,
  tenantId: 't',
  info: { receiveMode: 3, msgToTransferFlag: 1, userQueueMsg: 'You are number ## in line', evaluateMode: 1 },
});

// One channel and its own agents per scenario, so scenarios sharing the database stay independent.
const seed: Seed = {
  channels: [
    humanChannel('queue'),
    {
      ...humanChannel('named'),
      info: {
        ...humanChannel('named').info,
        faqConfig: [{ title: 'Returns', content: '30 days, free of charge.' }],
      },
    },
    humanChannel('console'),
    humanChannel('auth'),
  ],
  agents: [
    {
      id: 'q1',
      username: 'q1',
      password: 'pw-q1',
      nick: 'Quinn',
      capacity: 1,
      channels: ['queue'],
      online: true,
    },
    {
      id: 'n1',
      username: 'n1',
      password: 'pw-n1',
      nick: 'Nora',
      capacity: 5,
      channels: ['named'],
      online: true,
    },
    {
      id: 'n2',
      username: 'n2',
      password: 'pw-n2',
      nick: 'Ned',
      capacity: 5,
      channels: ['named'],
      online: true,
    },
    {
      id: 'c1',
      username: 'c1',
      password: 'pw-c1',
      nick: 'Cleo',
      capacity: 0,
      channels: ['console'],
      online: true,
    },
    {
      id: 'a1',
      username: 'a1',
      password: 'pw-a1',
      nick: 'Ada',
      capacity: 1,
      channels: ['auth'],
      online: false,
    },
  ],
};

const types = (answer: Data) => answer.data.msgList.map((event: { event_type: number }) => event.event_type);

describe.each(testDatabases())('conversations on $name', (database) => {
  let server: Harness;
  const poll = (visitor: { userId: string; pollId: string }, cursor?: string) =>
    server.visitor('getEventMsg', { ...visitor, ...(cursor ? { cursor } : {}) });

  beforeAll(async () => {
    server = await harness(await database.open(), seed);
  });
  afterAll(async () => {
    await server.app.close();
    await server.app.db.close();
  });

  describe('getOfflineMsg and addSessionMsg', () => {
    it('given an agent answered after the chat ended, should give the returning visitor that message once', async () => {
      const visitor = await server.start('named');
      await server.visitor('transferAgent', { userId: visitor.userId, adminId: 'n1' });
      const agent = await server.login('n1', 'pw-n1');
      expect((await agent.send(visitor.sessionId, 'Your refund was approved.')).code).toBe(200);
      expect((await agent.chat(visitor.sessionId, 'close')).code).toBe(200);

      const first = await server.visitor('getOfflineMsg', { userId: visitor.userId });
      expect(first.data.map((message: { msgContent: string }) => message.msgContent)).toEqual([
        'Your refund was approved.',
      ]);
      expect(first.data[0]).toMatchObject({ senderType: 2, senderName: 'Nora' });
      expect((await server.visitor('getOfflineMsg', { userId: visitor.userId })).data).toEqual([]);
    });

    it('given a message of the open chat, should not count it as missed', async () => {
      const visitor = await server.start('named');
      await server.visitor('transferAgent', { userId: visitor.userId, adminId: 'n1' });
      const agent = await server.login('n1', 'pw-n1');
      await agent.send(visitor.sessionId, 'Hello');
      expect((await server.visitor('getOfflineMsg', { userId: visitor.userId })).data).toEqual([]);
    });

    it('given the FAQ answer the visitor opened, should add it to the chat record the agent reads, and refuse an agent sender', async () => {
      const visitor = await server.start('named');
      await server.visitor('transferAgent', { userId: visitor.userId, adminId: 'n2' });
      const added = await server.visitor('addSessionMsg', {
        userId: visitor.userId,
        senderType: 3,
        msgType: 'faq',
        msgContent: 'Returns\n30 days, free of charge.',
        clientMsgId: 'faq:Returns',
      });
      expect(added).toMatchObject({ code: 200, data: { status: 1 } });
      const agent = await server.login('n2', 'pw-n2');
      const record = await agent.messages(visitor.sessionId);
      expect(record.data.messages).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ senderType: 3, msgContent: 'Returns\n30 days, free of charge.' }),
        ]),
      );
      const asAgent = await server.visitor('addSessionMsg', {
        userId: visitor.userId,
        senderType: 2,
        msgContent: 'I am the agent',
      });
      expect(asAgent.code).toBe(400);
    });
  });

  describe('the queue', () => {
    it('given one slot, should queue visitors in order and advance them as the slot frees up', async () => {
      const first = await server.start('queue');
      const second = await server.start('queue');
      const third = await server.start('queue');
      expect((await server.visitor('transferAgent', { userId: first.userId })).data).toMatchObject({
        status: 2,
        adminNick: 'Quinn',
      });
      expect((await server.visitor('transferAgent', { userId: second.userId })).data).toMatchObject({
        status: 3,
        waitIndex: 1,
      });
      expect((await server.visitor('transferAgent', { userId: third.userId })).data).toMatchObject({
        status: 3,
        waitIndex: 2,
      });
      const thirdBefore = await poll(third);
      expect(thirdBefore.data).toMatchObject({ status: 3, waitIndex: 2 });

      // when the first visitor leaves, the second is taken and the third moves up
      await server.visitor('chatClose', { userId: first.userId });
      const secondAfter = await poll(second, '0');
      expect(types(secondAfter)).toContain(1200);
      expect(secondAfter.data.status).toBe(2);
      const thirdAfter = await poll(third, thirdBefore.data.cursor);
      expect(thirdAfter.data.msgList).toEqual([expect.objectContaining({ event_type: 1207, waitIndex: 1 })]);
      expect(thirdAfter.data).toMatchObject({ status: 3, waitIndex: 1 });

      // when the agent closes the second chat, the third joins
      const agent = await server.login('q1', 'pw-q1');
      expect((await agent.chat(second.sessionId, 'close')).code).toBe(200);
      const ended = await poll(second, secondAfter.data.cursor);
      expect(ended.data.msgList).toEqual([expect.objectContaining({ event_type: 1202, outType: 2 })]);
      const joined = await poll(third, thirdAfter.data.cursor);
      expect(types(joined)).toEqual([1200]);
      expect(joined.data.msgList[0].adminNick).toBe('Quinn');
      expect(joined.data.status).toBe(2);
      await server.visitor('chatClose', { userId: third.userId });
    });

    it('given an agent who refuses a queued visitor, should tell that visitor 1208', async () => {
      const busy = await server.start('queue');
      const waiting = await server.start('queue');
      await server.visitor('transferAgent', { userId: busy.userId });
      expect((await server.visitor('transferAgent', { userId: waiting.userId })).data.status).toBe(3);
      const agent = await server.login('q1', 'pw-q1');
      const queue = (await agent.poll()).data.queue;
      expect(queue.map((entry: { sessionId: string }) => entry.sessionId)).toContain(waiting.sessionId);
      expect((await agent.chat(waiting.sessionId, 'refuse')).code).toBe(200);
      expect(types(await poll(waiting, '0'))).toEqual([1208]);
      await server.visitor('chatClose', { userId: busy.userId });
    });
  });

  describe('routing', () => {
    it('given a named agent, should connect to that agent', async () => {
      const visitor = await server.start('named');
      const answer = await server.visitor('transferAgent', { userId: visitor.userId, adminId: 'n2' });
      expect(answer.data).toMatchObject({ status: 2, adminNick: 'Ned' });
    });

    it('given an agent who goes online, should hand them the waiting visitor', async () => {
      const visitor = await server.start('auth');
      expect((await server.visitor('transferAgent', { userId: visitor.userId })).data.status).toBe(1);
      // offline answer: the visitor is not queued; asking again once an agent is online connects
      const agent = await server.login('a1', 'pw-a1');
      expect((await agent.online(true)).data.online).toBe(true);
      expect((await server.visitor('transferAgent', { userId: visitor.userId })).data.status).toBe(2);
      await agent.online(false);
    });
  });

  describe('the agent console', () => {
    let agent: AgentClient;
    let visitor: { userId: string; sessionId: string; pollId: string };

    beforeAll(async () => {
      agent = await server.login('c1', 'pw-c1');
      visitor = await server.start('console', { userName: 'Vic' });
      await server.visitor('sendMsg', {
        userId: visitor.userId,
        msgContent: 'I need help',
        clientMsgId: 'v-1',
      });
      // capacity 0: the visitor waits until the agent joins by hand
      expect((await server.visitor('transferAgent', { userId: visitor.userId })).data.status).toBe(3);
    });

    it('should list the queue with the visitor and let the agent join (1200)', async () => {
      const before = await agent.poll();
      expect(before.data.queue).toEqual([
        expect.objectContaining({ sessionId: visitor.sessionId, visitorName: 'Vic' }),
      ]);
      // At capacity 0 the join by hand says it goes beyond the agent's capacity.
      expect((await agent.chat(visitor.sessionId, 'join', { beyondCapacity: true })).code).toBe(200);
      const after = await agent.poll();
      expect(after.data.queue).toEqual([]);
      expect(after.data.chats).toEqual([expect.objectContaining({ sessionId: visitor.sessionId })]);
      expect(types(await poll(visitor, '0'))).toEqual([1200]);
    });

    it('should show the visitor messages sent before the join', async () => {
      const messages = await agent.messages(visitor.sessionId);
      expect(messages.data.messages.map((m: { msgContent: string }) => m.msgContent)).toEqual([
        'I need help',
      ]);
    });

    it('when the agent types, sends, deletes and asks for a rating, should give the visitor 1204, 1201, 1205, 1203', async () => {
      const start = (await poll(visitor, '0')).data.cursor;
      await agent.chat(visitor.sessionId, 'typing');
      const sent = await agent.send(visitor.sessionId, 'How can I help?');
      expect(sent.data).toMatchObject({ senderType: 2, senderName: 'Cleo', msgContent: 'How can I help?' });
      await agent.call('DELETE', `/api/agent/chats/${visitor.sessionId}/messages/${sent.data.id}`);
      await agent.chat(visitor.sessionId, 'rating-request');
      const events = await poll(visitor, start);
      expect(types(events)).toEqual([1204, 1201, 1205, 1203]);
      const message = events.data.msgList[1];
      expect(message).toMatchObject({
        msgId: sent.data.id,
        senderType: 2,
        adminNick: 'Cleo',
        msgContent: 'How can I help?',
      });
      expect(events.data.msgList[2].msgId).toBe(sent.data.id);
      const session = await server.visitor('getSessionMsg', visitor);
      expect(session.data.map((m: { msgContent: string }) => m.msgContent)).toEqual(['I need help']);
    });

    it('should see the visitor typing, messages, read receipts and rating through its poll', async () => {
      const cursor = (await agent.poll()).data.cursor;
      await agent.send(visitor.sessionId, 'Still there?');
      await server.visitor('typing', { userId: visitor.userId, msgContent: 'yes I am' });
      const typing = await agent.poll(cursor);
      expect(typing.data.chats[0].visitorTyping).toBe('yes I am');
      await server.visitor('sendMsg', { userId: visitor.userId, msgContent: 'yes', clientMsgId: 'v-2' });
      await server.visitor('msgComplete', { userId: visitor.userId, pollId: visitor.pollId });
      await server.visitor('evaluate', { userId: visitor.userId, star: 4, tags: ['Helpful'] });
      const update = await agent.poll(cursor);
      const kinds = update.data.events.map((event: { type: string }) => event.type);
      expect(kinds).toEqual(['message', 'read', 'rating']);
      expect(update.data.events[0].message.msgContent).toBe('yes');
      expect(update.data.events[2]).toMatchObject({ star: 4, tags: ['Helpful'] });
      expect(update.data.chats[0].visitorTyping).toBeNull();
      const next = await agent.poll(update.data.cursor);
      expect(next.data.events).toEqual([]);
    });

    it('given a held console poll, should answer as soon as the visitor writes or types, and not for others', async () => {
      const cursor = (await agent.poll()).data.cursor;
      const started = Date.now();
      const held = agent.poll(cursor, 10_000);
      // another visitor's chat on a channel this agent does not serve changes nothing here
      const stranger = await server.start('auth');
      await server.visitor('sendMsg', {
        userId: stranger.userId,
        msgContent: 'not yours',
        clientMsgId: 'x-1',
      });
      await new Promise((resolve) => setTimeout(resolve, 200));
      await server.visitor('sendMsg', { userId: visitor.userId, msgContent: 'ping', clientMsgId: 'v-held' });
      const answer = await held;
      expect(Date.now() - started).toBeLessThan(5000);
      expect(answer.data.wait).toBe(10_000);
      expect(
        answer.data.events.map((event: { message?: { msgContent: string } }) => event.message?.msgContent),
      ).toEqual(['ping']);

      const typingHeld = agent.poll(answer.data.cursor, 10_000);
      await new Promise((resolve) => setTimeout(resolve, 100));
      await server.visitor('typing', { userId: visitor.userId, msgContent: 'typing now' });
      const typing = await typingHeld;
      expect(typing.data.chats[0].visitorTyping).toBe('typing now');
      expect(Date.now() - started).toBeLessThan(8000);
      await server.visitor('typing', { userId: visitor.userId, msgContent: '' });
    });

    it('given a held console poll, should answer as soon as a visitor joins the queue', async () => {
      const cursor = (await agent.poll()).data.cursor;
      const before = (await agent.poll()).data.queue.length;
      const started = Date.now();
      const held = agent.poll(cursor, 10_000);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const newcomer = await server.start('console');
      await server.visitor('transferAgent', { userId: newcomer.userId });
      const answer = await held;
      expect(Date.now() - started).toBeLessThan(5000);
      expect(answer.data.queue.length).toBe(before + 1);
      await server.visitor('chatClose', { userId: newcomer.userId });
    });

    it('given a visitor queued between two polls, should answer the next held poll at once', async () => {
      const last = (await agent.poll()).data;
      const newcomer = await server.start('console');
      await server.visitor('transferAgent', { userId: newcomer.userId });
      const started = Date.now();
      const answer = await agent.call(
        'GET',
        `/api/agent/poll?cursor=${last.cursor}&wait=10000&seen=${encodeURIComponent(last.view)}`,
      );
      expect(Date.now() - started).toBeLessThan(3000);
      expect(answer.data.queue.length).toBe(last.queue.length + 1);
      expect(answer.data.view).not.toBe(last.view);
      await server.visitor('chatClose', { userId: newcomer.userId });
    });

    it('given a held console poll and nothing new, should answer after the wait', async () => {
      const cursor = (await agent.poll()).data.cursor;
      const started = Date.now();
      const answer = await agent.poll(cursor, 300);
      expect(Date.now() - started).toBeGreaterThanOrEqual(290);
      expect(answer.data).toMatchObject({ events: [], wait: 300 });
      expect((await agent.poll(cursor, 123_456)).code).toBe(400);
    });

    it("should refuse another agent's actions on this chat", async () => {
      const other = await server.login('q1', 'pw-q1');
      expect((await other.send(visitor.sessionId, 'hi')).code).toBe(403);
      expect((await other.messages(visitor.sessionId)).code).toBe(403);
    });

    it('when the agent closes the chat, should tell the visitor 1202 with outType 2', async () => {
      const cursor = (await poll(visitor, '0')).data.cursor;
      await agent.chat(visitor.sessionId, 'close');
      const events = await poll(visitor, cursor);
      expect(events.data.msgList).toEqual([expect.objectContaining({ event_type: 1202, outType: 2 })]);
      expect(events.data.status).toBe(0);
      expect((await agent.send(visitor.sessionId, 'late')).code).toBe(409);
    });
  });

  describe('left messages', () => {
    it("should list the messages left on the agent's channels only, newest first", async () => {
      const visitor = await server.start('auth');
      await server.visitor('leaveMsg', {
        userId: visitor.userId,
        channelId: 'auth',
        name: 'Lea',
        content: 'first',
      });
      await server.visitor('leaveMsg', { userId: visitor.userId, channelId: 'auth', content: 'second' });
      const ada = await server.login('a1', 'pw-a1');
      const list = await ada.call('GET', '/api/agent/leave-messages');
      expect(list.data.map((m: { content: string }) => m.content)).toEqual(['second', 'first']);
      expect(list.data[1]).toMatchObject({ channelId: 'auth', name: 'Lea' });
      const quinn = await server.login('q1', 'pw-q1');
      expect((await quinn.call('GET', '/api/agent/leave-messages')).data).toEqual([]);
    });
  });

  describe('agent authentication', () => {
    it('given a wrong password or unknown name, should answer 401', async () => {
      const wrong = await server.app.inject({
        method: 'POST',
        url: '/api/agent/login',
        payload: { username: 'a1', password: 'nope' },
      });
      expect(wrong.statusCode).toBe(401);
      const unknown = await server.app.inject({
        method: 'POST',
        url: '/api/agent/login',
        payload: { username: 'zed', password: 'nope' },
      });
      expect(unknown.json()).toMatchObject({ code: 401, message: 'wrong username or password' });
    });

    it('given no token, should answer 401 on every agent route', async () => {
      const response = await server.app.inject({ method: 'GET', url: '/api/agent/poll' });
      expect(response.statusCode).toBe(401);
    });

    it('given the login cookie, should authenticate and set it httpOnly', async () => {
      const login = await server.app.inject({
        method: 'POST',
        url: '/api/agent/login',
        payload: { username: 'a1', password: 'pw-a1' },
      });
      const cookie = login.cookies.find((c) => c.name === 'parley_agent');
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
      const me = await server.app.inject({
        method: 'GET',
        url: '/api/agent/me',
        cookies: { parley_agent: cookie?.value ?? '' },
      });
      expect(me.json().data).toMatchObject({ id: 'a1', nick: 'Ada' });
      expect(me.json().data.password_hash).toBeUndefined();
    });

    it('after logout, should refuse the token', async () => {
      const agent = await server.login('a1', 'pw-a1');
      await agent.call('POST', '/api/agent/logout');
      expect((await agent.call('GET', '/api/agent/me')).code).toBe(401);
    });
  });
});

describe('agent sessions', () => {
  it('given a session older than its lifetime, should answer 401', async () => {
    const [database] = testDatabases();
    if (!database) throw new Error('no database');
    let now = Date.now();
    const server = await harness(await database.open(), seed, {
      agentSessionMs: 60_000,
      clock: () => now,
    });
    const agent = await server.login('a1', 'pw-a1');
    expect((await agent.call('GET', '/api/agent/me')).code).toBe(200);
    now += 61_000;
    expect((await agent.call('GET', '/api/agent/me')).code).toBe(401);
    await server.app.close();
    await server.app.db.close();
  });
});
