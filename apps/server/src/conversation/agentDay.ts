import type { AgentDay } from '@parley/chat-protocol';
import type { Agent } from './domain.js';
import type { ConversationStore } from './store.js';

// The agent's own day, for the console's home: what they handled, how fast they first answered,
// how their chats were rated, since the start of their day (the console says when that was).

export async function agentDay(store: ConversationStore, agent: Agent, since: number): Promise<AgentDay> {
  const [row] = await store.db.query<{
    handled: number;
    median: number | string | null;
    average: number | string | null;
    ratings: number;
  }>(
    `select
       (select count(*)::int from sessions s where s.admin_id = $1 and s.closed_at >= $2) as handled,
       (select percentile_cont(0.5) within group (order by s.first_reply_at - s.taken_at)
          from sessions s where s.admin_id = $1 and s.first_reply_at >= $2 and s.taken_at is not null
            and s.first_reply_at >= s.taken_at) as median,
       (select avg(e.star) from evaluations e join sessions s on s.id = e.session_id
          where s.admin_id = $1 and e.created_at >= $2) as average,
       (select count(*)::int from evaluations e join sessions s on s.id = e.session_id
          where s.admin_id = $1 and e.created_at >= $2) as ratings`,
    [agent.id, since],
  );
  const number = (value: number | string | null | undefined) =>
    value === null || value === undefined ? null : Number(value);
  const average = number(row?.average);
  return {
    handled: row?.handled ?? 0,
    medianFirstResponseMs: number(row?.median) === null ? null : Math.round(Number(row?.median)),
    ratingAverage: average === null ? null : Math.round(average * 10) / 10,
    ratings: row?.ratings ?? 0,
  };
}
