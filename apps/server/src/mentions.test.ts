import { ErrorCode } from '@parley/chat-protocol';
import { describe, expect, it } from 'vitest';
import { testDatabases } from './test/databases.js';
import { type Data, seedWith, serverFor } from './test/harness.js';

// Mentions (conversation/mentions.ts): the conversations whose private notes name an agent, newest
// first, and whether the agent has opened each since, through the agent API on both databases.

const agent = (id: string) => ({
  id,
  username: id,
  password: `pw-${id}`,
  nick: id[0]?.toUpperCase() + id.slice(1),
  capacity: 2,
  channels: ['desk'],
  online: true,
});

const seed = seedWith(
  [{ id: 'desk', tenantId: 't', info: { receiveMode: 3 } }],
  [agent('ana'), agent('ben')],
);

describe.each(testDatabases())('mentions on $name', (database) => {
  let now = Date.UTC(2026, 10, 2, 9);
  const server = serverFor(database, seed, { clock: () => now });
  const tick = (ms = 1000) => {
    now += ms;
  };

  /** A visitor on `desk` whose chat Ana took. */
  async function chatWithAna(name: string) {
    const visitor = await server().start('desk', { userName: name });
    tick();
    expect(
      (await server().visitor('transferAgent', { userId: visitor.userId, adminId: 'ana' })).data.status,
    ).toBe(2);
    tick();
    await server().visitor('sendMsg', { userId: visitor.userId, msgContent: `Hello, ${name} here` });
    tick();
    return visitor;
  }

  it('given notes that mention a colleague, should list their conversations newest first, unseen until opened', async () => {
    const ana = await server().login('ana', 'pw-ana');
    const ben = await server().login('ben', 'pw-ben');
    const listed = async () => (await ben.call('GET', '/api/agent/mentions')).data;
    expect(await listed()).toEqual({ mentions: [], unseen: 0 });

    const rosa = await chatWithAna('Rosa');
    const sam = await chatWithAna('Sam');
    await ana.chat(rosa.sessionId, 'notes', { body: '@ben can you check the refund?' });
    tick();
    await ana.chat(sam.sessionId, 'notes', { body: 'No mention here' });
    tick();
    await ana.chat(sam.sessionId, 'notes', { body: 'Shipping question for @ben' });
    tick();
    const first = await listed();
    expect(first.unseen).toBe(2);
    expect(
      first.mentions.map((one: Data) => [
        one.conversation.visitorName,
        one.note.body,
        one.note.agentNick,
        one.seen,
      ]),
    ).toEqual([
      ['Sam', 'Shipping question for @ben', 'Ana', false],
      ['Rosa', '@ben can you check the refund?', 'Ana', false],
    ]);
    // Ana is named in none of them.
    expect((await ana.call('GET', '/api/agent/mentions')).data).toEqual({ mentions: [], unseen: 0 });

    // Ben opens Rosa's conversation: that mention is seen; a later one makes it unseen again.
    expect((await ben.chat(rosa.sessionId, 'seen')).code).toBe(ErrorCode.ok);
    const second = await listed();
    expect(second.unseen).toBe(1);
    expect(second.mentions.map((one: Data) => [one.conversation.visitorName, one.seen])).toEqual([
      ['Sam', false],
      ['Rosa', true],
    ]);
    tick();
    await ana.chat(rosa.sessionId, 'notes', { body: '@ben and the invoice too' });
    const third = await listed();
    expect(third.unseen).toBe(2);
    expect(third.mentions[0]).toMatchObject({ note: { body: '@ben and the invoice too' }, seen: false });
    // Seen by Ben, Rosa's messages are still unread for Ana, her assignee.
    expect(
      (await ana.call('GET', '/api/agent/conversations?view=mine')).data.conversations.find(
        (one: Data) => one.sessionId === rosa.sessionId,
      ).unread,
    ).toBe(1);
  });
});
