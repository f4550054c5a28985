import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Seed } from './seed.js';
import { testDatabases } from './test/databases.js';
import { type Harness, harness } from './test/harness.js';

const agent = (id: string, nick: string, online = true, capacity = 2) => ({
  id,
  username: id,
  password: `pw-${id}`,
  nick,
  capacity,
  channels: ['desk'],
  online,
});

const seed: Seed = {
  channels: [{ id: 'desk', tenantId: 't', info: { receiveMode: 3 } }],
  agents: [
    agent('ana', 'Ana'),
    agent('ben', 'Ben'),
    agent('off', 'Olga', false),
    agent('full', 'Fay', true, 0),
  ],
};

describe.each(testDatabases())('transferring a chat on $name', (database) => {
  let server: Harness;

  beforeAll(async () => {
    server = await harness(await database.open(), seed);
  });
  afterAll(async () => {
    await server.app.close();
    await server.app.db.close();
  });

  /** A visitor with a chat that Ana has (she has the most free slots and the first id). */
  async function chatWithAna() {
    const visitor = await server.start('desk');
    expect((await server.visitor('transferAgent', { userId: visitor.userId })).data.status).toBe(2);
    const ana = await server.login('ana', 'pw-ana');
    const mine = (await ana.poll()).data.chats.map((chat: { sessionId: string }) => chat.sessionId);
    expect(mine).toContain(visitor.sessionId);
    return { visitor, ana };
  }

  it('given a note for Ben, should hand him the chat with it and tell the visitor Ben joined', async () => {
    const { visitor, ana } = await chatWithAna();
    const cursor = (await server.visitor('getEventMsg', { ...visitor, cursor: '0' })).data.cursor;
    const answer = await ana.chat(visitor.sessionId, 'transfer', {
      agentId: 'ben',
      note: 'Wants a refund for order 42',
    });
    expect(answer).toMatchObject({ code: 200, data: { to: { id: 'ben', nick: 'Ben' } } });

    const events = (await server.visitor('getEventMsg', { ...visitor, cursor })).data.msgList;
    expect(events).toEqual([expect.objectContaining({ event_type: 1200, adminNick: 'Ben' })]);
    const ben = await server.login('ben', 'pw-ben');
    const chat = (await ben.poll()).data.chats.find(
      (one: { sessionId: string }) => one.sessionId === visitor.sessionId,
    );
    expect(chat).toMatchObject({ transferredFrom: 'Ana', transferNote: 'Wants a refund for order 42' });
    expect((await ana.poll()).data.chats.map((one: { sessionId: string }) => one.sessionId)).not.toContain(
      visitor.sessionId,
    );
    expect((await ana.send(visitor.sessionId, 'still me?')).code).toBe(403);
    expect((await ben.send(visitor.sessionId, 'Hello, I am Ben')).code).toBe(200);
    await ben.chat(visitor.sessionId, 'close');
  });

  it.each([
    ['herself', 'ana', 400, 'not yourself'],
    ['an offline colleague', 'off', 404, 'not online'],
    ['a colleague with no free slot', 'full', 409, 'no free slot'],
    ['someone unknown', 'nobody', 404, 'not online'],
  ])('given %s, should refuse with %i and keep the chat', async (_case, agentId, code, message) => {
    const { visitor, ana } = await chatWithAna();
    const answer = await ana.chat(visitor.sessionId, 'transfer', { agentId });
    expect(answer.code).toBe(code);
    expect(answer.message).toContain(message);
    expect((await ana.poll()).data.chats.map((one: { sessionId: string }) => one.sessionId)).toContain(
      visitor.sessionId,
    );
    await ana.chat(visitor.sessionId, 'close');
  });

  it("given another agent's chat or an ended one, should refuse", async () => {
    const { visitor, ana } = await chatWithAna();
    const ben = await server.login('ben', 'pw-ben');
    expect((await ben.chat(visitor.sessionId, 'transfer', { agentId: 'ana' })).code).toBe(403);
    await ana.chat(visitor.sessionId, 'close');
    expect((await ana.chat(visitor.sessionId, 'transfer', { agentId: 'ben' })).code).toBe(409);
  });

  it('given the colleagues list, should name who shares a channel, online and with a free slot', async () => {
    const ana = await server.login('ana', 'pw-ana');
    const list = (await ana.call('GET', '/api/agent/colleagues')).data;
    expect(list.map((one: { id: string }) => one.id).sort()).toEqual(['ben', 'full', 'off']);
    expect(list.find((one: { id: string }) => one.id === 'off')).toMatchObject({
      online: false,
      free: false,
    });
    expect(list.find((one: { id: string }) => one.id === 'full')).toMatchObject({
      online: true,
      free: false,
    });
    expect(list.find((one: { id: string }) => one.id === 'ben')).toMatchObject({
      online: true,
      free: true,
      channels: ['desk'],
    });
  });
});
