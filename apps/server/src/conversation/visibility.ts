import type { Queryable } from '../db/types.js';
import type { Agent } from './domain.js';
import type { Where } from './where.js';

// Who sees a conversation: one rule, written once, used by every read (docs/routing.md).
//
// 1. The agent who holds it (its assignee) always sees it, whatever their channels and
//    departments: a transfer to someone gives them the chat.
// 2. An administrator sees every conversation.
// 3. Anyone else sees the conversations of the channels they serve and, when the conversation has a
//    department, of their departments (an agent with no departments serves all of their channels').
// 4. A colleague a private note mentions (`@username`) sees the conversation: the note asked them.
//
// Reading is what this decides: the inbox's lists and counts, search, a conversation and its
// messages, the visitor's earlier chats, the robot's answer as it grows, labels. Writing to the
// visitor stays the assignee's (agentChats.ts); an administrator may take any chat over.

/** The parts of a conversation the rule reads. */
export interface Visible {
  channel_id: string;
  group_id: string | null;
  admin_id: string | null;
}

/** Whether a chat of this channel and department is within an agent's channels and departments. */
export function inReach(
  agent: { channels: readonly string[]; groups: readonly string[] },
  channelId: string,
  groupId: string | null,
): boolean {
  return (
    agent.channels.includes(channelId) &&
    (groupId === null || agent.groups.length === 0 || agent.groups.includes(groupId))
  );
}

/**
 * Whether the agent sees the conversation by rules 1 to 3; `mentionedIn` adds rule 4 (a read of
 * the database, so only where a refusal would follow).
 */
export function canSee(agent: Pick<Agent, 'id' | 'role' | 'channels' | 'groups'>, session: Visible): boolean {
  return (
    session.admin_id === agent.id ||
    agent.role === 'admin' ||
    inReach(agent, session.channel_id, session.group_id)
  );
}

/**
 * The rule as one SQL condition over `sessions s`, with the agent's id, channels and departments
 * as parameters of `where`.
 *
 * @example
 * const where = new Where([]);
 * visibleTo(where, agent);
 * await db.query(`select … from sessions s where ${where.sql}`, where.params);
 */
export function visibleTo(where: Where, agent: Pick<Agent, 'id' | 'role' | 'channels' | 'groups'>): Where {
  if (agent.role === 'admin') return where;
  where.params.push(agent.id, agent.channels, agent.groups);
  const [id, channels, groups] = [where.params.length - 2, where.params.length - 1, where.params.length].map(
    (n) => `$${n}`,
  );
  return where.add(
    `(s.admin_id = ${id} or (s.channel_id = any(${channels}::text[])
      and (s.group_id is null or cardinality(${groups}::text[]) = 0 or s.group_id = any(${groups}::text[])))
      or exists (select 1 from notes n where n.session_id = s.id and jsonb_exists(n.mentions, ${id})))`,
  );
}

/** Rule 4: a note of the conversation mentions the agent. */
export async function mentionedIn(db: Queryable, agentId: string, sessionId: string): Promise<boolean> {
  const [row] = await db.query(
    'select 1 from notes where session_id = $1 and jsonb_exists(mentions, $2) limit 1',
    [sessionId, agentId],
  );
  return row !== undefined;
}

/** The whole rule for one conversation: rules 1 to 3, then 4. */
export async function sees(
  db: Queryable,
  agent: Pick<Agent, 'id' | 'role' | 'channels' | 'groups'>,
  session: Visible & { id: string },
): Promise<boolean> {
  return canSee(agent, session) || (await mentionedIn(db, agent.id, session.id));
}
