import { ErrorCode } from '@parley/chat-protocol';
import { afterAll, describe, expect, it } from 'vitest';
import type { Seed } from './seed.js';
import { testDatabases } from './test/databases.js';
import { type AgentClient, type Data, serverFor } from './test/harness.js';
import { startSmtp } from './test/smtp.js';

// A left message's conversation in the inbox (inboxChanges.ts seen, mail/queue.ts): opened, it is
// read; answered by email, it is the answering agent's, and no longer waits for someone.

const agent = (id: string) => ({
  id,
  username: id,
  password: `pw-${id}`,
  nick: id[0]?.toUpperCase() + id.slice(1),
  capacity: 5,
  channels: ['night'],
  online: false,
});

const seed: Seed = {
  channels: [{ id: 'night', tenantId: 't', info: { receiveMode: 3, titleDesc: 'Acme help' } }],
  agents: [agent('owl'), agent('bat')],
};

const smtp = await startSmtp();
afterAll(() => smtp.close());

describe.each(testDatabases())('a left message in the inbox on $name', (database) => {
  const server = serverFor(database, seed, {
    mail: { smtpUrl: smtp.url, from: 'Acme <help@acme.example>', intervalMs: 20 },
  });

  /** A visitor who leaves `content` with an address while nobody is online; its conversation's id. */
  async function leave(content: string) {
    const visitor = await server().start('night');
    const left = await server().visitor('leaveMsg', {
      userId: visitor.userId,
      channelId: 'night',
      name: 'Lena',
      email: `lena@${database.name}.example`,
      content,
    });
    expect(left.code).toBe(ErrorCode.ok);
    const [conversation] = await server().app.db.query<{ session_id: string }>(
      'select session_id from leave_messages where visitor_id = $1',
      [visitor.userId],
    );
    if (!conversation) throw new Error('the left message opened no conversation');
    return { sessionId: conversation.session_id };
  }
  const row = async (client: AgentClient, sessionId: string) =>
    (
      (await client.call('GET', '/api/agent/conversations?view=all&status=pending')).data
        .conversations as Data[]
    ).find((one) => one.sessionId === sessionId);

  it("given a left message opened, should be read for the team; answered by email, should be the answering agent's", async () => {
    const visitor = await leave('Is the shop open on Sunday?');
    const owl = await server().login('owl', 'pw-owl');
    const bat = await server().login('bat', 'pw-bat');
    expect(await row(owl, visitor.sessionId)).toMatchObject({ unread: 1, assignee: null, leftMessage: true });

    // Opened (the console asks for it, then says it is on screen): read, for everyone.
    expect((await owl.call('GET', `/api/agent/conversations/${visitor.sessionId}`)).code).toBe(ErrorCode.ok);
    expect((await owl.chat(visitor.sessionId, 'seen')).code).toBe(ErrorCode.ok);
    expect(await row(bat, visitor.sessionId)).toMatchObject({ unread: 0, assignee: null });

    // Answered by email: Owl's now, under "mine", with who took it in its history.
    const answered = await owl.call('POST', `/api/agent/chats/${visitor.sessionId}/email-reply`, {
      text: 'Yes, from 10 to 16.',
    });
    expect(answered.code).toBe(ErrorCode.ok);
    expect(await row(bat, visitor.sessionId)).toMatchObject({
      assignee: { id: 'owl', nick: 'Owl' },
      unread: 0,
    });
    const mine = (await owl.call('GET', '/api/agent/conversations?view=mine')).data.conversations as Data[];
    expect(mine.map((one) => one.sessionId)).toContain(visitor.sessionId);
    const record = (await owl.call('GET', `/api/agent/conversations/${visitor.sessionId}`)).data;
    expect(record.activity).toContainEqual(
      expect.objectContaining({ kind: 'assigned', agentId: 'owl', detail: { to: 'owl', by: 'emailReply' } }),
    );

    // A colleague answering it again keeps it Owl's.
    expect(
      (
        await bat.call('POST', `/api/agent/chats/${visitor.sessionId}/email-reply`, {
          text: 'And on holidays too.',
        })
      ).code,
    ).toBe(ErrorCode.ok);
    expect((await row(owl, visitor.sessionId))?.assignee).toEqual({ id: 'owl', nick: 'Owl' });
  });

  it('given a left message answered by email without being opened first, should be read and assigned', async () => {
    const visitor = await leave('Do you deliver to Oslo?');
    const bat = await server().login('bat', 'pw-bat');
    expect(await row(bat, visitor.sessionId)).toMatchObject({ unread: 1, assignee: null });
    await bat.call('POST', `/api/agent/chats/${visitor.sessionId}/email-reply`, { text: 'We do.' });
    expect(await row(bat, visitor.sessionId)).toMatchObject({
      unread: 0,
      assignee: { id: 'bat', nick: 'Bat' },
    });
  });
});
