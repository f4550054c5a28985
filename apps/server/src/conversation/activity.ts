import type { Activity } from '@parley/chat-protocol';
import type { Queryable } from '../db/types.js';

/**
 * Writes one line of a conversation's history (`session_activity`): who (an agent, or null for the
 * visitor or the server) changed what, and when. The one writer of that table from the code (the
 * message trigger and the snooze's end write theirs in SQL).
 */
export async function recordActivity(
  tx: Queryable,
  line: {
    sessionId: string;
    agentId: string | null;
    kind: Activity['kind'];
    detail: Record<string, unknown>;
    at: number;
  },
): Promise<void> {
  await tx.query(
    'insert into session_activity (session_id, agent_id, kind, detail, created_at) values ($1, $2, $3, $4, $5)',
    [line.sessionId, line.agentId, line.kind, JSON.stringify(line.detail), line.at],
  );
}
