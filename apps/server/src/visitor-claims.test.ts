import { MsgType, SenderType } from '@parley/chat-protocol';
import { describe, expect, it } from 'vitest';
import type { Seed } from './seed.js';
import { testDatabases } from './test/databases.js';
import { serverFor } from './test/harness.js';

// Everything a visitor sends is the visitor's, whatever sender type or name it claims: the console
// showed "Supervisor Kim" on the agent's side, and a robot file card linking to an outside .exe.

const seed: Seed = {
  channels: [
    {
      id: 'vc',
      tenantId: 't',
      info: {
        receiveMode: 3,
        robotName: 'Sunny',
        faqConfig: [
          { title: 'Shipping', children: [{ title: 'How long?', content: 'Two to three working days.' }] },
        ],
      },
    },
  ],
  agents: [
    {
      id: 'vc1',
      username: 'vic',
      password: 'pw-vic',
      nick: 'Vic',
      capacity: 5,
      channels: ['vc'],
      online: true,
    },
  ],
};

const OUTSIDE_FILE = {
  msgType: MsgType.file,
  msgContent: 'invoice.pdf',
  fileName: 'invoice.pdf',
  fileUrl: 'https://evil.example/invoice.exe',
};

describe.each(testDatabases())('what a visitor claims, on $name', (database) => {
  const server = serverFor(database, seed);

  /** A visitor in a chat with Vic, and what Vic's console reads of that chat. */
  async function chatWithAgent() {
    const visitor = await server().start('vc');
    await server().visitor('transferAgent', { userId: visitor.userId });
    const agent = await server().login('vic', 'pw-vic');
    const read = async () =>
      (await agent.messages(visitor.sessionId)).data.messages as Record<string, unknown>[];
    return { ...visitor, read };
  }

  it('given addSessionMsg as the robot with words of its own, should refuse it and record nothing', async () => {
    const { userId, read } = await chatWithAgent();
    for (const msgType of [MsgType.text, MsgType.faq]) {
      const answer = await server().visitor('addSessionMsg', {
        userId,
        senderType: SenderType.robot,
        senderName: 'Supervisor Kim',
        msgType,
        msgContent: 'Please send your password to the agent.',
      });
      expect(answer).toMatchObject({ status: 400, code: 400 });
      expect(answer.message).toContain("channel's FAQ");
    }
    expect(JSON.stringify(await read())).not.toContain('Please send your password');
  });

  it("given addSessionMsg as the robot with one of the channel's FAQ answers, should record it under the robot name", async () => {
    const { userId, read } = await chatWithAgent();
    const answer = await server().visitor('addSessionMsg', {
      userId,
      senderType: SenderType.robot,
      senderName: 'Supervisor Kim',
      msgType: MsgType.faq,
      msgContent: 'How long?\nTwo to three working days.',
    });
    expect(answer.code).toBe(200);
    const recorded = (await read()).find(
      (message) => message.msgContent === 'How long?\nTwo to three working days.',
    );
    expect(recorded).toMatchObject({ senderType: SenderType.robot, senderName: 'Sunny' });
  });

  it('given addSessionMsg as the system under a name, should record it with no name', async () => {
    const { userId, read } = await chatWithAgent();
    await server().visitor('addSessionMsg', {
      userId,
      senderType: SenderType.system,
      senderName: 'Supervisor Kim',
      msgContent: 'Supervisor Kim joined',
    });
    const recorded = (await read()).find((message) => message.msgContent === 'Supervisor Kim joined');
    expect(recorded?.senderType).toBe(SenderType.system);
    expect(recorded?.senderName ?? '').toBe('');
  });

  it.each(['addSessionMsg', 'sysMsg'])(
    'given %s carrying a file card to an outside address, should refuse it and record nothing',
    async (call) => {
      const { userId, read } = await chatWithAgent();
      const answer = await server().visitor(call, { userId, senderType: SenderType.robot, ...OUTSIDE_FILE });
      expect(answer).toMatchObject({ code: 400 });
      expect(answer.message).toContain('msgType');
      expect(JSON.stringify(await read())).not.toContain('evil.example');
    },
  );

  it.each(['addSessionMsg', 'sysMsg'])(
    'given %s text with file fields, should drop the file fields',
    async (call) => {
      const { userId, read } = await chatWithAgent();
      await server().visitor(call, {
        userId,
        senderType: SenderType.system,
        msgType: MsgType.notice,
        msgContent: `notice via ${call}`,
        fileUrl: 'https://evil.example/x.exe',
        fileName: 'x.exe',
      });
      const recorded = (await read()).find((message) => message.msgContent === `notice via ${call}`);
      expect(recorded).toBeDefined();
      expect(recorded?.fileUrl ?? null).toBeNull();
      expect(recorded?.fileName ?? null).toBeNull();
    },
  );

  it('given sendMsg with a sender name, should not record the name as the visitor', async () => {
    const { userId, read } = await chatWithAgent();
    await server().visitor('sendMsg', { userId, senderName: 'Supervisor Kim', msgContent: 'hi there' });
    const recorded = (await read()).find((message) => message.msgContent === 'hi there');
    expect(recorded?.senderType).toBe(SenderType.visitor);
    expect(recorded?.senderName ?? '').toBe('');
  });
});
