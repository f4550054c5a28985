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
import { dispatch, inReach } from './routing.js';
import type { ConversationStore } from './store.js';

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
 * visitor's earlier chats are readable in the console), or when the file was sent in a chat this
 * agent served. Having once served a visitor opens none of their other files.
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
  return rows.length > 0;
}

/**
 * Sets whether the agent is online and whether they are away (online, keeping their chats, but
 * given no new chat by routing). Coming online, or back from away, takes queued visitors.
 */
export async function setStatus(
  store: ConversationStore,
  agent: Agent,
  change: { online?: boolean; away?: boolean },
): Promise<Agent> {
  const online = change.online ?? agent.online;
  const away = change.away ?? agent.away;
  await store.write(async (tx, touched) => {
    await tx.query('update agents set online = $2, away = $3, updated_at = $4 where id = $1', [
      agent.id,
      online,
      away,
      store.clock(),
    ]);
    if (online && !away) await dispatch(store, tx, touched);
  });
  return { ...agent, online, away };
}

export async function agentSession(
  store: ConversationStore,
  agent: Agent,
  sessionId: string,
  allowQueued = false,
): Promise<SessionRow> {
  const [session] = await store.db.query<SessionRow>(
    `select ${SESSION_COLUMNS} from sessions where id = $1`,
    [sessionId],
  );
  if (!session) throw notFound('unknown chat');
  const own = session.admin_id === agent.id;
  const queuedHere =
    allowQueued &&
    session.status === ChatStatus.queued &&
    inReach(agent, session.channel_id, session.group_id);
  if (!own && !queuedHere) throw forbidden('this chat is not yours');
  return session;
}

export async function openAgentSession(
  store: ConversationStore,
  agent: Agent,
  sessionId: string,
  allowQueued = false,
): Promise<SessionRow> {
  const session = await agentSession(store, agent, sessionId, allowQueued);
  if (session.closed_at !== null) throw new ApiError(409, 'this chat has ended');
  return session;
}
