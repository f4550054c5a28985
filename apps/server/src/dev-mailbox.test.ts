import { describe, expect, it, vi } from 'vitest';
import { runAdmin } from './admin/commands.js';
import { settingsFromEnv } from './config.js';
import type { Seed } from './seed.js';
import { testDatabases } from './test/databases.js';
import { type Harness, serverFor } from './test/harness.js';

// The demo mailbox: demo mode without SMTP lists what would have been sent at /dev/mailbox, for an
// administrator; with SMTP, and outside demo mode, the page does not exist.

const seed: Seed = {
  channels: [
    { id: 'shop', tenantId: 't', info: { receiveMode: 3, titleDesc: 'Acme shop' } },
    { id: 'other', tenantId: 't', info: { receiveMode: 3 } },
  ],
  agents: [
    {
      id: 'ada',
      username: 'ada',
      password: 'pw-ada',
      nick: 'Ada',
      capacity: 5,
      channels: ['shop'],
      online: false,
      role: 'admin',
    },
    {
      id: 'bo',
      username: 'bo',
      password: 'pw-bo',
      nick: 'Bo',
      capacity: 5,
      channels: ['shop'],
      online: false,
    },
    {
      id: 'cy',
      username: 'cy',
      password: 'pw-cy',
      nick: 'Cy',
      capacity: 5,
      channels: ['other'],
      online: false,
      role: 'admin',
    },
  ],
};

/** The mailbox page as `username` (or nobody) sees it. */
async function mailbox(server: Harness, username?: string) {
  const token = username ? (await server.login(username, `pw-${username}`)).token : undefined;
  return server.app.inject({
    method: 'GET',
    url: '/dev/mailbox',
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

/** The mail settings `npm start` would use with these variables. */
const mailFor = (env: NodeJS.ProcessEnv) => ({ ...settingsFromEnv(env).mail, intervalMs: 20 });

describe.each(testDatabases())('the demo mailbox on $name', (database) => {
  const server = serverFor(database, seed, { mail: mailFor({ PARLEY_DEMO: '1' }) });

  it('given demo mode without SMTP, should list the mails that would have been sent to an administrator, newest first and escaped', async () => {
    await runAdmin(['agent', 'email', 'ada', 'ada@acme.example'], {
      db: server().app.db,
      out: () => {},
      readStdin: async () => '',
    });
    const visitor = await server().start('shop');
    await server().visitor('transferAgent', { userId: visitor.userId });
    await server().visitor('leaveMsg', {
      userId: visitor.userId,
      channelId: 'shop',
      name: 'Lena',
      email: 'lena@example.com',
      content: 'Call me <script>alert(1)</script>',
    });
    expect(await server().visitor('transcript', { userId: visitor.userId })).toMatchObject({
      code: 200,
      data: { to: 'lena@example.com' },
    });
    // Both are "sent" (printed) by the outbox, the notice written as it went.
    await vi.waitFor(
      async () => {
        const [pending] = await server().app.db.query<{ count: number }>(
          `select count(*)::int as count from mail_outbox where status <> 'sent'`,
        );
        expect(pending?.count).toBe(0);
      },
      { timeout: 10_000, interval: 20 },
    );

    const page = await mailbox(server(), 'ada');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<h2 dir="auto">Your chat with Acme shop</h2>');
    expect(page.body).toContain('<dd dir="auto">lena@example.com</dd>');
    expect(page.body).toContain('<h2 dir="auto">New message on shop from Lena</h2>');
    expect(page.body).toContain('<dd dir="auto">ada@acme.example</dd>');
    expect(page.body).toContain('Call me &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page.body).not.toContain('<script>');
    // The transcript is the newest: listed first.
    expect(page.body.indexOf('Your chat with')).toBeLessThan(page.body.indexOf('New message on shop'));

    // Any administrator reads it (the demo's works on some channels only); an agent who is not
    // one, and nobody, do not.
    expect((await mailbox(server(), 'cy')).body).toContain('New message on shop from Lena');
    const agent = await mailbox(server(), 'bo');
    expect(agent.statusCode).toBe(403);
    expect(agent.body).not.toContain('Lena');
    const anonymous = await mailbox(server());
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body).not.toContain('Lena');
  });
});

describe.each(testDatabases())('no demo mailbox outside demo mode on $name', (database) => {
  const production = serverFor(database, seed, { mail: mailFor({}) });
  const withSmtp = serverFor(database, seed, {
    mail: mailFor({ PARLEY_DEMO: '1', SMTP_URL: 'smtp://127.0.0.1:9' }),
  });

  it('given a server outside demo mode, or in demo mode with SMTP, should have no mailbox page, even for an administrator', async () => {
    expect(mailFor({}).print).toBe(false);
    expect((await mailbox(production(), 'ada')).statusCode).toBe(404);
    expect((await mailbox(production())).statusCode).toBe(404);
    expect((await mailbox(withSmtp(), 'ada')).statusCode).toBe(404);
  });
});
