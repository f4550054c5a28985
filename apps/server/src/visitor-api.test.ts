import { join } from 'node:path';
import { answerSchemas, type CallName, check, type Schema } from '@parley/chat-protocol';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { serverRoot } from './config.js';
import { readSeed, type Seed } from './seed.js';
import { heldPolls, PROBE_METRICS_TOKEN } from './test/child.js';
import { testDatabases } from './test/databases.js';
import { type Harness, harness } from './test/harness.js';

const demoSeed = readSeed(join(serverRoot, 'seed/demo.json'));
// The demo channels, plus one whose form the contract's shared check must read the same way the page does.
const demo: Seed = {
  ...demoSeed,
  channels: [
    ...demoSeed.channels,
    {
      id: 'form-patterns',
      tenantId: 'demo',
      info: {
        userFormMode: 1,
        userFormConfig: {
          formModal: 1,
          fields: [
            { name: 'code', label: 'Code', type: 'text', pattern: '\\d{3}' },
            { name: 'broken', label: 'Broken', type: 'text', pattern: '(' },
          ],
        },
      },
    },
  ],
};

describe.each(testDatabases())('the visitor API on $name', (database) => {
  let server: Harness;

  beforeAll(async () => {
    server = await harness(await database.open(), demo, { metricsToken: PROBE_METRICS_TOKEN });
  });
  afterAll(async () => {
    await server.app.close();
    await server.app.db.close();
  });

  describe('answers against the contract the page checks them with', () => {
    it('given a visitor who starts, sends, asks the robot and polls, should answer each call in its contract shape', async () => {
      const calls: [CallName, Record<string, unknown>][] = [['channelInfo', { id: 'demo' }]];
      const start = await server.start('demo');
      const { userId, pollId, sessionId } = start;
      calls.push(
        ['sendMsg', { userId, senderType: 1, msgType: 1, msgContent: 'Where is my order?', msgTime: 1 }],
        ['robotAsk', { userId, msgContent: 'Where is my order?', msgId: 'm1' }],
        ['robotTips', { userId, msgContent: 'order' }],
        ['getSessionMsg', { userId, sessionId }],
        ['getHistoryMsg', { userId, maxTime: Date.now() + 60_000, pageSize: 20 }],
        ['getEventMsg', { userId, pollId }],
        ['getEvaluateInfo', { channelId: 'demo', tenantId: 'demo' }],
        ['transferAgent', { userId }],
      );
      for (const [call, body] of calls) {
        const answer = await server.visitor(call, body);
        expect(answer.code, `${call}: ${answer.message}`).toBe(200);
        expect(() => check(answerSchemas[call] as Schema, answer.data), call).not.toThrow();
      }
    });
  });

  describe('chatStart', () => {
    it('should tell the page the largest upload the server takes, so a larger file is refused before uploading', async () => {
      const answer = await server.visitor('chatStart', { channelId: 'demo' });
      expect(answer.data.uploadLimit).toBe(20 * 1024 * 1024);
    });

    it('should say whether the visitor has earlier messages: none for a new one, some once they wrote', async () => {
      const first = await server.visitor('chatStart', { channelId: 'demo' });
      expect(first.data.hasHistory).toBe(false);
      const { userId } = first.data;
      const again = await server.visitor('chatStart', { channelId: 'demo', userId });
      expect(again.data.hasHistory).toBe(false);
      await server.visitor('sendMsg', { userId, senderType: 1, msgType: 1, msgContent: 'hello', msgTime: 1 });
      const later = await server.visitor('chatStart', { channelId: 'demo', userId });
      expect(later.data).toMatchObject({ userId, hasHistory: true });
    });
  });

  describe('robotAsk with a card', () => {
    it('given a question whose answer has a card, should answer a card message with its code, props and text', async () => {
      const { userId } = await server.start('demo');
      const answer = await server.visitor('robotAsk', {
        userId,
        msgContent: 'Where is my order?',
        msgId: 'q1',
      });
      expect(answer.data).toMatchObject({
        senderType: 3,
        msgType: 'card',
        msgContent: expect.stringContaining('tracking link'),
        card: { code: 'order-card', props: expect.objectContaining({ type: 'order', status: 'Shipped' }) },
      });
    });

    it('given the chat then goes to an agent, should show the agent the card with its props', async () => {
      const { userId, sessionId } = await server.start('demo');
      await server.visitor('robotAsk', { userId, msgContent: 'Where is my order?', msgId: 'q1' });
      const transfer = await server.visitor('transferAgent', { userId });
      expect(transfer.code).toBe(200);
      const alice = await server.login('alice', 'alice-demo');
      const bob = await server.login('bob', 'bob-demo');
      const record = (await alice.messages(sessionId)).code === 200 ? alice : bob;
      const { data } = await record.messages(sessionId);
      expect(data.messages.find((message: { msgType: unknown }) => message.msgType === 'card')).toMatchObject(
        {
          card: { code: 'order-card', props: expect.objectContaining({ type: 'order', status: 'Shipped' }) },
        },
      );
      // The agent's slot is free again for the tests after this one.
      expect((await record.chat(sessionId, 'close')).code).toBe(200);
    });

    it('given a visitor message carrying a card, should store it without the card', async () => {
      const { userId, sessionId } = await server.start('demo');
      await server.visitor('sendMsg', {
        userId,
        senderType: 1,
        msgType: 1,
        msgContent: 'hello',
        msgTime: 1,
        card: { code: 'goods-card', props: { name: 'Free TV', price: 0 } },
      });
      const messages = (await server.visitor('getSessionMsg', { userId, sessionId })).data;
      expect(messages.at(-1)).toMatchObject({ msgContent: 'hello' });
      expect(messages.at(-1)).not.toHaveProperty('card');
    });
  });

  describe('channelInfo', () => {
    it('given a demo channel, should answer every ChannelInfo field with the JSON fields as strings', async () => {
      const answer = await server.visitor('channelInfo', { id: 'demo' });
      expect(answer).toMatchObject({ status: 200, code: 200 });
      expect(answer.data).toMatchObject({
        receiveMode: 0,
        robotWelcomeMode: 1,
        faqMode: 1,
        tenantId: 'demo',
      });
      expect(JSON.parse(answer.data.faqConfig)[0].title).toBe('Orders');
      expect(JSON.parse(answer.data.autoTip)).toHaveLength(2);
      expect(answer.data.userQueueMsg).toContain('##');
    });

    it('given the form channels, should carry the form config with formModal 1 and 0', async () => {
      const modal = await server.visitor('channelInfo', { id: 'form-modal' });
      const inline = await server.visitor('channelInfo', { id: 'form-inline' });
      expect(JSON.parse(modal.data.userFormConfig).formModal).toBe(1);
      expect(JSON.parse(inline.data.userFormConfig).formModal).toBe(0);
      expect(modal.data.userFormMode).toBe(1);
      // The phone rule passes through as the channel holds it: the preset on one, the default on the other.
      expect(inline.data.phoneRule).toBe('cn-mobile');
      expect(modal.data.phoneRule).toBeUndefined();
    });

    it('given an unknown channel, should answer 404 in the envelope with the reason alone (the page prefixes "unknown channel, ")', async () => {
      const answer = await server.visitor('channelInfo', { id: 'nope' });
      expect(answer).toMatchObject({ status: 404, code: 404, data: null, message: 'no such channel' });
    });
  });

  describe('chatStart', () => {
    it('given no stored id, should issue an unguessable visitor id, a session and the server time', async () => {
      const before = Date.now();
      const started = await server.start('demo', { userName: 'Ann' });
      expect(started.userId).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(started.sessionId).not.toBe(started.userId);
      expect(started.status).toBe(0);
      expect(started.serverTime).toBeGreaterThanOrEqual(before);
    });

    it('given the stored id, should keep the visitor and its open session', async () => {
      const first = await server.start('demo');
      const again = await server.start('demo', { userId: first.userId });
      expect(again).toMatchObject({ userId: first.userId, sessionId: first.sessionId, pollId: first.pollId });
    });

    it('given an id this server never issued, should issue a fresh one', async () => {
      const started = await server.start('demo', { userId: 'made-up-id' });
      expect(started.userId).not.toBe('made-up-id');
    });
  });

  describe('messages', () => {
    it('when a send is retried with the same clientMsgId, should store it once', async () => {
      const { userId, sessionId } = await server.start('demo');
      const message = {
        userId,
        senderType: 1,
        msgType: 1,
        msgContent: 'hello',
        msgTime: Date.now(),
        clientMsgId: 'c-1',
      };
      expect((await server.visitor('sendMsg', message)).data).toEqual({ status: 1 });
      expect((await server.visitor('sendMsg', message)).data).toEqual({ status: 1 });
      const session = await server.visitor('getSessionMsg', { userId, sessionId });
      expect(session.data.map((m: { msgContent: string }) => m.msgContent)).toEqual(['hello']);
    });

    it('should page history newest first, strictly before maxTime, 20 per page', async () => {
      const { userId } = await server.start('demo');
      for (let n = 1; n <= 23; n++) {
        await server.visitor('sendMsg', { userId, msgType: 1, msgContent: `m${n}`, clientMsgId: `h-${n}` });
      }
      const first = await server.visitor('getHistoryMsg', {
        userId,
        pageSize: 20,
        maxTime: Date.now() + 1000,
      });
      expect(first.data).toHaveLength(20);
      expect(first.data[0].msgContent).toBe('m23');
      const times = first.data.map((m: { msgTime: number }) => m.msgTime);
      expect([...times].sort((a, b) => b - a)).toEqual(times);
      const oldest = first.data.at(-1).msgTime;
      const second = await server.visitor('getHistoryMsg', { userId, pageSize: 20, maxTime: oldest });
      expect(second.data.every((m: { msgTime: number }) => m.msgTime < oldest)).toBe(true);
      expect(second.data.length).toBeGreaterThan(0);
    });

    it('given a blank system message, should refuse it', async () => {
      const { userId } = await server.start('demo');
      const answer = await server.visitor('sysMsg', { userId, msgContent: '  ', senderType: 4, msgType: 1 });
      expect(answer).toMatchObject({ status: 400, code: 400 });
    });

    it('given a system message, should keep it in the session as senderType 4', async () => {
      const { userId, sessionId } = await server.start('demo');
      await server.visitor('sysMsg', {
        userId,
        msgContent: 'The visitor rated the service',
        msgType: 1,
        senderType: 4,
        senderName: 'system',
        specialMsgFlag: 3,
        clientType: 3,
        notifyAdmin: 1,
      });
      const session = await server.visitor('getSessionMsg', { userId, sessionId });
      expect(session.data[0]).toMatchObject({
        senderType: 4,
        specialMsgFlag: 3,
        msgContent: 'The visitor rated the service',
      });
    });
  });

  describe('one visitor cannot reach another', () => {
    it("given another visitor's session or poll id, should refuse with 403", async () => {
      const ann = await server.start('demo');
      const eve = await server.start('demo');
      await server.visitor('sendMsg', { userId: ann.userId, msgContent: 'private', clientMsgId: 'p-1' });
      const session = await server.visitor('getSessionMsg', { userId: eve.userId, sessionId: ann.sessionId });
      expect(session).toMatchObject({ status: 403, code: 403, data: null });
      const events = await server.visitor('getEventMsg', { userId: eve.userId, pollId: ann.pollId });
      expect(events).toMatchObject({ status: 403, code: 403 });
      const receipt = await server.visitor('msgComplete', { userId: eve.userId, pollId: ann.pollId });
      expect(receipt.code).toBe(403);
      const history = await server.visitor('getHistoryMsg', {
        userId: eve.userId,
        maxTime: Date.now() + 1000,
      });
      expect(history.data).toEqual([]);
    });

    it('given an unknown userId, should answer 401', async () => {
      const answer = await server.visitor('sendMsg', { userId: 'AAAAAAAAAAAAAAAAAAAAAA', msgContent: 'x' });
      expect(answer).toMatchObject({ status: 401, code: 401 });
    });
  });

  describe('bad input', () => {
    it('given a body without a required field, should answer 400 naming it', async () => {
      const answer = await server.visitor('getEventMsg', { userId: 'x' });
      expect(answer).toMatchObject({ status: 400, code: 400, data: null });
      expect(answer.message).toContain('pollId');
    });

    it('given a body that is not JSON, should answer 400 in the envelope without a stack trace', async () => {
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/chat/visitor/sendMsg',
        headers: { 'content-type': 'application/json' },
        payload: '{oops',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 400, data: null });
      expect(response.body).not.toContain('at ');
    });

    it.each([
      ['sendMsg', (userId: string) => ({ userId, msgContent: 'hello\u0000world' }), 'msgContent'],
      ['chatStart', () => ({ channelId: 'demo', userName: 'Ann\u0000' }), 'userName'],
      ['leaveMsg', (userId: string) => ({ userId, channelId: 'demo', content: '\u0000' }), 'content'],
    ])('given a NUL character in %s, should answer 400 naming the field', async (call, body, field) => {
      const { userId } = await server.start('demo');
      const answer = await server.visitor(call, body(userId));
      expect(answer).toMatchObject({ code: 400 });
      expect(answer.message).toContain(field);
    });

    it.each([
      ['pageUrl', 'javascript:alert(1)'],
      ['pageUrl', 'ftp://files.example/a'],
      ['pageUrl', `https://shop.example/${'x'.repeat(4000)}`],
      ['language', 'de_AT'],
      ['language', `de-${'x'.repeat(40)}`],
      ['timeZone', '../../etc/passwd'],
      ['timeZone', `Europe/${'X'.repeat(64)}`],
      ['timeZone', 42],
    ])(
      'given chatStart with %s %j, should answer 400 naming the field and start nothing',
      async (field, value) => {
        const answer = await server.visitor('chatStart', { channelId: 'demo', [field]: value });
        expect(answer).toMatchObject({ status: 400, code: 400, data: null });
        expect(answer.message).toContain(field);
      },
    );

    it("given chatStart with the visitor's page, language and time zone, or with them empty, should start", async () => {
      const full = await server.visitor('chatStart', {
        channelId: 'demo',
        pageUrl: 'https://shop.example/cart',
        language: 'zh-Hant-TW',
        timeZone: 'America/Argentina/Buenos_Aires',
      });
      expect(full.code).toBe(200);
      const empty = await server.visitor('chatStart', {
        channelId: 'demo',
        pageUrl: '',
        language: '',
        timeZone: null,
      });
      expect(empty.code).toBe(200);
    });

    it('given an unknown call, should answer 404', async () => {
      expect(await server.visitor('dropTables', {})).toMatchObject({ status: 404, code: 404 });
    });

    it('given a file URL that is neither an upload nor http(s), should refuse the message', async () => {
      const { userId } = await server.start('demo');
      const answer = await server.visitor('sendMsg', { userId, msgType: 4, fileUrl: 'javascript:alert(1)' });
      expect(answer.code).toBe(400);
    });
  });

  describe('events', () => {
    it('given a cursor, should return only the events after it, and none again', async () => {
      const { userId, pollId } = await server.start('human');
      const transfer = await server.visitor('transferAgent', { userId });
      expect(transfer.data.status).toBe(2);
      const first = await server.visitor('getEventMsg', { userId, pollId, cursor: '0' });
      expect(first.data.msgList.map((e: { event_type: number }) => e.event_type)).toEqual([1200]);
      expect(first.data.status).toBe(2);
      const next = await server.visitor('getEventMsg', { userId, pollId, cursor: first.data.cursor });
      expect(next.data.msgList).toEqual([]);
      const replay = await server.visitor('getEventMsg', { userId, pollId, cursor: '0' });
      expect(replay.data.msgList).toHaveLength(1);
      await server.visitor('chatClose', { userId });
    });

    it('given the answer to a first poll without a cursor is lost, should answer the same events again', async () => {
      const { userId, pollId } = await server.start('human');
      await server.visitor('transferAgent', { userId });
      const lost = await server.visitor('getEventMsg', { userId, pollId });
      expect(lost.data.msgList.map((e: { event_type: number }) => e.event_type)).toEqual([1200]);
      const again = await server.visitor('getEventMsg', { userId, pollId });
      expect(again.data.msgList).toEqual(lost.data.msgList);
      await server.visitor('chatClose', { userId });
      const closed = await server.visitor('getEventMsg', { userId, pollId });
      expect(closed.data.status).toBe(0);
    });

    it('given a confirmed cursor, should replay nothing confirmed to a page that polls without one', async () => {
      const { userId, pollId } = await server.start('human');
      await server.visitor('transferAgent', { userId });
      const first = await server.visitor('getEventMsg', { userId, pollId });
      // the next poll carries the cursor: everything up to it is confirmed
      await server.visitor('getEventMsg', { userId, pollId, cursor: first.data.cursor });
      const reloaded = await server.visitor('getEventMsg', { userId, pollId });
      expect(reloaded.data.msgList).toEqual([]);
      expect(reloaded.data.cursor).toBe(first.data.cursor);
      await server.visitor('chatClose', { userId });
    });

    it('given a held poll (wait), should answer as soon as an event is written', async () => {
      const { userId, pollId } = await server.start('human');
      const first = await server.visitor('getEventMsg', { userId, pollId });
      const read = async (url: string, token: string) =>
        (await server.app.inject({ url, headers: { authorization: `Bearer ${token}` } })).body;
      const before = await heldPolls(read);
      const started = Date.now();
      const held = server.visitor('getEventMsg', { userId, pollId, cursor: first.data.cursor, wait: 10_000 });
      await vi.waitFor(async () => expect(await heldPolls(read)).toBe(before + 1));
      await server.visitor('transferAgent', { userId });
      const answer = await held;
      expect(Date.now() - started).toBeLessThan(5000);
      expect(answer.data.msgList.map((e: { event_type: number }) => e.event_type)).toEqual([1200]);
      expect(answer.data.wait).toBeGreaterThanOrEqual(7500);
      expect(answer.data.wait).toBeLessThanOrEqual(10_000);
      await server.visitor('chatClose', { userId });
    });

    it('given a held poll and nothing new, should answer empty after most of the wait, saying how long it held', async () => {
      const { userId, pollId } = await server.start('human');
      const first = await server.visitor('getEventMsg', { userId, pollId });
      const started = Date.now();
      const answer = await server.visitor('getEventMsg', {
        userId,
        pollId,
        cursor: first.data.cursor,
        wait: 300,
      });
      expect(answer.data.msgList).toEqual([]);
      expect(answer.data.wait).toBeGreaterThanOrEqual(225);
      expect(answer.data.wait).toBeLessThanOrEqual(300);
      expect(Date.now() - started).toBeGreaterThanOrEqual(answer.data.wait - 10);
    });

    it('given polls held at the same moment and nothing new, should end them at spread times, so they are not renewed together', async () => {
      const visitors = await Promise.all(Array.from({ length: 8 }, () => server.start('human')));
      const started = Date.now();
      const ended = await Promise.all(
        visitors.map(async ({ userId, pollId }) => {
          const first = await server.visitor('getEventMsg', { userId, pollId });
          await server.visitor('getEventMsg', { userId, pollId, cursor: first.data.cursor, wait: 1000 });
          return Date.now() - started;
        }),
      );
      expect(Math.max(...ended) - Math.min(...ended)).toBeGreaterThanOrEqual(50);
    });

    it('given a wait past the longest hold, should hold only that long', async () => {
      const { userId, pollId } = await server.start('human');
      const answer = server.visitor('getEventMsg', { userId, pollId, wait: 60_000 });
      await server.visitor('transferAgent', { userId });
      expect((await answer).data.wait).toBeGreaterThanOrEqual(11_250);
      expect((await answer).data.wait).toBeLessThanOrEqual(15_000);
    });

    it('given no wait, should answer at once without saying it holds', async () => {
      const { userId, pollId } = await server.start('human');
      const answer = await server.visitor('getEventMsg', { userId, pollId });
      expect(answer.data.wait).toBeUndefined();
    });

    it.each([[-1], [60_001], ['5000']])('given wait %j, should answer 400 naming wait', async (wait) => {
      const { userId, pollId } = await server.start('human');
      const answer = await server.visitor('getEventMsg', { userId, pollId, wait });
      expect(answer).toMatchObject({ code: 400 });
      expect(answer.message).toContain('wait');
    });

    it.each([
      ['a 20-digit integer', 1e19],
      ['a 16-digit string', '1234567890123456'],
      ['a negative integer', -1],
      ['a fraction', 1.5],
    ])('given %s as the cursor, should answer 400 naming the cursor', async (_name, cursor) => {
      const { userId, pollId } = await server.start('human');
      const answer = await server.visitor('getEventMsg', { userId, pollId, cursor });
      expect(answer).toMatchObject({ code: 400 });
      expect(answer.message).toContain('cursor');
    });
  });

  describe('robot', () => {
    it('given a question with a known keyword, should answer from the channel knowledge as senderType 3', async () => {
      const { userId } = await server.start('robot');
      const answer = await server.visitor('robotAsk', {
        userId,
        msgContent: 'How much is shipping?',
        msgId: 'msgId-1',
      });
      expect(answer.data).toMatchObject({ senderType: 3, robotAskMsgType: 1 });
      expect(answer.data.msgContent).toContain('Shipping is free from 50 EUR');
    });

    it('given an unknown question, should answer the fallback', async () => {
      const { userId } = await server.start('robot');
      const answer = await server.visitor('robotAsk', {
        userId,
        msgContent: 'quantum chromodynamics',
        msgId: 'm',
      });
      expect(answer.data.msgContent).toContain('I do not know that yet');
    });

    it('while the visitor types, should suggest matching questions', async () => {
      const { userId } = await server.start('robot');
      const tips = await server.visitor('robotTips', { userId, msgContent: 'retu' });
      expect(tips.data).toContain('How do I return an item?');
      expect((await server.visitor('robotTips', { userId, msgContent: 'zzz' })).data).toEqual([]);
    });
  });

  describe('rating, forms and leave-message', () => {
    it('should list the stars ascending', async () => {
      const answer = await server.visitor('getEvaluateInfo', { tenantId: 'demo', channelId: 'human' });
      expect(answer.data.starList.map((s: { star: number }) => s.star)).toEqual([1, 2, 3, 4, 5]);
    });

    it('given a star off the scale, should refuse the rating; given one on it, should accept it', async () => {
      const { userId } = await server.start('human');
      expect((await server.visitor('evaluate', { userId, star: 9 })).code).toBe(400);
      expect(
        (await server.visitor('evaluate', { userId, star: 5, tags: ['Fast'], content: 'thanks' })).code,
      ).toBe(200);
    });

    it('given a form missing a required field or with a bad e-mail, should refuse it', async () => {
      const { userId } = await server.start('form-modal');
      const missing = await server.visitor('submitUserForm', { userId, email: 'ann@example.com' });
      expect(missing).toMatchObject({ code: 400, message: 'Name is required' });
      const badEmail = await server.visitor('submitUserForm', { userId, name: 'Ann', email: 'nope' });
      expect(badEmail).toMatchObject({ code: 400, message: 'E-mail is not valid' });
    });

    it('given a field pattern, should match it against the whole value, as the page does', async () => {
      const { userId } = await server.start('form-patterns');
      const longer = await server.visitor('submitUserForm', { userId, code: '1234' });
      expect(longer).toMatchObject({ code: 400, message: 'Code is not valid' });
      expect((await server.visitor('submitUserForm', { userId, code: '123' })).code).toBe(200);
    });

    it('given a field pattern that does not compile, should ignore it as the page does, not fail with 500', async () => {
      const { userId } = await server.start('form-patterns');
      const answer = await server.visitor('submitUserForm', { userId, code: '123', broken: 'anything' });
      expect(answer).toMatchObject({ status: 200, code: 200 });
    });

    it('given a complete form, should accept it and report it filled at the next chatStart', async () => {
      const { userId } = await server.start('form-inline');
      const answer = await server.visitor('submitUserForm', {
        userId,
        name: 'Ann',
        email: 'ann@example.com',
        phone: '13800138000',
      });
      expect(answer.code).toBe(200);
      expect((await server.start('form-inline', { userId })).userFormMode).toBe(1);
    });

    it('should store a left message and refuse an empty one', async () => {
      const { userId } = await server.start('offline');
      expect(
        (await server.visitor('leaveMsg', { userId, channelId: 'offline', content: 'call me' })).code,
      ).toBe(200);
      expect((await server.visitor('leaveMsg', { userId, channelId: 'offline', content: '' })).code).toBe(
        400,
      );
    });
  });

  describe('transfer answers of the demo channels', () => {
    it('given the offline channel, should answer status 1', async () => {
      const { userId } = await server.start('offline');
      expect((await server.visitor('transferAgent', { userId })).data).toMatchObject({ status: 1 });
    });

    it('given the closed channel, should answer status 5', async () => {
      const { userId } = await server.start('closed');
      expect((await server.visitor('transferAgent', { userId })).data).toMatchObject({ status: 5 });
    });

    it('given a group with its agent online, should connect to that agent', async () => {
      const { userId } = await server.start('groups');
      const answer = await server.visitor('transferAgent', { userId, groupId: 'support' });
      expect(answer.data).toMatchObject({ status: 2, adminNick: 'Bob' });
      const card = await server.visitor('getAdminCard', { userId });
      expect(card.data).toMatchObject({
        adminNick: 'Bob',
        adminWelcomeMode: 1,
        adminWelcomeMsg: 'Hi, Bob here.',
      });
      await server.visitor('chatClose', { userId });
    });

    it('given a group whose agents are offline, should answer status 1', async () => {
      const { userId } = await server.start('groups');
      expect((await server.visitor('transferAgent', { userId, groupId: 'billing' })).data.status).toBe(1);
    });

    it('given a group the channel does not have, should answer 400', async () => {
      const { userId } = await server.start('groups');
      expect((await server.visitor('transferAgent', { userId, groupId: 'nope' })).code).toBe(400);
    });
  });
});
