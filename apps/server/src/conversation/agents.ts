import { ChatStatus } from '@parley/chat-protocol';
import { ApiError, forbidden, notFound } from '../errors.js';
import {
  AGENT_COLUMNS,
  type Agent,
  type AgentRow,
  SESSION_COLUMNS,
  type SessionRow,
  toAgent,
} from './domain.js';
import { presenceOf, statusChanged } from './presence.js';
import { inReach, lockRouting } from './routing.js';
import type { ConversationStore } from './store.js';
import { sees, visibleTo } from './visibility.js';
import { Where } from './where.js';

// Who the agent is, and which chats and files are theirs to act on.

export async function agentByUsername(store: ConversationStore, username: string) {
  const [row] = await store.db.query<AgentRow & { password_hash: string }>(
    `select ${AGENT_COLUMNS}, password_hash
     from agents where username = $1 and disabled_at is null`,
    [username],
  );
  return row;
}

export async function agent(store: ConversationStore, id: string): Promise<Agent | undefined> {
  const [row] = await store.db.query<AgentRow>(
    `select ${AGENT_COLUMNS} from agents
     where id = $1 and disabled_at is null`,
    [id],
  );
  return row ? toAgent(row) : undefined;
}

/**
 * Whether an agent may read a file of this visitor: while serving the visitor (an open chat: the
 * visitor's earlier chats are readable in the console), when the file was sent in a chat this
 * agent served, or in a conversation the agent sees (visibility.ts). Having once served a visitor
 * opens none of their other files.
 */
export async function agentMayReadFile(
  store: ConversationStore,
  agentId: string,
  visitorId: string,
  uploadId: string,
): Promise<boolean> {
  const rows = await store.db.query(
    `select 1 from sessions where admin_id = $1 and visitor_id = $2 and closed_at is null
     union all
     select 1 from messages m join sessions s on s.id = m.session_id
       where s.admin_id = $1 and s.visitor_id = $2 and starts_with(m.file_url, $3)
     limit 1`,
    [agentId, visitorId, `/uploads/${uploadId}?`],
  );
  if (rows.length > 0) return true;
  // A file sent in a conversation the agent sees (visibility.ts) is part of what they read.
  const viewer = await agent(store, agentId);
  if (!viewer) return false;
  const where = visibleTo(new Where([visitorId, `/uploads/${uploadId}?`]), viewer);
  const seen = await store.db.query(
    `select 1 from messages m join sessions s on s.id = m.session_id
     where s.visitor_id = $1 and starts_with(m.file_url, $2) and ${where.sql} limit 1`,
    where.params,
  );
  return seen.length > 0;
}

/**
 * Sets whether the agent is online and whether they are away (online, keeping their chats, but
 * given no new chat by routing). The change is recorded (presence.ts); coming online, or back from
 * away, takes queued visitors.
 */
export async function setStatus(
  store: ConversationStore,
  agent: Agent,
  change: { online?: boolean; away?: boolean },
): Promise<Agent> {
  const online = change.online ?? agent.online;
  const away = change.away ?? agent.away;
  await store.write(async (tx, touched) => {
    await lockRouting(tx);
    const [was] = await tx.query<{ online: boolean; present: boolean; away: boolean }>(
      'select online, present, away from agents where id = $1 for update',
      [agent.id],
    );
    await tx.query('update agents set online = $2, away = $3, updated_at = $4 where id = $1', [
      agent.id,
      online,
      away,
      store.clock(),
    ]);
    if (was) await statusChanged(store, tx, touched, agent.id, presenceOf(was));
  });
  return { ...agent, online, away };
}

/** A conversation the agent sees (visibility.ts), or a refusal: for reading it. */
export async function visibleSession(
  store: ConversationStore,
  agent: Agent,
  sessionId: string,
): Promise<SessionRow> {
  const [session] = await store.db.query<SessionRow>(
    `select ${SESSION_COLUMNS} from sessions where id = $1`,
    [sessionId],
  );
  if (!session) throw notFound('unknown chat');
  if (!(await sees(store.db, agent, session))) throw forbidden('this conversation is not in your reach');
  return session;
}

/**
 * A chat the agent may act in: their own; with `queued`, one waiting in the queue within their
 * reach (an administrator's reach is every channel); with `admin`, any chat when the agent is an
 * administrator (closing a chat whose agent is gone).
 */
export async function agentSession(
  store: ConversationStore,
  agent: Agent,
  sessionId: string,
  allow: { queued?: boolean; admin?: boolean } = {},
): Promise<SessionRow> {
  const [session] = await store.db.query<SessionRow>(
    `select ${SESSION_COLUMNS} from sessions where id = $1`,
    [sessionId],
  );
  if (!session) throw notFound('unknown chat');
  const own = session.admin_id === agent.id;
  const queuedHere =
    allow.queued === true &&
    session.status === ChatStatus.queued &&
    (agent.role === 'admin' || inReach(agent, session.channel_id, session.group_id));
  const asAdmin = allow.admin === true && agent.role === 'admin';
  if (!own && !queuedHere && !asAdmin) throw forbidden('this chat is not yours');
  return session;
}

export async function openAgentSession(
  store: ConversationStore,
  agent: Agent,
  sessionId: string,
  allow: { queued?: boolean; admin?: boolean } = {},
): Promise<SessionRow> {
  const session = await agentSession(store, agent, sessionId, allow);
  if (session.closed_at !== null) throw new ApiError(409, 'this chat has ended');
  return session;
}
