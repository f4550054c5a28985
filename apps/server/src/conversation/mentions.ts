import type { Mention } from '@parley/chat-protocol';
import type { Queryable } from '../db/types.js';
import type { Agent } from './domain.js';
import { ROW_FROM, ROW_SELECT, type RowData, toRow } from './inbox.js';
import type { ConversationStore } from './store.js';

// The conversations whose private notes mention an agent (`@username`, inboxChanges.ts addNote),
// and whether the agent has opened each since: the console's Mentions list and its badge. A
// mention reaches the colleague it names whatever the conversation's department: the note asked.

/** The longest Mentions list. */
const MOST = 100;

interface MentionRow extends RowData {
  note_id: string;
  note_agent_id: string;
  note_nick: string | null;
  note_body: string;
  note_mentions: string[];
  note_time: number | string;
  seen: boolean;
}

/** The conversations whose notes mention `agent`, by their latest such note, newest first. */
export async function mentions(
  store: ConversationStore,
  agent: Agent,
): Promise<{ mentions: Mention[]; unseen: number }> {
  const rows = await store.db.query<MentionRow>(
    `with latest as (
       select distinct on (session_id) id, session_id, agent_id, body, mentions, created_at from notes
       where jsonb_exists(mentions, $1) order by session_id, created_at desc, id desc)
     select ${ROW_SELECT}, n.id as note_id, n.agent_id as note_agent_id, na.nick as note_nick,
       n.body as note_body, n.mentions as note_mentions, n.created_at as note_time,
       coalesce(r.seen_at >= n.created_at, false) as seen
     from latest n join ${ROW_FROM} on s.id = n.session_id
       left join agents na on na.id = n.agent_id
       left join mention_reads r on r.agent_id = $1 and r.session_id = n.session_id
     order by n.created_at desc, n.id desc limit ${MOST}`,
    [agent.id],
  );
  const list = await Promise.all(
    rows.map(
      async (row): Promise<Mention> => ({
        conversation: await toRow(store, row),
        note: {
          id: row.note_id,
          sessionId: row.id,
          agentId: row.note_agent_id,
          agentNick: row.note_nick ?? '',
          body: row.note_body,
          mentions: row.note_mentions,
          time: Number(row.note_time),
        },
        seen: row.seen,
      }),
    ),
  );
  return { mentions: list, unseen: list.filter((one) => !one.seen).length };
}

/**
 * The agent has the conversation on screen: the notes in it that mention them, up to now, are seen.
 * Whether they were mentioned at all is the only check: one who was not has nothing to mark.
 */
export async function markMentionsSeen(
  db: Queryable,
  agent: Agent,
  sessionId: string,
  now: number,
): Promise<boolean> {
  const marked = await db.query(
    `insert into mention_reads (agent_id, session_id, seen_at)
     select $1, $2, $3 where exists (select 1 from notes where session_id = $2 and jsonb_exists(mentions, $1))
     on conflict (agent_id, session_id) do update set seen_at = greatest(mention_reads.seen_at, excluded.seen_at)
     returning 1`,
    [agent.id, sessionId, now],
  );
  return marked.length > 0;
}
