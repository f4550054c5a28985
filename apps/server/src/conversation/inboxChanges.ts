import {
  type Activity,
  AgentEvent,
  type ConversationStatus,
  LABEL_MAX,
  LABELS_PER_CONVERSATION,
  PRIORITIES,
  type Priority,
  SenderType,
  VisitorEvent,
} from '@parley/chat-protocol';
import type { Queryable } from '../db/types.js';
import { badRequest, forbidden, notFound } from '../errors.js';
import { randomId } from '../ids.js';
import { recordActivity } from './activity.js';
import { agentClose } from './agentChats.js';
import type { Agent } from './domain.js';
import { emitAgentEvent, emitVisitorEvent } from './events.js';
import { reachable } from './inbox.js';
import { markMentionsSeen } from './mentions.js';
import type { ConversationStore } from './store.js';
import { visibleTo } from './visibility.js';
import { Where } from './where.js';

// What agents change in a conversation of their reach (inbox.ts has the rule and the lists):
// status, priority, labels, private notes, and the assignee's read marker. Each change is a row of
// the conversation's history (`session_activity`).

/** A line of the history, and the inbox row moved (its `changed_at`). */
async function record(
  tx: Queryable,
  sessionId: string,
  agentId: string | null,
  kind: Activity['kind'],
  detail: Record<string, unknown>,
  now: number,
) {
  await recordActivity(tx, { sessionId, agentId, kind, detail, at: now });
  await tx.query('update sessions set changed_at = $2 where id = $1', [sessionId, now]);
}

/**
 * Sets a conversation's status. Resolving a live chat ends it, and only its assignee may (the
 * visitor is told, as by `close`); pending and snoozed keep a live chat going. `snoozedUntil` goes
 * with `snoozed` only (absent: until the visitor writes).
 */
export async function setStatus(
  store: ConversationStore,
  agent: Agent,
  sessionId: string,
  body: { status: ConversationStatus; snoozedUntil?: number },
): Promise<null> {
  const now = store.clock();
  if (body.snoozedUntil !== undefined && body.status !== 'snoozed')
    throw badRequest('snoozedUntil: only with status snoozed');
  if (body.snoozedUntil !== undefined && body.snoozedUntil <= now)
    throw badRequest('snoozedUntil: a time in the future');
  const session = await reachable(store, agent, sessionId);
  if (body.status === 'resolved' && session.closed_at === null) {
    if (session.admin_id !== agent.id && agent.role !== 'admin')
      throw forbidden('a live chat is resolved by the agent who has it (join it first, or refuse it)');
    await agentClose(store, agent, sessionId);
  }
  await store.write(async (tx) => {
    const [was] = await tx.query<{ state: ConversationStatus }>(
      'select state from sessions where id = $1 for update',
      [sessionId],
    );
    if (!was) throw notFound('unknown conversation');
    if (was.state === body.status && body.status !== 'snoozed') return;
    await tx.query('update sessions set state = $2, snoozed_until = $3 where id = $1', [
      sessionId,
      body.status,
      body.status === 'snoozed' ? (body.snoozedUntil ?? null) : null,
    ]);
    await record(
      tx,
      sessionId,
      agent.id,
      'status',
      {
        from: was.state,
        to: body.status,
        by: 'agent',
        ...(body.snoozedUntil !== undefined && { until: body.snoozedUntil }),
      },
      now,
    );
  });
  return null;
}

export async function setPriority(
  store: ConversationStore,
  agent: Agent,
  sessionId: string,
  priority: Priority,
): Promise<null> {
  await reachable(store, agent, sessionId);
  const now = store.clock();
  await store.write(async (tx) => {
    const [was] = await tx.query<{ priority: number }>(
      'select priority from sessions where id = $1 for update',
      [sessionId],
    );
    const index = PRIORITIES.indexOf(priority);
    if (!was || was.priority === index) return;
    await tx.query('update sessions set priority = $2 where id = $1', [sessionId, index]);
    await record(tx, sessionId, agent.id, 'priority', { from: PRIORITIES[was.priority], to: priority }, now);
  });
  return null;
}

/** Labels as stored: trimmed, lower case, without repeats, each 1 to LABEL_MAX characters. */
export function cleanLabels(labels: readonly string[]): string[] {
  const clean = [...new Set(labels.map((label) => label.trim().toLowerCase().replace(/\s+/g, '-')))];
  const bad = clean.find((label) => !label || [...label].length > LABEL_MAX || /[\p{Cc}\p{Cf}]/u.test(label));
  if (bad !== undefined)
    throw badRequest(`labels: "${bad}" is not a label (1 to ${LABEL_MAX} visible characters)`);
  if (clean.length > LABELS_PER_CONVERSATION)
    throw badRequest(`labels: ${LABELS_PER_CONVERSATION} at most on one conversation`);
  return clean.sort();
}

export async function setLabels(
  store: ConversationStore,
  agent: Agent,
  sessionId: string,
  labels: readonly string[],
): Promise<{ labels: string[] }> {
  const next = cleanLabels(labels);
  await reachable(store, agent, sessionId);
  const now = store.clock();
  await store.write(async (tx) => {
    await tx.query('select 1 from sessions where id = $1 for update', [sessionId]);
    const rows = await tx.query<{ label: string }>(
      'select label from session_labels where session_id = $1 order by label',
      [sessionId],
    );
    const was = rows.map((row) => row.label);
    if (was.join('\n') === next.join('\n')) return;
    // Only what changed is deleted and inserted: each row written is a label added or removed
    // (the webhook events `label.added` and `label.removed`).
    const added = next.filter((one) => !was.includes(one));
    const removed = was.filter((one) => !next.includes(one));
    if (removed.length > 0)
      await tx.query('delete from session_labels where session_id = $1 and label = any($2::text[])', [
        sessionId,
        removed,
      ]);
    if (added.length > 0)
      await tx.query('insert into session_labels (session_id, label) select $1, unnest($2::text[])', [
        sessionId,
        added,
      ]);
    await record(tx, sessionId, agent.id, 'labels', { added, removed }, now);
  });
  return { labels: next };
}

/** The labels in use on the agent's channels, most used first. */
export async function labels(store: ConversationStore, agent: Agent) {
  const visible = visibleTo(new Where([]), agent);
  const rows = await store.db.query<{ label: string; count: number }>(
    `select l.label, count(*)::int as count from session_labels l join sessions s on s.id = l.session_id
     where ${visible.sql} group by l.label order by count(*) desc, l.label limit 200`,
    visible.params,
  );
  return rows;
}

/**
 * Adds a private note. `@username` names a colleague of the conversation's channel: they are
 * mentioned (alerted through their poll). A note never reaches the visitor: it is not a message,
 * and no visitor event carries it.
 */
export async function addNote(store: ConversationStore, agent: Agent, sessionId: string, body: string) {
  const text = body.trim();
  if (!text) throw badRequest('body is blank');
  const session = await reachable(store, agent, sessionId);
  const names = [
    ...new Set([...text.matchAll(/(?<![\w@])@([\w.-]{1,64})/g)].map((match) => match[1] as string)),
  ];
  const mentioned = names.length
    ? await store.db.query<{ id: string }>(
        `select id from agents where username = any($1::text[]) and disabled_at is null
           and jsonb_exists(channels, $2) and id <> $3`,
        [names, session.channel_id, agent.id],
      )
    : [];
  const now = store.clock();
  const note = {
    id: randomId(),
    sessionId,
    agentId: agent.id,
    agentNick: agent.nick,
    body: text,
    mentions: mentioned.map((row) => row.id),
    time: now,
  };
  await store.write(async (tx) => {
    await tx.query(
      'insert into notes (id, session_id, agent_id, body, mentions, created_at) values ($1, $2, $3, $4, $5, $6)',
      [note.id, sessionId, agent.id, text, JSON.stringify(note.mentions), now],
    );
    await tx.query('update sessions set changed_at = $2 where id = $1', [sessionId, now]);
    await emitAgentEvent(tx, {
      agentId: session.admin_id ?? agent.id,
      visitorId: session.visitor_id,
      sessionId,
      type: AgentEvent.note,
      payload: { note },
      now,
    });
  });
  return note;
}

/**
 * The agent has read the conversation up to now: the notes in it that mention them are seen
 * (mentions.ts). For the assignee (or anyone, when nobody has a conversation whose visitor is gone)
 * its unread count is 0 too, and the visitor's messages are read.
 * The visitor's page is told the last one (agentRead), once per new read.
 */
export async function seen(store: ConversationStore, agent: Agent, sessionId: string): Promise<null> {
  // Before the reach: a note may name a colleague of another department, who reads it all the same.
  const mentioned = await markMentionsSeen(store.db, agent, sessionId, store.clock());
  const session = await reachable(store, agent, sessionId).catch((refusal: unknown) => {
    if (mentioned) return null;
    throw refusal;
  });
  if (!session) return null;
  // Nobody has a conversation whose visitor is gone (a left message): whoever opens it reads it.
  const unheld = session.admin_id === null && session.closed_at !== null;
  if (session.admin_id !== agent.id && !unheld) return null;
  const now = store.clock();
  await store.write(async (tx, touched) => {
    await tx.query('update sessions set agent_seen_at = $2, changed_at = $2 where id = $1', [sessionId, now]);
    const read = await tx.query<{ id: string; client_msg_id: string | null; msg_time: number }>(
      `update messages set read_at = $2
       where session_id = $1 and sender_type = $3 and read_at is null and not deleted and msg_time <= $2
       returning id, client_msg_id, msg_time`,
      [sessionId, now, SenderType.visitor],
    );
    const last = read.sort((a, b) => b.msg_time - a.msg_time || b.id.localeCompare(a.id))[0];
    if (!last) return;
    await emitVisitorEvent(tx, touched, {
      visitorId: session.visitor_id,
      sessionId,
      type: VisitorEvent.agentRead,
      payload: {
        msgId: last.id,
        ...(last.client_msg_id && { clientMsgId: last.client_msg_id }),
        readAt: now,
      },
      now,
    });
  });
  return null;
}
