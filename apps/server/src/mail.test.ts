import { ErrorCode } from '@parley/chat-protocol';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { runAdmin } from './admin/commands.js';
import type { Seed } from './seed.js';
import { testDatabases } from './test/databases.js';
import { type Harness, serverFor } from './test/harness.js';
import { Receiver } from './test/receiver.js';
import { startSmtp } from './test/smtp.js';
import { addEndpoint } from './webhooks/endpoints.js';

const seed: Seed = {
  channels: [
    { id: 'day', tenantId: 't', info: { receiveMode: 3, titleDesc: 'Acme help' } },
    { id: 'night', tenantId: 't', info: { receiveMode: 3 } },
  ],
  agents: [
    {
      id: 'lark',
      username: 'lark',
      password: 'pw-lark',
      nick: 'Lark',
      capacity: 5,
      channels: ['day'],
      online: true,
    },
    {
      id: 'owl',
      username: 'owl',
      password: 'pw-owl',
      nick: 'Owl',
      capacity: 5,
      channels: ['night'],
      online: false,
    },
    {
      id: 'bat',
      username: 'bat',
      password: 'pw-bat',
      nick: 'Bat',
      capacity: 5,
      channels: ['night'],
      online: false,
    },
  ],
};

const smtp = await startSmtp();
afterAll(() => smtp.close());

/** A mail's body as written (quoted-printable soft breaks and escapes undone). */
const bodyOf = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
    .replace(/\r\n/g, '\n');

const mailsTo = (address: string) => smtp.mails.filter((mail) => mail.to.includes(address));

async function admin(server: Harness, ...argv: string[]) {
  await runAdmin(argv, { db: server.app.db, out: () => {}, readStdin: async () => '' });
}

describe.each(testDatabases())('email with SMTP on $name', (database) => {
  const server = serverFor(database, seed, {
    mail: { smtpUrl: smtp.url, from: 'Acme <help@acme.example>', intervalMs: 20 },
    // A local receiver hears the answer by email as a webhook.
    webhooks: { allowPrivate: true, intervalMs: 20, backoffMs: 100, maxBackoffMs: 300, timeoutMs: 3000 },
  });
  // One SMTP server for both databases' runs: addresses differ per database.
  const at = (name: string) => `${name}@${database.name}.example`;

  it('given a left message while nobody of its channel is online, should email each of its agents who have an address, apart', async () => {
    await admin(server(), 'agent', 'email', 'owl', at('owl'));
    await admin(server(), 'agent', 'email', 'bat', at('bat'));
    await admin(server(), 'agent', 'email', 'lark', at('lark'));
    const visitor = await server().start('night');
    await server().visitor('leaveMsg', {
      userId: visitor.userId,
      channelId: 'night',
      name: 'Lena',
      email: 'lena@example.com',
      content: 'Please call me back about order 42.',
    });
    await vi.waitFor(() => expect(mailsTo(at('owl'))).toHaveLength(1), { timeout: 10_000, interval: 20 });
    const [notice] = mailsTo(at('owl'));
    expect(notice?.from).toBe('help@acme.example');
    expect(notice?.raw).toContain('Subject: New message on night from Lena');
    expect(bodyOf(notice?.raw ?? '')).toContain('Please call me back about order 42.');
    expect(notice?.to).toEqual([at('owl')]);
    // Bat gets a mail of his own: neither agent sees the other's address.
    await vi.waitFor(() => expect(mailsTo(at('bat'))).toHaveLength(1), { timeout: 10_000, interval: 20 });
    const [own] = mailsTo(at('bat'));
    expect(own?.to).toEqual([at('bat')]);
    expect(own?.raw).not.toContain(at('owl'));
    expect(notice?.raw).not.toContain(at('bat'));
    expect(mailsTo(at('lark'))).toEqual([]);
    // The operator's figures: nothing waits in the outbox once both are sent.
    const outbox = await server().app.metrics.registry.getSingleMetricAsString('parley_mail_outbox');
    expect(outbox).toContain('parley_mail_outbox{status="pending"} 0');
    expect(outbox).toContain('parley_mail_outbox{status="failed"} 0');
    await server().app.db.query(
      `update mail_outbox set status = 'failed' where kind = 'left_notice' and to_address = $1`,
      [at('bat')],
    );
    expect(await server().app.metrics.registry.getSingleMetricAsString('parley_mail_outbox')).toContain(
      'parley_mail_outbox{status="failed"} 1',
    );

    // Lark is online on the day channel: a message left there is for the console, not a mail.
    const dayVisitor = await server().start('day');
    await server().visitor('leaveMsg', { userId: dayVisitor.userId, channelId: 'day', content: 'Hi' });
    const [queued] = await server().app.db.query<{ count: number }>(
      `select count(*)::int as count from mail_outbox where kind = 'left_notice' and channel_id = 'day'`,
    );
    expect(queued?.count).toBe(0);
  });

  it('given a visitor asking for the transcript, should mail their chat, and refuse a fourth in a day', async () => {
    const visitor = await server().start('day');
    // The page is told it may offer the transcript.
    expect(visitor).toMatchObject({ transcript: true });
    expect((await server().visitor('transferAgent', { userId: visitor.userId })).data.status).toBe(2);
    await server().visitor('sendMsg', { userId: visitor.userId, msgContent: 'My parcel is late' });
    const lark = await server().login('lark', 'pw-lark');
    await lark.send(visitor.sessionId, 'It arrives tomorrow');
    await lark.chat(visitor.sessionId, 'close');
    const asked = await server().visitor('transcript', { userId: visitor.userId, email: at('vera') });
    expect(asked).toMatchObject({ code: 200, data: { to: at('vera') } });
    await vi.waitFor(() => expect(mailsTo(at('vera'))).toHaveLength(1), { timeout: 10_000, interval: 20 });
    const [mail] = mailsTo(at('vera'));
    expect(mail?.raw).toContain('Subject: Your chat with Acme help');
    const body = bodyOf(mail?.raw ?? '');
    expect(body).toMatch(/\] You: My parcel is late\n/);
    expect(body).toMatch(/\] Lark: It arrives tomorrow/);
    expect(body.indexOf('My parcel is late')).toBeLessThan(body.indexOf('It arrives tomorrow'));

    await server().visitor('transcript', { userId: visitor.userId, email: at('vera') });
    await server().visitor('transcript', { userId: visitor.userId, email: at('vera') });
    const fourth = await server().visitor('transcript', { userId: visitor.userId, email: at('vera') });
    expect(fourth).toMatchObject({
      code: ErrorCode.tooManyRequests,
      message: expect.stringContaining('3 transcripts a day'),
    });
    const noAddress = await server().start('day');
    expect((await server().visitor('transcript', { userId: noAddress.userId })).code).toBe(
      ErrorCode.badRequest,
    );
    expect(
      (await server().visitor('transcript', { userId: noAddress.userId, email: 'not an address' })).code,
    ).toBe(ErrorCode.badRequest);
  });

  it("given an agent's answer to a left message, should mail it to the visitor's address with their message quoted", async () => {
    const visitor = await server().start('night');
    await server().visitor('leaveMsg', {
      userId: visitor.userId,
      channelId: 'night',
      name: 'Nora',
      email: at('nora'),
      content: 'Do you ship to Norway?',
    });
    const bat = await server().login('bat', 'pw-bat');
    const left = (await bat.call('GET', '/api/agent/leave-messages')).data.find(
      (one: { content: string }) => one.content === 'Do you ship to Norway?',
    );
    const answered = await bat.call('POST', `/api/agent/leave-messages/${left.id}/reply`, {
      text: 'Yes, in 3 days.',
    });
    expect(answered).toMatchObject({ code: 200, data: { to: at('nora') } });
    await vi.waitFor(() => expect(mailsTo(at('nora'))).toHaveLength(1), { timeout: 10_000, interval: 20 });
    const body = bodyOf(mailsTo(at('nora'))[0]?.raw ?? '');
    expect(body).toContain('Yes, in 3 days.');
    expect(body).toContain('> Do you ship to Norway?');

    // The answer is kept in the conversation the left message opened, marked as sent by email.
    const [opened] = (await bat.call('GET', '/api/agent/conversations?view=all&status=pending')).data
      .conversations as { sessionId: string; lastMessage: { text: string } }[];
    // The row previews the visitor's words (docs/routing.md); the answer is the record's last message.
    expect(opened?.lastMessage.text).toBe('Do you ship to Norway?');
    const kept = (await bat.call('GET', `/api/agent/conversations/${opened?.sessionId}`)).data;
    expect(kept.messages.at(-1)).toMatchObject({ msgContent: 'Yes, in 3 days.', emailedTo: at('nora') });

    const lark = await server().login('lark', 'pw-lark');
    expect((await lark.call('POST', `/api/agent/leave-messages/${left.id}/reply`, { text: 'x' })).code).toBe(
      ErrorCode.forbidden,
    );
    const silent = await server().start('night');
    await server().visitor('leaveMsg', {
      userId: silent.userId,
      channelId: 'night',
      content: 'No address here',
    });
    const other = (await bat.call('GET', '/api/agent/leave-messages')).data.find(
      (one: { content: string }) => one.content === 'No address here',
    );
    expect((await bat.call('POST', `/api/agent/leave-messages/${other.id}/reply`, { text: 'x' })).code).toBe(
      ErrorCode.conflict,
    );
  });

  it('given a conversation whose visitor left an address and is gone, should answer it by email and keep the answer in it', async () => {
    const lark = await server().login('lark', 'pw-lark');
    const conversation = async (sessionId: string) =>
      (await lark.call('GET', `/api/agent/conversations/${sessionId}`)).data;
    const emailReply = (sessionId: string, text: string) =>
      lark.call('POST', `/api/agent/chats/${sessionId}/email-reply`, { text });

    // A chat whose visitor the host site named with an address: no answer by email while it goes on.
    const visitor = await server().start('day', { email: at('gus') });
    await server().visitor('transferAgent', { userId: visitor.userId });
    await server().visitor('sendMsg', { userId: visitor.userId, msgContent: 'Is the blue one back?' });
    expect((await conversation(visitor.sessionId)).emailTo).toBeNull();
    expect((await emailReply(visitor.sessionId, 'Soon')).code).toBe(ErrorCode.conflict);

    // The visitor leaves before an answer: the agent answers by email.
    const receiver = await Receiver.start();
    await addEndpoint(server().app.db, { url: receiver.url, events: ['message.created'] }, Date.now());
    await server().visitor('chatClose', { userId: visitor.userId });
    expect((await conversation(visitor.sessionId)).emailTo).toBe(at('gus'));
    const answered = await emailReply(visitor.sessionId, 'It is back on Monday.');
    expect(answered).toMatchObject({
      code: 200,
      data: {
        to: at('gus'),
        message: {
          msgContent: 'It is back on Monday.',
          senderType: 2,
          senderName: 'Lark',
          emailedTo: at('gus'),
        },
      },
    });
    await vi.waitFor(() => expect(mailsTo(at('gus'))).toHaveLength(1), { timeout: 10_000, interval: 20 });
    const [mail] = mailsTo(at('gus'));
    expect(mail?.raw).toContain('Subject: Re: your message to Acme help');
    const body = bodyOf(mail?.raw ?? '');
    expect(body).toContain('It is back on Monday.\n\nLark, Acme help');
    expect(body).toContain('> Is the blue one back?');
    // Text and HTML, the visitor's words escaped and quoted.
    expect(mail?.raw).toMatch(/Content-Type: multipart\/alternative/);
    expect(body).toContain('<p>It is back on Monday.</p>');
    expect(body).toMatch(/<blockquote[^>]*>Is the blue one back\?<\/blockquote>/);
    const header = (raw: string | undefined, name: string) =>
      new RegExp(`^${name}: (.+(?:\n[ \t].+)*)`, 'mi')
        .exec((raw ?? '').replace(/\r\n/g, '\n'))?.[1]
        ?.replace(/\s+/g, ' ');
    const first = header(mail?.raw, 'Message-ID');
    expect(first).toMatch(/^<mail\.\d+\.[0-9a-f]{12}@acme\.example>$/);
    expect(header(mail?.raw, 'References')).toBe(`<conversation.${visitor.sessionId}@acme.example>`);

    // A second answer threads under the first in the visitor's mail client.
    expect((await emailReply(visitor.sessionId, 'We kept one for you.')).code).toBe(200);
    await vi.waitFor(() => expect(mailsTo(at('gus'))).toHaveLength(2), { timeout: 10_000, interval: 20 });
    const second = mailsTo(at('gus'))[1]?.raw;
    expect(header(second, 'In-Reply-To')).toBe(first);
    expect(header(second, 'References')).toBe(`<conversation.${visitor.sessionId}@acme.example> ${first}`);
    expect(header(second, 'Message-ID')).not.toBe(first);
    expect((await conversation(visitor.sessionId)).messages.slice(-2)).toMatchObject([
      { msgContent: 'It is back on Monday.', emailedTo: at('gus') },
      { msgContent: 'We kept one for you.', emailedTo: at('gus') },
    ]);
    // Integrations hear it as the agent's message, and that it went by email.
    await vi.waitFor(
      () =>
        expect(
          receiver
            .payloads()
            .filter((payload) => payload.conversationId === visitor.sessionId)
            .map((payload) =>
              payload.type === 'message.created'
                ? [payload.data.msgContent, payload.data.emailedTo]
                : [payload.type],
            ),
        ).toEqual([
          ['It is back on Monday.', at('gus')],
          ['We kept one for you.', at('gus')],
        ]),
      { timeout: 10_000, interval: 20 },
    );
    await receiver.down();

    // A visitor who gave no address cannot be answered by email.
    const silent = await server().start('day');
    await server().visitor('chatClose', { userId: silent.userId });
    expect((await conversation(silent.sessionId)).emailTo).toBeNull();
    expect((await emailReply(silent.sessionId, 'Hello?')).code).toBe(ErrorCode.conflict);
    // Nor can a conversation outside the agent's channels be read or answered.
    const night = await server().start('night', { email: at('ida') });
    await server().visitor('chatClose', { userId: night.userId });
    expect((await emailReply(night.sessionId, 'Hi')).code).toBe(ErrorCode.forbidden);
    expect(mailsTo(at('ida'))).toEqual([]);
  });
});

describe.each(testDatabases())('email without SMTP on $name', (database) => {
  const server = serverFor(database, seed);

  it('given no SMTP configured, should send nothing and say email is not set up', async () => {
    const before = smtp.mails.length;
    await admin(server(), 'agent', 'email', 'owl', 'owl@acme.example');
    const visitor = await server().start('night');
    expect(visitor).toMatchObject({ transcript: false });
    await server().visitor('leaveMsg', {
      userId: visitor.userId,
      channelId: 'night',
      email: 'x@example.com',
      content: 'Hello?',
    });
    const asked = await server().visitor('transcript', { userId: visitor.userId, email: 'x@example.com' });
    expect(asked).toMatchObject({
      code: ErrorCode.unavailable,
      message: expect.stringContaining('not set up'),
    });
    const owl = await server().login('owl', 'pw-owl');
    const [left] = (await owl.call('GET', '/api/agent/leave-messages')).data;
    expect((await owl.call('POST', `/api/agent/leave-messages/${left.id}/reply`, { text: 'Hi' })).code).toBe(
      ErrorCode.unavailable,
    );
    // An ended chat with an address: no answer by email is offered, and none is taken.
    const gone = await server().start('night', { email: 'y@example.com' });
    await server().visitor('chatClose', { userId: gone.userId });
    expect((await owl.call('GET', `/api/agent/conversations/${gone.sessionId}`)).data.emailTo).toBeNull();
    expect(
      (await owl.call('POST', `/api/agent/chats/${gone.sessionId}/email-reply`, { text: 'Hi' })).code,
    ).toBe(ErrorCode.unavailable);
    expect(server().app.mailer).toBeUndefined();
    expect(smtp.mails.length).toBe(before);
  });
});
