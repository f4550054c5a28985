import { ErrorCode } from '@parley/chat-protocol';
import { describe, expect, it } from 'vitest';
import type { Seed } from './seed.js';
import { testDatabases } from './test/databases.js';
import { serverFor } from './test/harness.js';

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
  const server = serverFor(database, seed);

  /** A visitor with a chat that Ana has (the visitor asks for her). */
  async function chatWithAna() {
    const visitor = await server().start('desk');
    expect(
      (await server().visitor('transferAgent', { userId: visitor.userId, adminId: 'ana' })).data.status,
    ).toBe(2);
    const ana = await server().login('ana', 'pw-ana');
    const mine = (await ana.poll()).data.chats.map((chat: { sessionId: string }) => chat.sessionId);
    expect(mine).toContain(visitor.sessionId);
    return { visitor, ana };
  }

  it('given a note for Ben, should hand him the chat with it and tell the visitor Ben joined', async () => {
    const { visitor, ana } = await chatWithAna();
    const cursor = (await server().visitor('getEventMsg', { ...visitor, cursor: '0' })).data.cursor;
    const answer = await ana.chat(visitor.sessionId, 'transfer', {
      agentId: 'ben',
      note: 'Wants a refund for order 42',
    });
    expect(answer).toMatchObject({ code: 200, data: { to: { id: 'ben', nick: 'Ben' } } });

    const events = (await server().visitor('getEventMsg', { ...visitor, cursor })).data.msgList;
    expect(events).toEqual([expect.objectContaining({ event_type: 1200, adminNick: 'Ben' })]);
    const ben = await server().login('ben', 'pw-ben');
    const chat = (await ben.poll()).data.chats.find(
      (one: { sessionId: string }) => one.sessionId === visitor.sessionId,
    );
    expect(chat).toMatchObject({ transferredFrom: 'Ana', transferNote: 'Wants a refund for order 42' });
    expect((await ana.poll()).data.chats.map((one: { sessionId: string }) => one.sessionId)).not.toContain(
      visitor.sessionId,
    );
    expect((await ana.send(visitor.sessionId, 'still me?')).code).toBe(ErrorCode.forbidden);
    expect((await ben.send(visitor.sessionId, 'Hello, I am Ben')).code).toBe(ErrorCode.ok);
    await ben.chat(visitor.sessionId, 'close');
  });

  it.each([
    ['herself', 400, 'ana', 'not yourself'],
    ['an offline colleague', 404, 'off', 'not online'],
    ['a colleague with no free slot', 409, 'full', 'no free slot'],
    ['someone unknown', 404, 'nobody', 'not online'],
  ])('given %s, should refuse with %i and keep the chat', async (_case, code, agentId, message) => {
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
    const ben = await server().login('ben', 'pw-ben');
    expect((await ben.chat(visitor.sessionId, 'transfer', { agentId: 'ana' })).code).toBe(
      ErrorCode.forbidden,
    );
    await ana.chat(visitor.sessionId, 'close');
    expect((await ana.chat(visitor.sessionId, 'transfer', { agentId: 'ben' })).code).toBe(ErrorCode.conflict);
  });

  it('given the colleagues list, should name who shares a channel, online and with a free slot', async () => {
    const ana = await server().login('ana', 'pw-ana');
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

const member = (id: string, nick: string, groups: string[], online = true, capacity = 2) => ({
  id,
  username: id,
  password: `pw-${id}`,
  nick,
  capacity,
  channels: ['teams'],
  groups,
  online,
});

const teams: Seed = {
  channels: [
    {
      id: 'teams',
      tenantId: 't',
      info: {
        receiveMode: 3,
        groupMode: 1,
        groupConfig: [
          { groupId: 'sales', groupName: 'Sales' },
          { groupId: 'billing', groupName: 'Billing' },
          { groupId: 'returns', groupName: 'Returns' },
          { groupId: 'legal', groupName: 'Legal' },
        ],
      },
    },
  ],
  agents: [
    member('tia', 'Tia', ['sales']),
    member('bill', 'Bill', ['billing'], true, 1),
    member('bo', 'Bo', ['billing'], true, 3),
    member('rey', 'Rey', ['returns'], true, 0),
    member('lex', 'Lex', ['legal'], false),
  ],
};

describe.each(testDatabases())('transferring a chat to a group on $name', (database) => {
  const server = serverFor(database, teams);

  /** A visitor of the Sales group, whose chat Tia (its only member) has. */
  async function chatWithTia() {
    const visitor = await server().start('teams');
    const joined = await server().visitor('transferAgent', { userId: visitor.userId, groupId: 'sales' });
    expect(joined.data).toMatchObject({ status: 2, adminNick: 'Tia' });
    return { visitor, tia: await server().login('tia', 'pw-tia') };
  }

  it("given a group, should hand the chat to its member with most free slots and make the group the chat's", async () => {
    const { visitor, tia } = await chatWithTia();
    const cursor = (await server().visitor('getEventMsg', { ...visitor, cursor: '0' })).data.cursor;
    const answer = await tia.chat(visitor.sessionId, 'transfer', { groupId: 'billing', note: 'Invoice 7' });
    // Bo has 3 free slots, Bill 1.
    expect(answer).toMatchObject({ code: 200, data: { to: { id: 'bo', nick: 'Bo' } } });
    const events = (await server().visitor('getEventMsg', { ...visitor, cursor })).data.msgList;
    expect(events).toEqual([expect.objectContaining({ event_type: 1200, adminNick: 'Bo' })]);
    const bo = await server().login('bo', 'pw-bo');
    const chat = (await bo.poll()).data.chats.find(
      (one: { sessionId: string }) => one.sessionId === visitor.sessionId,
    );
    expect(chat).toMatchObject({ transferredFrom: 'Tia', transferNote: 'Invoice 7', groupId: 'billing' });
    expect((await tia.send(visitor.sessionId, 'still me?')).code).toBe(ErrorCode.forbidden);
    await bo.chat(visitor.sessionId, 'close');
  });

  it.each([
    ['its only member is the agent herself', 404, { groupId: 'sales' }, 'nobody else'],
    ['nobody of it is online', 404, { groupId: 'legal' }, 'nobody else'],
    ['its members have no free slot', 409, { groupId: 'returns' }, 'no free slot'],
    ['it is not a group of the channel', 400, { groupId: 'nope' }, 'not a group'],
    ['both a colleague and a group', 400, { groupId: 'billing', agentId: 'bo' }, 'name one'],
    ['neither', 400, {}, 'name one'],
  ])(
    'given a group transfer where %s, should refuse with %i and keep the chat',
    async (_case, code, to, message) => {
      const { visitor, tia } = await chatWithTia();
      const answer = await tia.chat(visitor.sessionId, 'transfer', to);
      expect(answer.code).toBe(code);
      expect(answer.message).toContain(message);
      expect((await tia.poll()).data.chats.map((one: { sessionId: string }) => one.sessionId)).toContain(
        visitor.sessionId,
      );
      await tia.chat(visitor.sessionId, 'close');
    },
  );

  it('given the groups list, should count for each group its members online and free, the asking agent aside', async () => {
    const tia = await server().login('tia', 'pw-tia');
    const groups = (await tia.call('GET', '/api/agent/groups')).data;
    expect(groups).toEqual([
      { channelId: 'teams', groupId: 'sales', groupName: 'Sales', online: 0, free: 0 },
      { channelId: 'teams', groupId: 'billing', groupName: 'Billing', online: 2, free: 2 },
      { channelId: 'teams', groupId: 'returns', groupName: 'Returns', online: 1, free: 0 },
      { channelId: 'teams', groupId: 'legal', groupName: 'Legal', online: 0, free: 0 },
    ]);
  });
});
