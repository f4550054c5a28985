import { createTransport, type Transporter } from 'nodemailer';
import type { Db } from '../db/types.js';
import { mailMessageId, mailSecret, replyAddress } from './threads.js';

export interface MailOptions {
  /** An SMTP connection URL (`smtp://user:pass@host:587`, `smtps://...`); unset: no mail is sent. */
  smtpUrl?: string;
  /** The sender, e.g. `Acme support <support@acme.example>`. */
  from: string;
  /** Demo mode without SMTP: mails are printed to the log instead of sent, and listed at /dev/mailbox. */
  print: boolean;
  /** How often an instance looks for mails to send, in ms. */
  intervalMs: number;
  /**
   * Mail in (`MAIL_INBOUND_ADDRESS`): the address replies come to, plus-tagged per mail
   * (`support+42.<tag>@acme.example`). Set, answers by email carry it as `Reply-To` and the
   * server reads mail sent to it (mail/inbound.ts).
   */
  inboundAddress?: string;
  /** The port this server takes mail on by SMTP (`MAIL_INBOUND_PORT`); unset: no SMTP in. */
  inboundPort?: number;
  /** The interface of that port; default all (`MAIL_INBOUND_HOST`). */
  inboundHost?: string;
  /** A new mail to the inbound address opens a conversation on this channel (`MAIL_INBOUND_CHANNEL`). */
  inboundChannel?: string;
}

export const DEFAULT_MAIL_OPTIONS: MailOptions = {
  from: 'Parley <parley@localhost>',
  print: false,
  intervalMs: 2000,
};

/** A left notice older than this when it comes to be sent is dropped (no stale alarms). */
const NOTICE_FRESH_MS = 24 * 60 * 60 * 1000;
const MAX_ATTEMPTS = 5;

interface Queued {
  id: string | number;
  kind: 'left_notice' | 'left_reply' | 'reply' | 'transcript';
  to_address: string | null;
  subject: string | null;
  body: string | null;
  ref: string | null;
  channel_id: string | null;
  attempts: number;
  created_at: string | number;
}

type Log = { info(object: object, message: string): void; warn(object: object, message: string): void };

/** What goes out: the text, its HTML twin, and the headers that thread it. */
interface Outgoing {
  to: string;
  subject: string;
  text: string;
}

/** The domain of the sender's address (`Acme <help@acme.example>`): Message-IDs are made on it. */
export const domainOf = (from: string): string => /@([^\s<>@]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * The HTML part of a mail written as text: paragraphs at blank lines, line breaks kept, lines
 * quoted with `> ` as a quotation, every character escaped (a visitor's words never become markup).
 */
export function htmlOf(text: string): string {
  // Each paragraph, cut again where its lines start or stop being quoted.
  const runs = text.split(/\n{2,}/).flatMap((paragraph) => {
    const found: { quoted: boolean; lines: string[] }[] = [];
    for (const line of paragraph.split('\n')) {
      const quoted = line.startsWith('>');
      const last = found.at(-1);
      if (last?.quoted === quoted) last.lines.push(line);
      else found.push({ quoted, lines: [line] });
    }
    return found;
  });
  const blocks = runs.map(({ quoted, lines }) =>
    quoted
      ? `<blockquote style="margin:0 0 1em;padding-left:1em;border-left:3px solid #ccc;color:#555">${lines
          .map((line) => escapeHtml(line.replace(/^> ?/, '')))
          .join('<br>')}</blockquote>`
      : `<p>${lines.map(escapeHtml).join('<br>')}</p>`,
  );
  return `<!doctype html><html><body><div dir="auto" style="font-family:sans-serif;line-height:1.5">${blocks.join('')}</div></body></html>`;
}

/**
 * Sends the mail outbox: every instance claims due mails with `FOR UPDATE SKIP LOCKED`, so each is
 * sent once while instances live; a failure is retried (a minute, then doubling) up to 5 attempts.
 * Without SMTP (and outside demo mode) it does not exist, and the calls that would queue a mail
 * refuse instead.
 */
export class Mailer {
  private readonly transport: Transporter;
  private secret: Promise<string> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;

  constructor(
    private readonly db: Db,
    private readonly options: MailOptions,
    private readonly log: Log,
    private readonly clock: () => number = Date.now,
    /** Told of every failed attempt (`attempt`), and of a mail given up (`given_up`): the metrics. */
    private readonly failed: (kind: 'attempt' | 'given_up') => void = () => {},
  ) {
    this.transport = options.smtpUrl
      ? createTransport(options.smtpUrl)
      : createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  }

  /** Whether mail can be sent (SMTP configured, or printed in demo mode). */
  static enabled(options: MailOptions): boolean {
    return Boolean(options.smtpUrl) || options.print;
  }

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
    this.transport.close();
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.runOnce()
        .catch((error) => this.log.warn({ err: error }, 'mail sending failed'))
        .then(() => this.schedule(this.options.intervalMs));
    }, ms);
    this.timer.unref();
  }

  /** Claims the due mails and sends them; answers how many it tried (tests call it directly). */
  async runOnce(): Promise<number> {
    const now = this.clock();
    const claimed = await this.db.query<Queued>(
      `update mail_outbox m set claimed_until = $1::bigint + 120000, attempts = m.attempts + 1
       where m.id in (
         select id from mail_outbox where status = 'pending' and next_attempt_at <= $1 and claimed_until <= $1
         order by id limit 20 for update skip locked)
       returning m.id, m.kind, m.to_address, m.subject, m.body, m.ref, m.channel_id, m.attempts, m.created_at`,
      [now],
    );
    for (const mail of claimed) await this.send(mail, now);
    return claimed.length;
  }

  private async send(mail: Queued, now: number): Promise<void> {
    let message: Outgoing | undefined;
    const finish = (status: 'sent' | 'failed' | 'skipped' | 'pending', error: string | null = null) =>
      this.db.query(
        `update mail_outbox set status = $2, last_error = $3, claimed_until = 0, sent_at = $4,
           next_attempt_at = $5, to_address = coalesce(to_address, $6), subject = coalesce(subject, $7),
           body = coalesce(body, $8)
         where id = $1`,
        [
          mail.id,
          status,
          error,
          status === 'sent' ? now : null,
          now + 60_000 * 2 ** (mail.attempts - 1),
          // A notice is written when it is sent: the row keeps what went out.
          status === 'sent' ? (message?.to ?? null) : null,
          status === 'sent' ? (message?.subject ?? null) : null,
          status === 'sent' ? (message?.text ?? null) : null,
        ],
      );
    if (mail.kind === 'left_notice') {
      if (now - Number(mail.created_at) > NOTICE_FRESH_MS)
        return void (await finish('skipped', 'older than a day'));
      // One mail per agent, each with its own address alone and its own retries: a notice never
      // shows one agent's address to another.
      if (mail.to_address === null) {
        const addresses = await this.noticeAddresses(mail);
        if (addresses.length === 0)
          return void (await finish('skipped', 'no agent of the channel has an email address'));
        // The notice becomes its agents' mails, in one statement: none lost, none twice.
        await this.db.query(
          `with gone as (delete from mail_outbox where id = $5)
           insert into mail_outbox (kind, to_address, ref, channel_id, created_at)
           select 'left_notice', address, $1, $2, $3 from unnest($4::text[]) as address`,
          [mail.ref, mail.channel_id, Number(mail.created_at), addresses, mail.id],
        );
        return;
      }
      message = await this.leftNotice(mail, mail.to_address);
      if (!message) return void (await finish('skipped', 'the left message is gone'));
    } else {
      message = { to: mail.to_address ?? '', subject: mail.subject ?? '', text: mail.body ?? '' };
    }
    try {
      const info = await this.transport.sendMail({
        from: this.options.from,
        ...message,
        html: htmlOf(message.text),
        ...(await this.threading(mail)),
      });
      if (!this.options.smtpUrl) {
        this.log.info(
          { mail: String((info as { message?: Buffer }).message ?? '') },
          'demo mode: a mail (not sent)',
        );
      }
      await finish('sent');
    } catch (error) {
      const reason = (error as Error).message.slice(0, 200);
      const givenUp = mail.attempts >= MAX_ATTEMPTS;
      this.log.warn(
        { mail: mail.id, kind: mail.kind, attempt: mail.attempts, err: reason },
        givenUp
          ? `a mail was given up after ${MAX_ATTEMPTS} attempts`
          : 'a mail could not be sent: tried again later',
      );
      this.failed(givenUp ? 'given_up' : 'attempt');
      await finish(givenUp ? 'failed' : 'pending', reason);
      // An agent's answer by email says in its conversation that it never arrived.
      if (givenUp) {
        await this.db.query(
          `update messages set extra = coalesce(extra, '{}'::jsonb) || jsonb_build_object('emailFailed', $2::text)
           where id = (select message_id from mail_outbox where id = $1)`,
          [mail.id, reason],
        );
      }
    }
  }

  /**
   * A mail's Message-ID, and for an answer in a conversation the headers that thread it under the
   * conversation's earlier answers in any mail client: `References` (the conversation's own id,
   * then every answer sent before) and `In-Reply-To` (the last of them).
   */
  private async threading(mail: Queued) {
    this.secret ??= mailSecret(this.db);
    const secret = await this.secret;
    const domain = domainOf(this.options.from);
    const messageId = mailMessageId(secret, mail.id, domain);
    if (mail.kind !== 'reply' || !mail.ref) return { messageId };
    const earlier = await this.db.query<{ id: string | number }>(
      `select id from mail_outbox where kind = 'reply' and ref = $1 and status = 'sent' and id < $2 order by id`,
      [mail.ref, mail.id],
    );
    const references = [
      `<conversation.${mail.ref}@${domain}>`,
      ...earlier.map((one) => mailMessageId(secret, one.id, domain)),
    ];
    // With mail in, the visitor's reply comes back to this mail's own address.
    const inbound = this.options.inboundAddress;
    return {
      messageId,
      references,
      inReplyTo: references.at(-1),
      ...(inbound && { replyTo: replyAddress(secret, mail.id, inbound) }),
    };
  }

  /** The addresses of the channel's agents who have one, for a left message's notice. */
  private async noticeAddresses(mail: Queued): Promise<string[]> {
    const agents = await this.db.query<{ email: string }>(
      `select email from agents where email is not null and disabled_at is null and channels ? $1 order by username`,
      [mail.channel_id],
    );
    return agents.map((agent) => agent.email);
  }

  private async leftNotice(mail: Queued, to: string): Promise<Outgoing | undefined> {
    const [left] = await this.db.query<{
      name: string | null;
      email: string | null;
      phone: string | null;
      content: string;
      created_at: string | number;
    }>('select name, email, phone, content, created_at from leave_messages where id = $1', [
      Number(mail.ref),
    ]);
    if (!left) return undefined;
    const from = [left.name, left.email, left.phone].filter(Boolean).join(', ') || 'a visitor';
    return {
      to,
      subject: `New message on ${mail.channel_id} from ${left.name || 'a visitor'}`,
      text: [
        `Nobody was online on ${mail.channel_id} when ${from} left this message at ${new Date(Number(left.created_at)).toISOString()}:`,
        '',
        left.content,
        '',
        "Answer it from the console's inbox, where it waits as a conversation.",
      ].join('\n'),
    };
  }
}
