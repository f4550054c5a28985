import { SenderType } from '@parley/chat-protocol';
import { describe, expect, it } from 'vitest';
import { canSee } from './conversation/visibility.js';
import type { Seed } from './seed.js';
import { testDatabases } from './test/databases.js';
import { type AgentClient, channelWithGroups, type Data, serverFor, testAgent } from './test/harness.js';

// One rule for who sees a conversation (docs/routing.md), through every read the console makes:
// the assignee always, an administrator everything, anyone else by channel and department.

describe('canSee', () => {
  const agent = { id: 'sam', role: 'agent' as const, channels: ['shop'], groups: ['sales'] };
  it.each([
    ['a conversation of their department', { channel_id: 'shop', group_id: 'sales', admin_id: null }, true],
    [
      'one without a department on their channel',
      { channel_id: 'shop', group_id: null, admin_id: null },
      true,
    ],
    ["another department's", { channel_id: 'shop', group_id: 'support', admin_id: 'sue' }, false],
    [
      "another department's that they hold",
      { channel_id: 'shop', group_id: 'support', admin_id: 'sam' },
      true,
    ],
    ["another channel's", { channel_id: 'other', group_id: null, admin_id: null }, false],
  ])('given %s, should answer %s', (_case, session, seen) => {
    expect(canSee(agent, session)).toBe(seen);
  });

  it('given an administrator, should see every channel and department', () => {
    const admin = { id: 'ada', role: 'admin' as const, channels: [], groups: ['sales'] };
    expect(canSee(admin, { channel_id: 'other', group_id: 'support', admin_id: 'sue' })).toBe(true);
  });

  it('given an agent with no departments, should see every department of their channels', () => {
    const generalist = { id: 'gil', role: 'agent' as const, channels: ['shop'], groups: [] };
    expect(canSee(generalist, { channel_id: 'shop', group_id: 'support', admin_id: null })).toBe(true);
  });
});

const seed: Seed = {
  channels: [
    channelWithGroups('shop', { sales: 'Sales', support: 'Support' }),
    { id: 'other', tenantId: 't', info: { receiveMode: 3 } },
  ],
  agents: [
    testAgent('sam', { channels: ['shop'], groups: ['sales'] }),
    testAgent('sue', { channels: ['shop'], groups: ['support'] }),
    // An administrator of another channel, away: she takes no chat, and sees them all.
    testAgent('ada', { role: 'admin', channels: ['other'] }),
  ],
};

describe.each(testDatabases())('who sees a conversation on $name', (database) => {
  const server = serverFor(database, seed);
  const logIn = (id: string) => server().login(id, `pw-${id}`);
  const say = (userId: string, msgContent: string) =>
    server().visitor('sendMsg', {
      userId,
      senderType: SenderType.visitor,
      msgType: 1,
      msgContent,
      msgTime: 1,
    });
  const listed = async (client: AgentClient, sessionId: string, query = '?status=active') =>
    ((await client.call('GET', `/api/agent/conversations${query}`)).data.conversations as Data[]).some(
      (row) => row.sessionId === sessionId,
    );
  const found = async (client: AgentClient, words: string, sessionId: string) =>
    ((await client.call('GET', `/api/agent/search?q=${encodeURIComponent(words)}`)).data.hits as Data[]).some(
      (hit) => hit.conversation.sessionId === sessionId,
    );
  /** A visitor of Support whose chat Sue has, who wrote `words`. */
  async function supportChat(words: string, extra: Record<string, unknown> = {}) {
    const visitor = await server().start('shop', { groupId: 'support', ...extra });
    expect((await server().visitor('transferAgent', { userId: visitor.userId })).data.adminNick).toBe('Sue');
    await say(visitor.userId, words);
    return visitor;
  }

  it('given a chat Sue of Support hands to Sam of Sales, should give Sam every read of it and the visitor’s next words', async () => {
    const [sam, sue] = [await logIn('sam'), await logIn('sue')];
    const visitor = await supportChat('my parcel never arrived');
    expect(await listed(sam, visitor.sessionId)).toBe(false);
    expect((await sam.call('GET', `/api/agent/conversations/${visitor.sessionId}`)).status).toBe(403);
    const cursor = (await sam.poll()).data.cursor;
    expect((await sue.chat(visitor.sessionId, 'transfer', { agentId: 'sam' })).code).toBe(200);
    expect(await listed(sam, visitor.sessionId)).toBe(true);
    expect(await listed(sam, visitor.sessionId, '?view=mine')).toBe(true);
    expect((await sam.call('GET', `/api/agent/conversations/${visitor.sessionId}`)).code).toBe(200);
    expect((await sam.messages(visitor.sessionId)).data.messages).toContainEqual(
      expect.objectContaining({ msgContent: 'my parcel never arrived' }),
    );
    expect((await sam.call('GET', `/api/agent/chats/${visitor.sessionId}/visitor`)).code).toBe(200);
    expect(await found(sam, 'parcel', visitor.sessionId)).toBe(true);
    await say(visitor.userId, 'it was order 42');
    const events = (await sam.poll(cursor)).data.events as Data[];
    expect(events).toContainEqual(
      expect.objectContaining({
        type: 'message',
        sessionId: visitor.sessionId,
        message: expect.objectContaining({ msgContent: 'it was order 42' }),
      }),
    );
    // Sue's department still sees it (a team inbox), though she may no longer write to the visitor.
    expect(await listed(sue, visitor.sessionId)).toBe(true);
    expect((await sue.send(visitor.sessionId, 'still me')).status).toBe(403);
    await sam.chat(visitor.sessionId, 'close');
  });

  it('given an administrator of another channel, should show her every conversation, the queue and search', async () => {
    const ada = await logIn('ada');
    await ada.away();
    const sue = await logIn('sue');
    await sue.away();
    const waiting = await server().start('shop', { groupId: 'support' });
    await say(waiting.userId, 'is anyone there about my refund');
    expect((await server().visitor('transferAgent', { userId: waiting.userId })).data.status).toBe(3);
    expect((await ada.poll()).data.queue.map((entry: Data) => entry.sessionId)).toContain(waiting.sessionId);
    expect(await listed(ada, waiting.sessionId)).toBe(true);
    expect(await found(ada, 'refund', waiting.sessionId)).toBe(true);
    expect((await ada.messages(waiting.sessionId)).code).toBe(200);
    await sue.away(false);
    await server().visitor('chatClose', { userId: waiting.userId });
    await ada.away(false);
  });

  it("given a visitor's earlier chat with another department, should neither list nor open it for an agent who may not see it", async () => {
    const sam = await logIn('sam');
    const earlier = await supportChat('secret support matter');
    await server().visitor('chatClose', { userId: earlier.userId });
    const later = await server().start('shop', { userId: earlier.userId, groupId: 'sales' });
    expect(
      (await server().visitor('transferAgent', { userId: later.userId, groupId: 'sales' })).data.adminNick,
    ).toBe('Sam');
    await say(later.userId, 'now a sales question');
    const profile = (await sam.call('GET', `/api/agent/chats/${later.sessionId}/visitor`)).data;
    expect(profile.earlierChats.map((chat: Data) => chat.sessionId)).not.toContain(earlier.sessionId);
    const read = await sam.call(
      'GET',
      `/api/agent/chats/${later.sessionId}/earlier-chats/${earlier.sessionId}/messages`,
    );
    expect(read.status).toBe(403);
    await sam.chat(later.sessionId, 'close');
  });

  it('given an unknown department at chatStart, should give the chat to the whole channel, never hide it', async () => {
    const [sam, sue] = [await logIn('sam'), await logIn('sue')];
    await sam.away();
    await sue.away();
    const visitor = await server().start('shop', { groupId: 'no-such-department' });
    await say(visitor.userId, 'hello?');
    expect((await server().visitor('transferAgent', { userId: visitor.userId })).data.status).toBe(3);
    for (const client of [sam, sue]) {
      expect((await client.poll()).data.queue.map((entry: Data) => entry.sessionId)).toContain(
        visitor.sessionId,
      );
      expect(await listed(client, visitor.sessionId)).toBe(true);
    }
    await sam.away(false);
    await sue.away(false);
    await server().visitor('chatClose', { userId: visitor.userId });
  });
});
