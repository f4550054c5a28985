import {
  type AgentMessage,
  ErrorCode,
  MsgType,
  SenderType,
  TRANSCRIPTS_PER_DAY,
} from '@parley/chat-protocol';
import { type Budget, DAY_MS, HOUR_MS, spending } from '../budgets.js';
import { recordActivity } from '../conversation/activity.js';
import type { Agent } from '../conversation/domain.js';
import { reachable, replyAddress } from '../conversation/inbox.js';
import { type MessageRow, toAgentMessage } from '../conversation/messages.js';
import type { ConversationStore } from '../conversation/store.js';
import { ApiError, badRequest, forbidden, notFound } from '../errors.js';

/**
 * What visitors can make the server mail, reserved before the mail is queued (src/budgets.ts). A
 * left message's notice to the agents is capped per channel in the database (20 an hour, migration
 * 017): beyond it a left message waits in the inbox without a mail of its own.
 */
export interface MailLimits {
  /** Transcripts per visitor a day; default 3 (the contract's `TRANSCRIPTS_PER_DAY`). */
  transcriptsPerVisitorDay: number;
  /** Transcripts per client address a day, whatever the visitor id; default 10. */
  transcriptsPerAddressDay: number;
  /** Transcripts per channel a day; default 500. */
  transcriptsPerChannelDay: number;
  /** Left messages per visitor an hour; default 5. */
  leftMessagesPerVisitorHour: number;
  /** Left messages per client address an hour; default 20. */
  leftMessagesPerAddressHour: number;
}

export const DEFAULT_MAIL_LIMITS: MailLimits = {
  transcriptsPerVisitorDay: TRANSCRIPTS_PER_DAY,
  transcriptsPerAddressDay: 10,
  transcriptsPerChannelDay: 500,
  leftMessagesPerVisitorHour: 5,
  leftMessagesPerAddressHour: 20,
};

const tooMany = (what: string) => (budget: Budget) => {
  const who = budget.key.split(':')[1];
  return new ApiError(
    ErrorCode.tooManyRequests,
    `at most ${budget.limit} ${what} per ${who}: try again later`,
  );
};

/**
 * Runs `leave` (a visitor leaving a message, which may mail the channel's agents) once it fits this
 * visitor's and this address's hourly budget of left messages; 429 when it does not.
 */
export function withinLeftMessageBudget<T>(
  store: ConversationStore,
  limits: MailLimits,
  who: { userId: string; address: string },
  leave: () => Promise<T>,
): Promise<T> {
  return spending(
    store.db,
    [
      { key: `left-messages:visitor:${who.userId}`, limit: limits.leftMessagesPerVisitorHour },
      { key: `left-messages:address:${who.address}`, limit: limits.leftMessagesPerAddressHour },
    ],
    store.clock(),
    HOUR_MS,
    tooMany('left messages an hour'),
    leave,
  );
}

/** The time of a line in a transcript, in the visitor's time zone when the page told it. */
function clockTime(ms: number, timeZone: string | null): string {
  try {
    return new Intl.DateTimeFormat('en-GB', {
      timeZone: timeZone ?? 'UTC',
      dateStyle: 'short',
      timeStyle: 'short',
    }).format(ms);
  } catch {
    return new Date(ms).toISOString();
  }
}

/**
 * Queues a mail of this visitor's latest chat to `email` (or the address they gave before): what
 * the visitor, the agents and the robot said, in order, with times in the visitor's time zone.
 */
export async function queueTranscript(
  store: ConversationStore,
  userId: string,
  email: string | undefined,
  budget: { limits: MailLimits; address: string } = { limits: DEFAULT_MAIL_LIMITS, address: '' },
): Promise<{ to: string }> {
  const [visitor] = await store.db.query<{ email: string | null }>(
    'select email from visitors where id = $1',
    [userId],
  );
  if (!visitor) throw notFound('unknown visitor');
  const to = email ?? visitor.email;
  if (!to) throw badRequest('email: where should the transcript go? (this visitor gave no address)');
  const now = store.clock();
  const [session] = await store.db.query<{
    id: string;
    channel_id: string;
    time_zone: string | null;
    created_at: string;
  }>(
    'select id, channel_id, time_zone, created_at from sessions where visitor_id = $1 order by created_at desc limit 1',
    [userId],
  );
  if (!session) throw notFound('no chat to send');
  const channel = await store.channel(session.channel_id);
  const title = String(channel.info.titleDesc ?? channel.id);
  const lines = await store.db.query<{
    sender_type: number;
    sender_name: string | null;
    msg_content: string;
    file_name: string | null;
    msg_time: string;
  }>(
    `select sender_type, sender_name, msg_content, file_name, msg_time from messages
     where session_id = $1 and not deleted and sender_type in ($2, $3, $4) order by msg_time, id`,
    [session.id, SenderType.visitor, SenderType.agent, SenderType.robot],
  );
  const who = (line: (typeof lines)[number]) =>
    line.sender_type === SenderType.visitor
      ? 'You'
      : line.sender_name || (line.sender_type === SenderType.robot ? 'Robot' : 'Agent');
  const text = [
    `Your chat with ${title}, ${clockTime(Number(session.created_at), session.time_zone)}`,
    '',
    ...lines.map(
      (line) =>
        `[${clockTime(Number(line.msg_time), session.time_zone)}] ${who(line)}: ${line.file_name ? `(file ${line.file_name}) ` : ''}${line.msg_content}`,
    ),
  ].join('\n');
  const { limits, address } = budget;
  await spending(
    store.db,
    [
      { key: `transcripts:visitor:${userId}`, limit: limits.transcriptsPerVisitorDay },
      { key: `transcripts:channel:${session.channel_id}`, limit: limits.transcriptsPerChannelDay },
      ...(address ? [{ key: `transcripts:address:${address}`, limit: limits.transcriptsPerAddressDay }] : []),
    ],
    now,
    DAY_MS,
    tooMany('transcripts a day'),
    () =>
      store.db.query(
        `insert into mail_outbox (kind, to_address, subject, body, ref, channel_id, created_at)
         values ('transcript', $1, $2, $3, $4, $5, $6)`,
        [to, `Your chat with ${title}`, text, userId, session.channel_id, now],
      ),
  );
  return { to };
}

/** The calls that would queue a mail, on a server that sends none. */
export const mailNotSetUp = () =>
  new ApiError(ErrorCode.unavailable, 'email is not set up on this server (SMTP_URL)');

/** The mail of an agent's answer: the answer, who wrote it, and what the visitor wrote, quoted. */
function answerMail(agent: Agent, title: string, text: string, visitorWrote: string | undefined) {
  const quoted = visitorWrote
    ?.split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
  return {
    subject: `Re: your message to ${title}`,
    body: `${text}\n\n${agent.nick}, ${title}${quoted ? `\n\nYou wrote:\n${quoted}` : ''}`,
  };
}

/**
 * Answers a conversation whose visitor is gone (a left message's, an ended chat's) by email: the
 * answer is kept in the conversation as the agent's message (`emailedTo`), and the mail, quoting
 * what the visitor last wrote, is queued in the same transaction. Any agent who can read the
 * conversation may answer it: nobody is in the chat any more.
 */
export async function queueEmailReply(
  store: ConversationStore,
  agent: Agent,
  sessionId: string,
  text: string,
): Promise<{ to: string; message: AgentMessage }> {
  const session = await reachable(store, agent, sessionId);
  if (session.closed_at === null)
    throw new ApiError(ErrorCode.conflict, 'the chat is still going: answer in it');
  if (!text.trim()) throw badRequest('text is blank');
  const to = await replyAddress(store.db, sessionId);
  if (!to) throw new ApiError(ErrorCode.conflict, 'the visitor left no email address to answer');
  const channel = await store.channel(session.channel_id);
  const title = String(channel.info.titleDesc ?? channel.id);
  const [last] = await store.db.query<{ msg_content: string }>(
    `select msg_content from messages where session_id = $1 and sender_type = $2 and not deleted
     order by msg_time desc, id desc limit 1`,
    [sessionId, SenderType.visitor],
  );
  const mail = answerMail(agent, title, text, last?.msg_content);
  const now = store.clock();
  const row = await store.write(async (tx) => {
    const stored = await store.insertMessage(
      tx,
      session,
      {
        msgType: MsgType.text,
        msgContent: text,
        senderType: SenderType.agent,
        senderName: agent.nick,
        emailedTo: to,
      },
      now,
    );
    await tx.query(
      `insert into mail_outbox (kind, to_address, subject, body, ref, channel_id, created_at, message_id)
       values ('reply', $1, $2, $3, $4, $5, $6, $7)`,
      [to, mail.subject, mail.body, sessionId, session.channel_id, now, stored?.id ?? null],
    );
    // Whoever answers an unassigned conversation has it (a left message no longer waits for
    // someone); the assignee who answers has read what the visitor wrote.
    const [was] = await tx.query<{ admin_id: string | null }>(
      'select admin_id from sessions where id = $1 for update',
      [sessionId],
    );
    const assignee = was?.admin_id ?? agent.id;
    if (assignee === agent.id)
      await tx.query('update sessions set admin_id = $2, agent_seen_at = $3, changed_at = $3 where id = $1', [
        sessionId,
        agent.id,
        now,
      ]);
    if (was && was.admin_id === null)
      await recordActivity(tx, {
        sessionId,
        agentId: agent.id,
        kind: 'assigned',
        detail: { to: agent.id, by: 'emailReply' },
        at: now,
      });
    return stored as MessageRow;
  });
  return { to, message: toAgentMessage(row) };
}

/**
 * Queues an agent's answer to a left message, to the address the visitor left with it: through
 * its inbox conversation (where the answer is kept), or, for a message left before the inbox
 * opened one, as a mail only.
 */
export async function queueLeftReply(
  store: ConversationStore,
  agent: Agent,
  leftMessageId: string,
  text: string,
): Promise<{ to: string }> {
  const [left] = await store.db.query<{
    channel_id: string;
    email: string | null;
    content: string;
    session_id: string | null;
  }>('select channel_id, email, content, session_id from leave_messages where id = $1', [
    Number(leftMessageId),
  ]);
  if (!left) throw notFound('no such left message');
  if (!agent.channels.includes(left.channel_id)) throw forbidden('this left message is not on your channels');
  if (!left.email) throw new ApiError(ErrorCode.conflict, 'the visitor left no email address to answer');
  if (left.session_id) return { to: (await queueEmailReply(store, agent, left.session_id, text)).to };
  if (!text.trim()) throw badRequest('text is blank');
  const channel = await store.channel(left.channel_id);
  const mail = answerMail(agent, String(channel.info.titleDesc ?? channel.id), text, left.content);
  await store.db.query(
    `insert into mail_outbox (kind, to_address, subject, body, ref, channel_id, created_at)
     values ('reply', $1, $2, $3, $4, $5, $6)`,
    [left.email, mail.subject, mail.body, leftMessageId, left.channel_id, store.clock()],
  );
  return { to: left.email };
}
