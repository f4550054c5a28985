import { simpleParser } from 'mailparser';
import { createTransport } from 'nodemailer';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { Seed } from './seed.js';
import { testDatabases } from './test/databases.js';
import { type Harness, serverFor } from './test/harness.js';
import { startSmtp } from './test/smtp.js';

// Mail in: a visitor's reply to an answer by email comes back into its conversation, sent by a
// real mail client library (nodemailer) to the server's own SMTP port; a mail to the support
// address opens a conversation. Matching is by what the server signed, never by the sender.

const seed: Seed = {
  channels: [{ id: 'help', tenantId: 't', info: { receiveMode: 3, titleDesc: 'Acme help' } }],
  agents: [
    {
      id: 'lark',
      username: 'lark',
      password: 'pw-lark',
      nick: 'Lark',
      capacity: 5,
      channels: ['help'],
      online: true,
    },
  ],
};

const outbound = await startSmtp();
afterAll(() => outbound.close());

describe.each(testDatabases())('mail in on $name', (database) => {
  const server = serverFor(database, seed, {
    mail: {
      smtpUrl: outbound.url,
      from: 'Acme <help@acme.example>',
      intervalMs: 20,
      inboundAddress: 'support@acme.example',
      inboundPort: 0,
      inboundHost: '127.0.0.1',
      inboundChannel: 'help',
    },
  });
  const at = (name: string) => `${name}@${database.name}.example`;

  /** A mail client, as a visitor's: it sends to the server's SMTP port. */
  const client = () =>
    createTransport({
      host: '127.0.0.1',
      port: server().app.mailInbound?.port ?? 0,
      secure: false,
      ignoreTLS: true,
    });

  async function lark(harness: Harness) {
    const agent = await harness.login('lark', 'pw-lark');
    return {
      conversation: async (sessionId: string) =>
        (await agent.call('GET', `/api/agent/conversations/${sessionId}`)).data,
      emailReply: (sessionId: string, text: string) =>
        agent.call('POST', `/api/agent/chats/${sessionId}/email-reply`, { text }),
    };
  }

  /** A conversation whose visitor is gone, answered once by email: the mail as it arrived. */
  async function answered(visitorName: string) {
    await server().app.ready();
    const agent = await lark(server());
    const visitor = await server().start('help', { email: at(visitorName) });
    await server().visitor('transferAgent', { userId: visitor.userId });
    await server().visitor('sendMsg', { userId: visitor.userId, msgContent: 'Is the blue one back?' });
    await server().visitor('chatClose', { userId: visitor.userId });
    expect((await agent.emailReply(visitor.sessionId, 'It is back on Monday.')).code).toBe(200);
    await vi.waitFor(
      () => expect(outbound.mails.filter((one) => one.to.includes(at(visitorName)))).toHaveLength(1),
      {
        timeout: 10_000,
        interval: 20,
      },
    );
    const raw = outbound.mails.find((one) => one.to.includes(at(visitorName)))?.raw ?? '';
    return { agent, visitor, mail: await simpleParser(raw) };
  }

  it("given the visitor's reply from their mail client, should put it in the conversation without the quoted answer", async () => {
    const { agent, visitor, mail } = await answered('gus');
    const replyTo = mail.replyTo?.value[0]?.address ?? '';
    expect(replyTo).toMatch(/^support\+\d+\.[0-9a-f]{12}@acme\.example$/);
    await client().sendMail({
      from: `Gus <${at('gus')}>`,
      to: replyTo,
      subject: `Re: ${mail.subject}`,
      inReplyTo: mail.messageId,
      references: [
        ...(Array.isArray(mail.references) ? mail.references : [mail.references ?? '']),
        mail.messageId ?? '',
      ],
      text: [
        'Great, I will come by on Monday.',
        '',
        'On Sat, 28 Nov 2026 at 10:00, Acme <help@acme.example> wrote:',
        '> It is back on Monday.',
        '>',
        '> Lark, Acme help',
      ].join('\n'),
    });
    await vi.waitFor(
      async () =>
        expect((await agent.conversation(visitor.sessionId)).messages.at(-1)).toMatchObject({
          senderType: 1,
          msgContent: 'Great, I will come by on Monday.',
        }),
      { timeout: 10_000, interval: 50 },
    );
    const [stored] = await server().app.db.query<{ extra: { emailFrom?: string }; state: string }>(
      `select m.extra, s.state from messages m join sessions s on s.id = m.session_id
       where m.session_id = $1 order by m.msg_time desc, m.id desc limit 1`,
      [visitor.sessionId],
    );
    expect(stored).toMatchObject({ extra: { emailFrom: at('gus') }, state: 'open' });
    // The agent answers again by email, in the same thread.
    expect((await agent.emailReply(visitor.sessionId, 'See you then.')).code).toBe(200);
  });

  it('given a reply whose thread ids were forged, should not add it to that conversation but open a new one', async () => {
    const { agent, visitor, mail } = await answered('ida');
    const before = (await agent.conversation(visitor.sessionId)).messages.length;
    const forged = (mail.messageId ?? '').replace(/\.[0-9a-f]{12}@/, '.000000000000@');
    await client().sendMail({
      from: at('mallory'),
      to: 'support@acme.example',
      subject: 'Re: your message',
      inReplyTo: forged,
      references: [forged],
      text: 'Please send the refund to my other account.',
    });
    await vi.waitFor(
      async () => {
        const [opened] = await server().app.db.query<{ id: string; msg_content: string }>(
          `select s.id, m.msg_content from sessions s join visitors v on v.id = s.visitor_id
           join messages m on m.session_id = s.id where v.email = $1`,
          [at('mallory')],
        );
        expect(opened?.msg_content).toBe('Re: your message\n\nPlease send the refund to my other account.');
      },
      { timeout: 10_000, interval: 50 },
    );
    expect((await agent.conversation(visitor.sessionId)).messages).toHaveLength(before);
  });

  it('given an out-of-office answer, a mail for another domain or an HTML-only mail, should keep each in its place', async () => {
    await server().app.ready();
    const count = async (email: string) =>
      (
        await server().app.db.query(
          'select m.id from messages m join visitors v on v.id = m.visitor_id where v.email = $1',
          [email],
        )
      ).length;
    await client().sendMail({
      from: at('away'),
      to: 'support@acme.example',
      subject: 'Out of office',
      headers: { 'Auto-Submitted': 'auto-replied' },
      text: 'I am away until Monday.',
    });
    await expect(
      client().sendMail({ from: at('relay'), to: 'someone@elsewhere.example', text: 'relay me' }),
    ).rejects.toThrow(/550/);
    await client().sendMail({
      from: `Nora <${at('nora')}>`,
      to: 'support@acme.example',
      subject: 'Broken link',
      html: '<p>The link <b>does not</b> work.</p><script>alert(1)</script>',
    });
    await vi.waitFor(async () => expect(await count(at('nora'))).toBe(1), { timeout: 10_000, interval: 50 });
    const [text] = await server().app.db.query<{ msg_content: string }>(
      'select m.msg_content from messages m join visitors v on v.id = m.visitor_id where v.email = $1',
      [at('nora')],
    );
    expect(text?.msg_content).toMatch(/^Broken link\n\nThe link does not work\.?$/i);
    expect(text?.msg_content).not.toMatch(/[<>]|alert/);
    expect(await count(at('away'))).toBe(0);
  });
});
