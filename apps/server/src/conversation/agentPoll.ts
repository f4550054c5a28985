import { createHash } from 'node:crypto';
import { AgentEvent, agentEventNames, type DeskEvent, VisitorEvent } from '@parley/chat-protocol';
import type { Agent } from './domain.js';
import { Audience, holdUntilNew } from './events.js';
import { PRESENCE_SQL, type PresenceStatus } from './presence.js';
import type { ConversationStore } from './store.js';
import { sees } from './visibility.js';

// What the console sees: the queue the agent can take from, its chats and what changed (the
// held poll), and the messages visitors left.

/** How long the console shows that the visitor is typing after the last notice. */
const AGENT_TYPING_VISIBLE_MS = 5_000;
/** Whether the host site vouched for the visitor (verified identity), and for which pid. */
const verification = (row: { verified: boolean; verified_pid: string | null }) => ({
  verified: row.verified,
  verifiedPid: row.verified ? row.verified_pid : null,
});

/**
 * The console's poll, held when asked (`wait`, ms, see holdUntilNew) until this agent's view
 * changes: a visitor queued in its channels, an event of its chats, a visitor typing. Any write
 * wakes held consoles (on every instance, by LISTEN/NOTIFY); each compares its new view with the
 * one it would have answered and goes on holding when nothing of its own changed.
 */
export function holdAgentPoll(
  store: ConversationStore,
  agent: Agent,
  cursor: number | undefined,
  wait: number,
  signal?: AbortSignal,
  /** The `view` of the answer the console last applied: a change since then is answered at once. */
  seen?: string,
  /** The conversation on the console's screen: its robot answer's parts come as events. */
  watch?: string,
) {
  // Without a cursor the console is starting: it gets its view at once.
  return holdUntilNew(cursor === undefined ? 0 : wait, signal, {
    generation: () => store.cache.desk(agent.id),
    read: () => agentPoll(store, agent, cursor, watch),
    isNew: (answer) => {
      seen ??= answer.view;
      return answer.events.length > 0 || answer.view !== seen;
    },
    waitForChange: (generation, ms, abort) => store.cache.waitForDesk(generation, ms, abort, agent.id),
  });
}

/** At most this many events in one answer; the next poll asks for the rest. */
const EVENTS_PER_ANSWER = 200;

interface EventRow {
  id: number;
  session_id: string;
  event_type: number;
  payload: Record<string, unknown>;
  created_at: number;
}

/**
 * The robot's answer as it grows in the conversation the console watches, within the agent's reach:
 * the visitor's own events 1301 and 1302 of that conversation (no second copy is written), under
 * the console's cursor. Ids of one visitor's events grow in commit order, as the agent's own do.
 */
async function watchedEvents(store: ConversationStore, agent: Agent, sessionId: string, cursor: number) {
  const [session] = await store.db.query<{
    visitor_id: string;
    channel_id: string;
    group_id: string | null;
    admin_id: string | null;
  }>('select visitor_id, channel_id, group_id, admin_id from sessions where id = $1', [sessionId]);
  if (!session || !(await sees(store.db, agent, { ...session, id: sessionId }))) return [];
  return store.db.query<EventRow>(
    `select id, session_id, event_type, payload, created_at from events
     where audience = $1 and visitor_id = $2 and id > $3 and session_id = $4 and event_type in ($5, $6)
     order by id limit ${EVENTS_PER_ANSWER}`,
    [
      Audience.visitor,
      session.visitor_id,
      cursor,
      sessionId,
      VisitorEvent.robotDelta,
      VisitorEvent.robotAnswer,
    ],
  );
}

/** An event row as the console reads it: the agent's own by its name, the robot's as `robotDelta`/`robotAnswer`. */
function toDeskEvent(row: EventRow): DeskEvent {
  const base = { id: String(row.id), sessionId: row.session_id, time: row.created_at };
  if (row.event_type === VisitorEvent.robotAnswer) {
    // The visitor's 1302 carries the message's fields with `msgId` its id.
    const { msgId, replyTo, ...message } = row.payload as Record<string, unknown>;
    return {
      ...base,
      type: 'robotAnswer',
      replyTo: String(replyTo),
      message: { ...message, id: msgId, replyTo },
    } as DeskEvent;
  }
  const type = row.event_type === VisitorEvent.robotDelta ? 'robotDelta' : agentEventNames[row.event_type];
  // The database holds only what emitAgentEvent (and the robot) wrote: each type with its payload.
  return { ...base, type: type ?? String(row.event_type), ...row.payload } as DeskEvent;
}

/**
 * The queue this agent can take from, its own open chats and what changed since `cursor`; with
 * `watch`, also the robot's answer growing in that conversation.
 */
export async function agentPoll(store: ConversationStore, agent: Agent, cursor?: number, watch?: string) {
  const now = store.clock();
  const queue = await store.db.query<{
    session_id: string;
    visitor_id: string;
    channel_id: string;
    group_id: string | null;
    wait_index: number;
    enqueued_at: number;
    name: string | null;
    verified: boolean;
    verified_pid: string | null;
  }>(
    `select q.session_id, s.visitor_id, q.channel_id, q.group_id, q.wait_index, q.enqueued_at, v.name,
       v.verified, v.verified_pid
     from queue q join sessions s on s.id = q.session_id join visitors v on v.id = s.visitor_id
     where $3 or (jsonb_exists($1::jsonb, q.channel_id)
       and (q.group_id is null or jsonb_array_length($2::jsonb) = 0 or jsonb_exists($2::jsonb, q.group_id)))
     order by q.seq`,
    [JSON.stringify(agent.channels), JSON.stringify(agent.groups), agent.role === 'admin'],
  );
  const chats = await store.db.query<{
    id: string;
    visitor_id: string;
    channel_id: string;
    group_id: string | null;
    taken_at: number | null;
    visitor_typing: string | null;
    visitor_typing_at: number | null;
    name: string | null;
    email: string | null;
    phone: string | null;
    verified: boolean;
    verified_pid: string | null;
    transferred_from: string | null;
    transfer_note: string | null;
  }>(
    `select s.id, s.visitor_id, s.channel_id, s.group_id, s.taken_at, s.visitor_typing, s.visitor_typing_at,
       v.name, v.email, v.phone, v.verified, v.verified_pid, s.transferred_from, s.transfer_note
     from sessions s join visitors v on v.id = s.visitor_id
     where s.admin_id = $1 and s.closed_at is null order by s.taken_at`,
    [agent.id],
  );
  const own = await store.db.query<EventRow>(
    `select e.id, e.session_id, e.event_type, e.payload, e.created_at from events e
     join sessions s on s.id = e.session_id
     where e.audience = $3 and e.id > $2
       and (s.admin_id = $1 or (e.event_type = $4 and jsonb_exists(e.payload->'note'->'mentions', $1)))
     order by e.id limit ${EVENTS_PER_ANSWER}`,
    [agent.id, cursor ?? Number.MAX_SAFE_INTEGER, Audience.agent, AgentEvent.note],
  );
  const watched = watch && cursor !== undefined ? await watchedEvents(store, agent, watch, cursor) : [];
  const events = watched.length
    ? [...own, ...watched].sort((a, b) => Number(a.id) - Number(b.id)).slice(0, EVENTS_PER_ANSWER)
    : own;
  // The inbox's rows this agent sees move when this does (a message, a status, a label, ...).
  // (A hint: one index probe per channel, departments aside; an administrator's are all channels,
  // and the chats an agent holds on other channels move with their own list.)
  const [inbox] = await store.db.query<{ version: number | string | null }>(
    `select max(x.changed_at) as version
     from (select id from channels where $2 union select unnest($1::text[])) as c(id),
       lateral (select changed_at from sessions where channel_id = c.id order by changed_at desc limit 1) x`,
    [agent.channels, agent.role === 'admin'],
  );
  // The colleagues of the agent's channels (everyone, for an administrator) and their presence.
  const team = await store.db.query<{ id: string; nick: string; status: PresenceStatus }>(
    `select a.id, a.nick, ${PRESENCE_SQL} as status from agents a
     where a.id <> $1 and a.disabled_at is null and ($3 or jsonb_exists_any(a.channels, $2::text[]))
     order by a.nick, a.id`,
    [agent.id, agent.channels, agent.role === 'admin'],
  );
  // Without a cursor the console starts from now: it loads each chat's messages itself.
  const [latest] =
    cursor === undefined
      ? await store.db.query<{ id: number | null }>('select max(id) as id from events')
      : [];
  const nextCursor = cursor === undefined ? (latest?.id ?? 0) : (events.at(-1)?.id ?? cursor);
  const answer = {
    agent,
    cursor: String(nextCursor),
    inboxVersion: String(inbox?.version ?? 0),
    queue: queue.map((row) => ({
      sessionId: row.session_id,
      visitorId: row.visitor_id,
      channelId: row.channel_id,
      groupId: row.group_id,
      waitIndex: row.wait_index,
      since: row.enqueued_at,
      visitorName: row.name ?? '',
      ...verification(row),
    })),
    chats: chats.map((row) => ({
      sessionId: row.id,
      visitorId: row.visitor_id,
      channelId: row.channel_id,
      groupId: row.group_id,
      since: row.taken_at,
      visitorName: row.name ?? '',
      email: row.email ?? '',
      phone: row.phone ?? '',
      ...verification(row),
      ...(row.transferred_from !== null && { transferredFrom: row.transferred_from }),
      ...(row.transfer_note && { transferNote: row.transfer_note }),
      visitorTyping:
        row.visitor_typing && row.visitor_typing_at && now - row.visitor_typing_at < AGENT_TYPING_VISIBLE_MS
          ? row.visitor_typing
          : null,
    })),
    events: events.map(toDeskEvent),
    team,
  };
  // What this agent sees of the queue and its chats, in a few characters: the console sends it
  // back, so a change it has not seen is answered at once, even if it happened between two polls.
  const view = createHash('sha256')
    .update(
      JSON.stringify([
        answer.queue,
        answer.chats,
        answer.inboxVersion,
        answer.team,
        agent.online,
        agent.away,
      ]),
    )
    .digest('base64url');
  return { ...answer, view: view.slice(0, 16) };
}

/** Messages visitors left on the agent's channels, newest first. */
export async function leftMessages(store: ConversationStore, agent: Agent) {
  const rows = await store.db.query<{
    id: number;
    channel_id: string;
    name: string | null;
    phone: string | null;
    email: string | null;
    content: string;
    created_at: number;
  }>(
    `select id, channel_id, name, phone, email, content, created_at from leave_messages
     where jsonb_exists($1::jsonb, channel_id) order by id desc limit 100`,
    [JSON.stringify(agent.channels)],
  );
  return rows.map((row) => ({
    id: String(row.id),
    channelId: row.channel_id,
    name: row.name ?? '',
    phone: row.phone ?? '',
    email: row.email ?? '',
    content: row.content,
    time: row.created_at,
  }));
}
