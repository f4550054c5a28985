import { MsgType } from '@parley/chat-protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Seed } from './seed.js';
import { testDatabases } from './test/databases.js';
import { type AgentClient, serverFor } from './test/harness.js';

// What an agent may see and do, by the one rule of docs/routing.md: a chat is within an agent's reach
// when the agent serves its channel and, if it has a department, belongs to it; its assignee and
// administrators see it too. An agent of one
// department read, refused and joined another's queued chats, joined a robot-only chat and went
// past their capacity; one who once served a visitor read all of that visitor's files; and an
// agent could delete the visitor's own messages.

const member = (id: string, groups: string[], channels = ['dep'], online = true) => ({
  id,
  username: id,
  password: `pw-${id}`,
  nick: id.toUpperCase(),
  capacity: 1,
  channels,
  groups,
  online,
});

const seed: Seed = {
  channels: [
    {
      id: 'dep',
      tenantId: 't',
      info: {
        receiveMode: 3,
        groupMode: 1,
        groupConfig: [
          { groupId: 'sales', groupName: 'Sales' },
          { groupId: 'support', groupName: 'Support' },
        ],
      },
    },
    { id: 'bot', tenantId: 't', info: { receiveMode: 0, robotWelcomeMode: 1 } },
    { id: 'docs', tenantId: 't', info: { receiveMode: 3 } },
  ],
  agents: [
    member('sam', ['sales']),
    member('sue', ['support']),
    member('ann', [], ['dep'], false),
    member('bob', [], ['bot']),
    member('fay', [], ['docs']),
    member('fin', [], ['docs'], false),
  ],
};

const PNG = Buffer.from(
  '89504E470D0A1A0A0000000D49484452000000010000000108060000001F15C4890000000D49444154789C6360000002000154A24F5D0000000049454E44AE426082',
  'hex',
);

describe.each(testDatabases())('an agent reach on $name', (database) => {
  const server = serverFor(database, seed);
  let sam: AgentClient;
  let sue: AgentClient;
  let ann: AgentClient;
  /** Sue serves one support chat (her capacity); a second support visitor waits in the queue. */
  let waiting: { userId: string; sessionId: string };

  beforeAll(async () => {
    sam = await server().login('sam', 'pw-sam');
    sue = await server().login('sue', 'pw-sue');
    ann = await server().login('ann', 'pw-ann');
    const first = await server().start('dep');
    expect(
      (await server().visitor('transferAgent', { userId: first.userId, groupId: 'support' })).data.status,
    ).toBe(2);
    waiting = await server().start('dep');
    expect(
      (await server().visitor('transferAgent', { userId: waiting.userId, groupId: 'support' })).data.status,
    ).toBe(3);
  });

  it("given another department's queued chat, should not list it in the agent's queue", async () => {
    const queue = (await sam.poll()).data.queue as { sessionId: string }[];
    expect(queue.map((entry) => entry.sessionId)).not.toContain(waiting.sessionId);
  });

  it('given an agent with no department, should list the queued chats of every department of the channel', async () => {
    const queue = (await ann.poll()).data.queue as { sessionId: string }[];
    expect(queue.map((entry) => entry.sessionId)).toContain(waiting.sessionId);
  });

  it.each([
    ['read its messages', (agent: AgentClient, id: string) => agent.messages(id)],
    ['join it', (agent: AgentClient, id: string) => agent.chat(id, 'join')],
    ['refuse it', (agent: AgentClient, id: string) => agent.chat(id, 'refuse')],
  ])("given another department's queued chat, should refuse to %s with 403", async (_, act) => {
    const answer = await act(sam, waiting.sessionId);
    expect(answer).toMatchObject({ status: 403, code: 403 });
    expect((await sue.poll()).data.queue.map((entry: { sessionId: string }) => entry.sessionId)).toContain(
      waiting.sessionId,
    );
  });

  it('given an agent at capacity, should refuse a join by hand unless it says beyondCapacity', async () => {
    const refused = await sue.chat(waiting.sessionId, 'join');
    expect(refused).toMatchObject({ status: 409, code: 409 });
    expect(refused.message).toContain('capacity');
    expect((await sue.chat(waiting.sessionId, 'join', { beyondCapacity: true })).code).toBe(200);
    expect((await sue.poll()).data.chats).toHaveLength(2);
  });

  it('given a chat the robot is serving, should refuse a join with 409', async () => {
    const bob = await server().login('bob', 'pw-bob');
    const robotChat = await server().start('bot');
    await server().visitor('sendMsg', { userId: robotChat.userId, msgContent: 'hello robot' });
    const answer = await bob.chat(robotChat.sessionId, 'join');
    expect(answer).toMatchObject({ status: 409 });
    expect(answer.message).toContain('not waiting');
    expect((await bob.poll()).data.chats).toEqual([]);
  });
});

describe.each(testDatabases())('what an agent may delete and read on $name', (database) => {
  const server = serverFor(database, seed);

  async function uploadFile(userId: string, name: string) {
    const form = new FormData();
    form.append('userId', userId);
    form.append('file', new Blob([new Uint8Array(PNG)]), name);
    const request = new Request('http://local/api/chat/visitor/upload', { method: 'POST', body: form });
    const response = await server().app.inject({
      method: 'POST',
      url: '/api/chat/visitor/upload',
      headers: Object.fromEntries(request.headers),
      payload: Buffer.from(await request.arrayBuffer()),
    });
    const { url } = response.json().data as { url: string };
    await server().visitor('sendMsg', {
      userId,
      msgType: MsgType.image,
      msgContent: name,
      fileName: name,
      fileUrl: url,
    });
    return url;
  }
  /** The agent opens the file by its path alone: the visitor's signed link is a capability of its own. */
  const status = async (agent: AgentClient, url: string) =>
    (
      await server().app.inject({
        url: url.split('?')[0] ?? url,
        headers: { authorization: `Bearer ${agent.token}` },
      })
    ).statusCode;

  it("given the visitor's own message, should refuse to delete it; given the agent's, should delete it", async () => {
    const fay = await server().login('fay', 'pw-fay');
    const { userId, sessionId } = await server().start('docs');
    await server().visitor('transferAgent', { userId });
    await server().visitor('sendMsg', { userId, msgContent: 'my order is 42' });
    await fay.send(sessionId, 'thanks');
    const messages = (await fay.messages(sessionId)).data.messages as { id: string; msgContent: string }[];
    const visitorSaid = messages.find((message) => message.msgContent === 'my order is 42');
    const agentSaid = messages.find((message) => message.msgContent === 'thanks');
    const refused = await fay.call('DELETE', `/api/agent/chats/${sessionId}/messages/${visitorSaid?.id}`);
    expect(refused).toMatchObject({ status: 403 });
    expect((await fay.call('DELETE', `/api/agent/chats/${sessionId}/messages/${agentSaid?.id}`)).code).toBe(
      200,
    );
    const left = (await fay.messages(sessionId)).data.messages as { msgContent: string }[];
    expect(left.map((message) => message.msgContent)).toEqual(['my order is 42']);
    await fay.chat(sessionId, 'close');
  });

  it("given a visitor's files, should open them to whoever sees their conversation and to nobody of another channel", async () => {
    const fay = await server().login('fay', 'pw-fay');
    const fin = await server().login('fin', 'pw-fin');
    const bob = await server().login('bob', 'pw-bob');
    const { userId, sessionId } = await server().start('docs');
    await server().visitor('transferAgent', { userId });
    const first = await uploadFile(userId, 'first.png');
    expect(await status(fay, first)).toBe(200);
    await fay.chat(sessionId, 'close');
    // The visitor comes back; Fay is offline and Fin takes the chat.
    await fay.online(false);
    await fin.online(true);
    const again = await server().start('docs', { userId });
    expect((await server().visitor('transferAgent', { userId })).data.status).toBe(2);
    const second = await uploadFile(userId, 'second.png');
    expect(await status(fin, second)).toBe(200);
    expect(await status(fin, first)).toBe(200);
    // Fay serves the channel: both conversations are hers to read, their files too (docs/routing.md).
    expect(await status(fay, first)).toBe(200);
    expect(await status(fay, second)).toBe(200);
    // Bob serves another channel: neither conversation, nor its files.
    expect(await status(bob, first)).toBe(403);
    expect(await status(bob, second)).toBe(403);
    await fin.chat(again.sessionId, 'close');
    expect(await status(bob, second)).toBe(403);
  });
});
