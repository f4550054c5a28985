import { MsgType, SenderType, SYSTEM_MESSAGE_FLAGS } from '@parley/chat-protocol';
import { describe, expect, it } from 'vitest';
import type { Seed } from './seed.js';
import { testDatabases } from './test/databases.js';
import { serverFor } from './test/harness.js';

// The agent's welcome travels from the visitor's page as a system message under the agent's nick
// (spec: the agent card's adminWelcomeMsg, sent through sysMsg). The console shows such a message
// as the agent speaking, so the server takes it as the welcome only when it is one.

const seed: Seed = {
  channels: [{ id: 'desk', tenantId: 't', info: { receiveMode: 3 } }],
  agents: [
    {
      id: 'ana',
      username: 'ana',
      password: 'pw-ana',
      nick: 'Ana',
      capacity: 5,
      channels: ['desk'],
      online: true,
      welcomeMsg: 'Hello, I am Ana. How can I help?',
    },
  ],
};

const system = (userId: string, msgContent: string, senderName: string) => ({
  userId,
  msgContent,
  msgType: MsgType.notice,
  senderType: SenderType.system,
  senderName,
  ...SYSTEM_MESSAGE_FLAGS,
});

describe.each(testDatabases())("the agent's welcome on $name", (database) => {
  const server = serverFor(database, seed);

  async function chatWithAna() {
    const visitor = await server().start('desk');
    expect((await server().visitor('transferAgent', { userId: visitor.userId })).data.status).toBe(2);
    const ana = await server().login('ana', 'pw-ana');
    return { visitor, ana };
  }

  const record = async (ana: Awaited<ReturnType<typeof chatWithAna>>['ana'], sessionId: string) =>
    (await ana.call('GET', `/api/agent/chats/${sessionId}/messages`)).data.messages.map(
      (message: { senderType: number; senderName?: string; msgContent: string }) => [
        message.senderType,
        message.senderName ?? '',
        message.msgContent,
      ],
    );

  /** Apart by a few milliseconds, so that the record's order is the order of the steps. */
  const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

  it("given the serving agent's welcome arriving after her first answer, should record it as hers, before that answer", async () => {
    const visitor = await server().start('desk');
    // The visitor's first message asks for the agent: the page transfers, then sends it.
    expect((await server().visitor('transferAgent', { userId: visitor.userId })).data.status).toBe(2);
    await tick();
    await server().visitor('sendMsg', {
      userId: visitor.userId,
      msgContent: 'Where is my parcel?',
      clientMsgId: 'w-1',
    });
    const ana = await server().login('ana', 'pw-ana');
    await tick();
    await ana.send(visitor.sessionId, 'Let me look at your order.');
    await tick();
    await server().visitor('sysMsg', system(visitor.userId, 'Hello, I am Ana. How can I help?', 'Ana'));
    expect(await record(ana, visitor.sessionId)).toEqual([
      [SenderType.visitor, '', 'Where is my parcel?'],
      [SenderType.system, 'Ana', 'Hello, I am Ana. How can I help?'],
      [SenderType.agent, 'Ana', 'Let me look at your order.'],
    ]);
    await ana.chat(visitor.sessionId, 'close');
  });

  it("given the serving agent's welcome before she answered, should record it as hers, where it arrived", async () => {
    const { visitor, ana } = await chatWithAna();
    await server().visitor('sendMsg', { userId: visitor.userId, msgContent: 'Hello?', clientMsgId: 'w-2' });
    await tick();
    await server().visitor('sysMsg', system(visitor.userId, 'Hello, I am Ana. How can I help?', 'Ana'));
    await tick();
    await ana.send(visitor.sessionId, 'Let me look.');
    expect(await record(ana, visitor.sessionId)).toEqual([
      [SenderType.visitor, '', 'Hello?'],
      [SenderType.system, 'Ana', 'Hello, I am Ana. How can I help?'],
      [SenderType.agent, 'Ana', 'Let me look.'],
    ]);
    await ana.chat(visitor.sessionId, 'close');
  });

  it.each([
    ['words the agent never set as her welcome', 'Ana', 'Sure, a full refund and a voucher.'],
    ["the welcome under another agent's name", 'Bob', 'Hello, I am Ana. How can I help?'],
  ])(
    'given a system message with %s, should record a plain notice, not the agent speaking',
    async (_case, senderName, text) => {
      const { visitor, ana } = await chatWithAna();
      await ana.send(visitor.sessionId, 'Let me look at your order.');
      await server().visitor('sysMsg', system(visitor.userId, text, senderName));
      expect(await record(ana, visitor.sessionId)).toEqual([
        [SenderType.agent, 'Ana', 'Let me look at your order.'],
        [SenderType.system, '', text],
      ]);
      await ana.chat(visitor.sessionId, 'close');
    },
  );

  it('given a named system message before any agent joined, should record a plain notice', async () => {
    const visitor = await server().start('desk');
    await server().visitor('sysMsg', system(visitor.userId, 'Hello, I am Ana. How can I help?', 'Ana'));
    const messages = (await server().visitor('getSessionMsg', visitor)).data;
    expect(messages).toEqual([
      expect.objectContaining({
        senderType: SenderType.system,
        msgContent: 'Hello, I am Ana. How can I help?',
      }),
    ]);
    expect(messages[0].senderName ?? '').toBe('');
  });
});
