import type { FastifyInstance, FastifyReply } from 'fastify';
import { type AgentAuth, tokenOf } from './agent.js';

/** Where the demo mailbox is: only on a server that prints its mails instead of sending them. */
export const DEV_MAILBOX_PATH = '/dev/mailbox';

/** The newest mails the page lists. */
const SHOWN = 100;

interface MailRow {
  id: string | number;
  kind: string;
  to_address: string | null;
  subject: string | null;
  body: string | null;
  channel_id: string | null;
  status: string;
  last_error: string | null;
  created_at: string | number;
  sent_at: string | number | null;
}

const KINDS: Record<string, string> = {
  transcript: 'Transcript asked for by a visitor',
  reply: 'Answer by email',
  left_reply: 'Answer to a left message',
  left_notice: 'Left-message notice to the agents',
};

/** Text for HTML: everything in a mail comes from visitors and agents. */
const htmlText = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (character) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character] as string,
  );

const time = (ms: string | number | null) => (ms === null ? '' : new Date(Number(ms)).toISOString());

function page(title: string, content: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${htmlText(title)}</title>
<style>
  :root { color-scheme: light dark; font-family: system-ui, sans-serif; line-height: 1.5; }
  body { max-width: 60rem; margin: 2rem auto; padding-inline: 1rem; }
  article { border-block-start: 1px solid currentColor; padding-block: 0.5rem 1rem; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 0 1rem; margin: 0; }
  dt { font-weight: 600; }
  dd { margin: 0; overflow-wrap: anywhere; }
  pre { white-space: pre-wrap; overflow-wrap: anywhere; font-family: ui-monospace, monospace; }
</style>
</head>
<body>
<main>
${content}
</main>
</body>
</html>
`;
}

function mail(row: MailRow): string {
  const fields: [string, string][] = [
    ['To', row.to_address ?? '(the channel’s agents with an address, when it is sent)'],
    ['Kind', KINDS[row.kind] ?? row.kind],
    ['Channel', row.channel_id ?? ''],
    ['Status', row.last_error ? `${row.status}: ${row.last_error}` : row.status],
    ['Queued', time(row.created_at)],
    ['Printed', time(row.sent_at)],
  ];
  return `<article>
<h2 dir="auto">${htmlText(row.subject ?? '(not written yet)')}</h2>
<dl>
${fields.map(([name, value]) => `<dt>${name}</dt><dd dir="auto">${htmlText(value)}</dd>`).join('\n')}
</dl>
<pre dir="auto">${htmlText(row.body ?? '')}</pre>
</article>`;
}

const refuse = (reply: FastifyReply, status: 401 | 403, why: string) =>
  reply
    .code(status)
    .type('text/html; charset=utf-8')
    .send(page('Demo mailbox', `<h1>Demo mailbox</h1>\n<p>${why}</p>`));

/**
 * Demo mode's mailbox: with no SMTP server, the mails the server would have sent (the outbox, each
 * printed to the log too) listed newest first at `/dev/mailbox`, read-only, for an administrator
 * logged in to the console. Registered only on such a server (routes/mail.ts): with
 * SMTP, or outside demo mode, the page does not exist (404).
 */
export function registerDevMailbox(app: FastifyInstance, auth: AgentAuth): void {
  app.get(DEV_MAILBOX_PATH, async (request, reply) => {
    const agent = await auth.agentFor(tokenOf(request));
    if (!agent)
      return refuse(
        reply,
        401,
        'Log in to the <a href="/agent/">agent console</a> as an administrator, then open this page again.',
      );
    if (agent.role !== 'admin') return refuse(reply, 403, 'The mailbox is for administrators.');
    // Every channel's: the page exists only in demo mode, whose logins are public anyway, and the
    // demo's administrator does not work on the channel whose left messages make most of its mail.
    const rows = await app.db.query<MailRow>(
      `select id, kind, to_address, subject, body, channel_id, status, last_error, created_at, sent_at
       from mail_outbox order by created_at desc, id desc limit ${SHOWN}`,
    );
    const intro = `<h1>Demo mailbox</h1>
<p>No SMTP server is set up (<code>SMTP_URL</code>), so nothing here was sent: these are the mails
Parley would have sent, newest first (the last ${SHOWN}). Reload to see new ones.</p>`;
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(
        page(
          'Demo mailbox',
          `${intro}\n${rows.length === 0 ? '<p>No mail yet.</p>' : rows.map(mail).join('\n')}`,
        ),
      );
  });
}
