import {
  type ConversationStatus,
  type InboxQuery,
  type InboxRow,
  PRIORITIES,
  SenderType,
} from '@parley/chat-protocol';
import type { Queryable } from '../db/types.js';
import { forbidden, notFound } from '../errors.js';
import { answersInProgress } from '../robot/drafts.js';
import type { Agent } from './domain.js';
import { MESSAGE_COLUMNS, type MessageRow, toAgentMessage } from './messages.js';
import type { ConversationStore } from './store.js';
import { sees, visibleTo } from './visibility.js';
import { Where } from './where.js';

// The inbox: every conversation of the agent's channels (and departments) as a record with the
// team's status, priority, labels and private notes; its lists, and the changes agents make.
// Reading follows the one visibility rule (visibility.ts): the assignee, an administrator, and the
// agents of the conversation's channel and department read it, as a team inbox does; writing to
// the visitor stays the assignee's (agentChats.ts).

/** A page of an inbox list. */
const PAGE = 50;
/** The reply target of a channel that names none, ms. */
export const DEFAULT_REPLY_TARGET_MS = 5 * 60_000;

/**
 * The columns of an inbox row, over `sessions s`, `visitors v`, `agents a`, `evaluations e`, `lm`.
 * `lm`, the row's preview, is what the visitor last said; when they said nothing yet, the latest
 * words of an agent or the robot. Automatic messages never: system notices, and what the page
 * records by itself (a greeting, "Sorry for the wait", marked with `specialMsgFlag`).
 */
export const ROW_SELECT = `s.id, s.visitor_id, s.channel_id, s.group_id, s.state, s.priority, s.closed_at,
  s.admin_id, a.nick as admin_nick, s.waiting_since, s.last_activity_at, s.created_at, s.snoozed_until,
  s.left_message, v.name, v.verified, v.verified_pid, lm.msg_content, lm.sender_type, lm.msg_type, lm.msg_time,
  (select count(*)::int from messages m where m.session_id = s.id and m.sender_type = 1 and not m.deleted
     and m.msg_time > coalesce(s.agent_seen_at, 0)) as unread,
  coalesce((select jsonb_agg(l.label order by l.label) from session_labels l where l.session_id = s.id),
    '[]'::jsonb) as labels,
  e.star, e.tags, e.content as rating_content`;

export const ROW_FROM = `sessions s join visitors v on v.id = s.visitor_id
  left join agents a on a.id = s.admin_id
  left join evaluations e on e.session_id = s.id
  left join lateral (select m.msg_content, m.sender_type, m.msg_type, m.msg_time from messages m
    where m.session_id = s.id and not m.deleted and m.sender_type <> ${SenderType.system}
      and (m.extra is null or not (m.extra ? 'specialMsgFlag'))
    order by m.sender_type = ${SenderType.visitor} desc, m.msg_time desc, m.id desc limit 1) lm on true`;

export interface RowData {
  id: string;
  visitor_id: string;
  channel_id: string;
  group_id: string | null;
  state: ConversationStatus;
  priority: number;
  closed_at: number | null;
  admin_id: string | null;
  admin_nick: string | null;
  waiting_since: number | string | null;
  last_activity_at: number | string | null;
  created_at: number | string;
  snoozed_until: number | string | null;
  left_message: boolean;
  name: string | null;
  verified: boolean;
  verified_pid: string | null;
  msg_content: string | null;
  sender_type: number | null;
  msg_type: string | null;
  msg_time: number | string | null;
  unread: number;
  labels: string[];
  star: number | null;
  tags: string[] | null;
  rating_content: string | null;
}

const num = (value: number | string | null) => (value === null ? null : Number(value));

/** A database row as the contract's InboxRow. */
export async function toRow(store: ConversationStore, row: RowData): Promise<InboxRow> {
  const channel = await store.channel(row.channel_id).catch(() => undefined);
  return {
    sessionId: row.id,
    visitorId: row.visitor_id,
    channelId: row.channel_id,
    groupId: row.group_id,
    visitorName: row.name ?? '',
    verified: row.verified,
    verifiedPid: row.verified ? row.verified_pid : null,
    status: row.state,
    priority: PRIORITIES[row.priority] ?? 'none',
    live: row.closed_at === null,
    assignee: row.admin_id ? { id: row.admin_id, nick: row.admin_nick ?? '' } : null,
    lastMessage:
      row.msg_time === null
        ? null
        : {
            text: row.msg_content ?? '',
            senderType: row.sender_type ?? 0,
            msgType: row.msg_type ?? '1',
            time: Number(row.msg_time),
          },
    unread: row.unread,
    waitingSince: num(row.waiting_since),
    replyTargetMs: channel?.replyTargetMs ?? DEFAULT_REPLY_TARGET_MS,
    lastActivityAt: num(row.last_activity_at) ?? Number(row.created_at),
    createdAt: Number(row.created_at),
    snoozedUntil: num(row.snoozed_until),
    labels: row.labels,
    rating: row.star === null ? null : { star: row.star, tags: row.tags ?? [], content: row.rating_content },
    leftMessage: row.left_message,
  };
}

/** Snoozed conversations whose time came are open again, each with its activity row. */
export async function wakeSnoozed(store: ConversationStore): Promise<void> {
  const now = store.clock();
  const [due] = await store.db.query(
    `select 1 from sessions where state = 'snoozed' and snoozed_until <= $1 limit 1`,
    [now],
  );
  if (!due) return;
  await store.write(async (tx) => {
    await tx.query(
      `with woke as (
         update sessions set state = 'open', snoozed_until = null, changed_at = $1
         where state = 'snoozed' and snoozed_until <= $1 returning id)
       insert into session_activity (session_id, agent_id, kind, detail, created_at)
       select id, null, 'status', '{"from":"snoozed","to":"open","by":"snoozeEnded"}'::jsonb, $1 from woke`,
      [now],
    );
  });
}

/** One page of an inbox list, with the active counts of each view. */
export async function inbox(store: ConversationStore, agent: Agent, query: InboxQuery) {
  await wakeSnoozed(store);
  const where = visibleTo(new Where([], ['s.last_activity_at is not null']), agent);
  const view = query.view ?? 'all';
  if (view === 'mine') where.value((n) => `s.admin_id = ${n}`, agent.id);
  if (view === 'unassigned') where.add('s.admin_id is null');
  const status = query.status ?? 'active';
  if (status === 'active') where.add(`s.state <> 'resolved'`);
  else where.value((n) => `s.state = ${n}`, status);
  if (query.label) where.label(query.label);
  if (query.channelId) where.value((n) => `s.channel_id = ${n}`, query.channelId);
  if (query.groupId) where.value((n) => `s.group_id = ${n}`, query.groupId);
  // Keyset pages: by last activity, newest first, or by waiting, longest first (nothing waiting last).
  const waiting = query.sort === 'waiting';
  const key = waiting ? 'coalesce(s.waiting_since, 9007199254740991)' : 's.last_activity_at';
  if (query.before) {
    const [at, id] = query.before.split(':') as [string, string];
    where.params.push(Number(at), id);
    const [a, b] = [`$${where.params.length - 1}`, `$${where.params.length}`];
    where.add(waiting ? `(${key}, s.id) > (${a}, ${b})` : `(${key}, s.id) < (${a}, ${b})`);
  }
  const order = waiting ? `${key} asc, s.id asc` : `${key} desc, s.id desc`;
  const rows = await store.db.query<RowData & { sort_key: number | string }>(
    `select ${ROW_SELECT}, ${key} as sort_key from ${ROW_FROM}
     where ${where.sql} order by ${order} limit ${PAGE + 1}`,
    where.params,
  );
  const visible = visibleTo(
    new Where([agent.id], ['s.last_activity_at is not null', "s.state <> 'resolved'"]),
    agent,
  );
  const [counts] = await store.db.query<{ mine: number; unassigned: number; all: number }>(
    `select count(*) filter (where s.admin_id = $1)::int as mine,
       count(*) filter (where s.admin_id is null)::int as unassigned, count(*)::int as all
     from sessions s where ${visible.sql}`,
    visible.params,
  );
  const page = rows.slice(0, PAGE);
  const last = page.at(-1);
  return {
    conversations: await Promise.all(page.map((row) => toRow(store, row))),
    counts: counts ?? { mine: 0, unassigned: 0, all: 0 },
    next: rows.length > PAGE && last ? `${Number(last.sort_key)}:${last.id}` : null,
  };
}

/** A conversation within the agent's reach, or a refusal. */
export async function reachable(
  store: ConversationStore,
  agent: Agent,
  sessionId: string,
  tx: Queryable = store.db,
) {
  const [row] = await tx.query<{
    id: string;
    visitor_id: string;
    channel_id: string;
    group_id: string | null;
    admin_id: string | null;
    state: ConversationStatus;
    closed_at: number | null;
  }>('select id, visitor_id, channel_id, group_id, admin_id, state, closed_at from sessions where id = $1', [
    sessionId,
  ]);
  if (!row) throw notFound('unknown conversation');
  if (!(await sees(tx, agent, row))) throw forbidden('this conversation is not in your reach');
  return row;
}

/** An address mail can go to (the contract's check on a transcript's `email`). */
const MAILABLE = /^[^\s@]+@[^\s@]+$/;

/**
 * Where an answer by email to a conversation goes: the address left with its message (a left
 * message's conversation), else the one the visitor gave (a form, the host site); null for none.
 */
export async function replyAddress(db: Queryable, sessionId: string): Promise<string | null> {
  const [found] = await db.query<{ left: string | null; given: string | null }>(
    `select l.email as left, v.email as given from sessions s join visitors v on v.id = s.visitor_id
     left join leave_messages l on l.session_id = s.id where s.id = $1`,
    [sessionId],
  );
  const address = [found?.left, found?.given]
    .map((one) => one?.trim())
    .find((one) => one && MAILABLE.test(one));
  return address ?? null;
}

/**
 * One conversation read in full: its row, messages, private notes and history, and where an answer
 * by email would go once the visitor is gone (when this server sends mail).
 */
export async function conversation(
  store: ConversationStore,
  agent: Agent,
  sessionId: string,
  options: { mail: boolean } = { mail: false },
) {
  const session = await reachable(store, agent, sessionId);
  const [row] = await store.db.query<RowData>(`select ${ROW_SELECT} from ${ROW_FROM} where s.id = $1`, [
    sessionId,
  ]);
  const messages = await store.db.query<MessageRow>(
    `select ${MESSAGE_COLUMNS} from messages where session_id = $1 and not deleted order by msg_time, id`,
    [sessionId],
  );
  const record = await toRow(store, row as RowData);
  return {
    conversation: record,
    messages: [
      ...messages.map(toAgentMessage),
      // The robot's answer being written (it grows through the poll's events: see `watch`).
      ...(await answersInProgress(store, session)),
    ],
    notes: await notes(store, sessionId),
    activity: await activity(store, sessionId),
    emailTo: options.mail && !record.live ? await replyAddress(store.db, sessionId) : null,
  };
}

interface NoteRow {
  id: string;
  session_id: string;
  agent_id: string;
  nick: string | null;
  body: string;
  mentions: string[];
  created_at: number | string;
}

const toNote = (row: NoteRow) => ({
  id: row.id,
  sessionId: row.session_id,
  agentId: row.agent_id,
  agentNick: row.nick ?? '',
  body: row.body,
  mentions: row.mentions,
  time: Number(row.created_at),
});

async function notes(store: ConversationStore, sessionId: string) {
  const rows = await store.db.query<NoteRow>(
    `select n.id, n.session_id, n.agent_id, a.nick, n.body, n.mentions, n.created_at
     from notes n left join agents a on a.id = n.agent_id where n.session_id = $1 order by n.created_at, n.id`,
    [sessionId],
  );
  return rows.map(toNote);
}

async function activity(store: ConversationStore, sessionId: string) {
  const rows = await store.db.query<{
    id: number | string;
    kind: 'status' | 'priority' | 'labels' | 'beyondCapacity' | 'assigned';
    agent_id: string | null;
    nick: string | null;
    detail: Record<string, unknown>;
    created_at: number | string;
  }>(
    `select x.id, x.kind, x.agent_id, a.nick, x.detail, x.created_at
     from session_activity x left join agents a on a.id = x.agent_id where x.session_id = $1 order by x.id`,
    [sessionId],
  );
  return rows.map((row) => ({
    id: String(row.id),
    kind: row.kind,
    agentId: row.agent_id,
    agentNick: row.nick,
    detail: row.detail,
    time: Number(row.created_at),
  }));
}
