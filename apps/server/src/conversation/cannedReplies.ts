import { ApiError, badRequest, forbidden, notFound } from '../errors.js';
import { randomId } from '../ids.js';
import type { Agent } from './domain.js';
import type { ConversationStore } from './store.js';

// Canned replies: texts agents send often, each with a short title. An agent's own (per channel, or
// for every channel) and the team's (agent_id null), which every agent of the channel reads and only
// admins write. An agent reaches only its own and the team's, on the channels it serves.

export { CANNED_TEXT_MAX, CANNED_TITLE_MAX } from '@parley/chat-protocol';
/** How many replies one agent may keep on one channel. */
export const CANNED_PER_CHANNEL = 200;

interface CannedRow {
  id: string;
  agent_id: string | null;
  channel_id: string | null;
  title: string;
  text: string;
  created_at: number;
  updated_at: number;
}

const CANNED_COLUMNS = 'id, agent_id, channel_id, title, text, created_at, updated_at';

const toReply = (row: CannedRow) => ({
  id: row.id,
  channelId: row.channel_id,
  team: row.agent_id === null,
  title: row.title,
  text: row.text,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/** A title and text as stored: trimmed, and refused when blank (the schema checked the lengths). */
function cleaned(input: { title: string; text: string }) {
  const title = input.title.trim();
  const text = input.text.trim();
  if (!title) throw badRequest('title is blank');
  if (!text) throw badRequest('text is blank');
  return { title, text };
}

/**
 * The replies the agent may use, the team's first, then oldest first: on one channel it serves (with
 * those for every channel), or on all of them.
 */
export async function cannedReplies(store: ConversationStore, agent: Agent, channelId?: string) {
  if (channelId !== undefined && !agent.channels.includes(channelId))
    throw forbidden('channelId: a channel you do not serve');
  const rows = await store.db.query<CannedRow>(
    `select ${CANNED_COLUMNS} from canned_replies
     where (agent_id = $1 or agent_id is null) and (channel_id is null or channel_id = any($2::text[]))
     order by agent_id nulls first, created_at, id`,
    [agent.id, channelId === undefined ? agent.channels : [channelId]],
  );
  return rows.map(toReply);
}

/** Whose replies a change may touch: their own ($2); an admin also the team's on their channels ($n). */
const editable = (agent: Agent, channels: string) =>
  agent.role === 'admin'
    ? `(agent_id = $2 or (agent_id is null and channel_id = any(${channels}::text[])))`
    : 'agent_id = $2';

export async function addCannedReply(
  store: ConversationStore,
  agent: Agent,
  input: { channelId?: string | null; team?: boolean; title: string; text: string },
) {
  const channelId = input.channelId ?? null;
  if (channelId !== null && !agent.channels.includes(channelId))
    throw forbidden('channelId: a channel you do not serve');
  if (input.team && agent.role !== 'admin') throw forbidden("team: only an admin adds the team's replies");
  // A team reply names its channel: a reply for every channel would reach other tenants' agents.
  if (input.team && channelId === null) throw badRequest('channelId: a team reply names its channel');
  const owner = input.team ? null : agent.id;
  const { title, text } = cleaned(input);
  const now = store.clock();
  return store.db.transaction(async (tx) => {
    // One agent's additions one at a time, so two at once cannot pass the limit together.
    await tx.query('select id from agents where id = $1 for update', [agent.id]);
    const [count] = await tx.query<{ n: number }>(
      `select count(*)::int as n from canned_replies
       where agent_id is not distinct from $1 and channel_id is not distinct from $2`,
      [owner, channelId],
    );
    if ((count?.n ?? 0) >= CANNED_PER_CHANNEL) {
      throw new ApiError(
        409,
        `at most ${CANNED_PER_CHANNEL} canned replies per channel: delete one before adding another`,
      );
    }
    const [row] = await tx.query<CannedRow>(
      `insert into canned_replies (id, agent_id, channel_id, title, text, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, $6) returning ${CANNED_COLUMNS}`,
      [randomId(), owner, channelId, title, text, now],
    );
    return toReply(row as CannedRow);
  });
}

export async function updateCannedReply(
  store: ConversationStore,
  agent: Agent,
  id: string,
  input: { title: string; text: string },
) {
  const { title, text } = cleaned(input);
  const [row] = await store.db.query<CannedRow>(
    `update canned_replies set title = $3, text = $4, updated_at = $5
     where id = $1 and ${editable(agent, '$6')} returning ${CANNED_COLUMNS}`,
    [id, agent.id, title, text, store.clock(), ...(agent.role === 'admin' ? [agent.channels] : [])],
  );
  if (!row) throw notFound('no such canned reply of yours');
  return toReply(row);
}

export async function deleteCannedReply(store: ConversationStore, agent: Agent, id: string): Promise<null> {
  const deleted = await store.db.query(
    `delete from canned_replies where id = $1 and ${editable(agent, '$3')} returning id`,
    [id, agent.id, ...(agent.role === 'admin' ? [agent.channels] : [])],
  );
  if (deleted.length === 0) throw notFound('no such canned reply of yours');
  return null;
}
