import { AgentEvent, ChatStatus, EMAIL_PATTERN, MsgType, SenderType } from '@parley/chat-protocol';
import EmailReplyParser from 'email-reply-parser';
import { simpleParser } from 'mailparser';
import { emitAgentEvent } from '../conversation/events.js';
import { toWireMessage } from '../conversation/messages.js';
import type { ConversationStore } from '../conversation/store.js';
import { randomId } from '../ids.js';
import { mailSecret, mailsNamed, splitAddress } from './threads.js';

/** The longest text a mail brings into a conversation, in characters (a message's limit). */
export const INBOUND_TEXT_MAX = 10_000;

export interface InboundOptions {
  /** Where replies and new mails come to (`support@acme.example`); its plus-tagged forms too. */
  address: string;
  /** The channel a new mail (not a reply) opens its conversation on; unset: such mails are dropped. */
  channelId?: string;
  /** Parley's own sender: a mail from it is a loop, never read. */
  from: string;
}

/** What became of a mail: a reply in its conversation, a new conversation, or why it was left. */
export type Received =
  | { kind: 'reply'; sessionId: string; messageId: string }
  | { kind: 'new'; sessionId: string; messageId: string }
  | { kind: 'ignored'; reason: string };

const addressOf = (text: string) => (/<([^>]+)>\s*$/.exec(text)?.[1] ?? text).trim().toLowerCase();

/**
 * Reads one mail that came to the inbound address into the inbox. A reply to a mail Parley sent is
 * matched to its conversation only by what Parley signed (the plus-tagged address it was sent to,
 * or a Message-ID of ours in In-Reply-To or References), never by the sender alone: a sender is
 * easy to forge. What the visitor quoted and their signature are cut (`email-reply-parser`); an
 * HTML-only mail is read as its text (mailparser), never as markup. A mail to the inbound address
 * itself opens a new conversation on the inbound channel. Automatic replies (out of office) and
 * mails from Parley's own sender are left alone, so two robots never answer each other.
 */
export async function receiveMail(
  store: ConversationStore,
  options: InboundOptions,
  mail: { raw: Buffer | string; recipients: readonly string[] },
): Promise<Received> {
  const parsed = await simpleParser(mail.raw, { skipImageLinks: true });
  const auto = String(parsed.headers.get('auto-submitted') ?? 'no').toLowerCase();
  const precedence = String(parsed.headers.get('precedence') ?? '').toLowerCase();
  if (auto !== 'no' || ['bulk', 'junk', 'list', 'auto_reply'].includes(precedence))
    return { kind: 'ignored', reason: 'an automatic mail' };
  const sender = parsed.from?.value[0];
  const from = sender?.address?.trim().toLowerCase() ?? '';
  const [inboundLocal, inboundDomain] = splitAddress(options.address.toLowerCase());
  if (!EMAIL_PATTERN.test(from)) return { kind: 'ignored', reason: 'no sender address' };
  if (
    from === addressOf(options.from) ||
    (splitAddress(from)[1] === inboundDomain && splitAddress(from)[0].split('+')[0] === inboundLocal)
  )
    return { kind: 'ignored', reason: "a mail from Parley's own address" };

  const whole = (parsed.text ?? '').replace(/\r\n/g, '\n').trim();
  const reply = new EmailReplyParser().parseReply(whole).trim();
  const written = (reply || whole).slice(0, INBOUND_TEXT_MAX);
  if (!written) return { kind: 'ignored', reason: 'no text' };

  const secret = await mailSecret(store.db);
  const references = parsed.references ?? [];
  const threadIds = [...(Array.isArray(references) ? references : [references]), parsed.inReplyTo ?? '']
    .filter(Boolean)
    .flatMap((one) => one.split(/\s+/));
  for (const mailId of mailsNamed(secret, mail.recipients, threadIds)) {
    const sessionId = await conversationOf(store, mailId);
    if (sessionId) {
      const messageId = await addVisitorMail(store, sessionId, written, from);
      return { kind: 'reply', sessionId, messageId };
    }
  }

  const toInbound = mail.recipients.some((one) => {
    const [local, domain] = splitAddress(one.toLowerCase());
    return domain === inboundDomain && local.split('+')[0] === inboundLocal;
  });
  if (!toInbound || !options.channelId)
    return { kind: 'ignored', reason: 'not a reply to a mail of ours, and no channel for new mail' };
  const subject = parsed.subject?.trim();
  return {
    kind: 'new',
    ...(await openByMail(store, options.channelId, {
      from,
      name: sender?.name?.trim() || null,
      text: (subject ? `${subject}\n\n${written}` : written).slice(0, INBOUND_TEXT_MAX),
    })),
  };
}

/** The conversation an answer by email was sent from (a left message's, when it has one). */
async function conversationOf(store: ConversationStore, mailId: string): Promise<string | undefined> {
  const [row] = await store.db.query<{ session_id: string | null }>(
    `select coalesce(
       (select s.id from sessions s where s.id = m.ref),
       (select l.session_id from leave_messages l where l.id::text = m.ref)) as session_id
     from mail_outbox m where m.id = $1 and m.kind = 'reply'`,
    [Number(mailId)],
  );
  return row?.session_id ?? undefined;
}

/**
 * The visitor's reply as their message in the conversation: the conversation opens again in the
 * inbox (an agent answers by email again), and its assignee sees the message come.
 */
async function addVisitorMail(
  store: ConversationStore,
  sessionId: string,
  text: string,
  from: string,
): Promise<string> {
  return store.write(async (tx) => {
    const [session] = await tx.query<{ id: string; visitor_id: string; admin_id: string | null }>(
      'select id, visitor_id, admin_id from sessions where id = $1 for update',
      [sessionId],
    );
    if (!session) throw new Error(`no conversation ${sessionId}`);
    const now = store.clock();
    const row = await store.insertMessage(
      tx,
      session,
      { msgType: MsgType.text, msgContent: text, senderType: SenderType.visitor, emailFrom: from },
      now,
    );
    await tx.query(
      `update sessions set state = 'open', snoozed_until = null, changed_at = $2 where id = $1`,
      [sessionId, now],
    );
    if (row && session.admin_id) {
      await emitAgentEvent(tx, {
        agentId: session.admin_id,
        visitorId: session.visitor_id,
        sessionId,
        type: AgentEvent.message,
        payload: { message: toWireMessage(row) },
        now,
      });
    }
    return row?.id ?? '';
  });
}

/**
 * A new conversation from a mail to the inbound address: the sender as a contact of the channel
 * (the one with that address, if the channel knows it), the mail as their message, waiting in the
 * inbox for an answer by email.
 */
async function openByMail(
  store: ConversationStore,
  channelId: string,
  mail: { from: string; name: string | null; text: string },
): Promise<{ sessionId: string; messageId: string }> {
  const channel = await store.channel(channelId);
  return store.write(async (tx) => {
    const now = store.clock();
    const [known] = await tx.query<{ id: string }>(
      `select id from visitors where channel_id = $1 and lower(email) = $2 order by created_at desc limit 1`,
      [channelId, mail.from],
    );
    const visitorId = known?.id ?? randomId();
    if (!known) {
      await tx.query(
        `insert into visitors (id, tenant_id, channel_id, name, email, created_at) values ($1, $2, $3, $4, $5, $6)`,
        [visitorId, channel.tenantId, channelId, mail.name, mail.from, now],
      );
    }
    const sessionId = randomId();
    // No one is live in it: the conversation is the mail, answered by email.
    await tx.query(
      `insert into sessions (id, poll_id, visitor_id, channel_id, status, created_at, closed_at)
       values ($1, $2, $3, $4, $5, $6, $6)`,
      [sessionId, randomId(), visitorId, channelId, ChatStatus.none, now],
    );
    const row = await store.insertMessage(
      tx,
      { id: sessionId, visitor_id: visitorId },
      { msgType: MsgType.text, msgContent: mail.text, senderType: SenderType.visitor, emailFrom: mail.from },
      now,
    );
    await tx.query(`update sessions set state = 'open', changed_at = $2 where id = $1`, [sessionId, now]);
    return { sessionId, messageId: row?.id ?? '' };
  });
}
