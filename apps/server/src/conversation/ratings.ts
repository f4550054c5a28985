import { AgentEvent, type Star } from '@parley/chat-protocol';
import { badRequest, notFound } from '../errors.js';
import { DEFAULT_STARS, SESSION_COLUMNS, type SessionRow } from './domain.js';
import { emitAgentEvent } from './events.js';
import type { ConversationStore } from './store.js';

// The rating scale and the visitor's rating.

export async function getEvaluateInfo(
  store: ConversationStore,
  channelId: string,
): Promise<{ starList: Star[] }> {
  const channel = await store.channel(channelId);
  const stars = channel.starList ?? DEFAULT_STARS;
  return { starList: [...stars].sort((a, b) => a.star - b.star) };
}

export async function evaluate(
  store: ConversationStore,
  userId: string,
  rating: { star: number; tags?: string[]; content?: string },
): Promise<null> {
  await store.visitor(userId);
  const [session] = await store.db.query<SessionRow>(
    `select ${SESSION_COLUMNS} from sessions where visitor_id = $1 order by created_at desc limit 1`,
    [userId],
  );
  if (!session) throw notFound('no chat to rate');
  const channel = await store.channel(session.channel_id);
  const stars = (channel.starList ?? DEFAULT_STARS).map((star) => star.star);
  if (!stars.includes(rating.star)) throw badRequest(`star must be one of ${stars.join(', ')}`);
  await store.write(async (tx) => {
    await tx.query(
      `insert into evaluations (session_id, visitor_id, star, tags, content, created_at)
       values ($1, $2, $3, $4, $5, $6)
       on conflict (session_id) do update set star = excluded.star, tags = excluded.tags, content = excluded.content,
         created_at = excluded.created_at`,
      [
        session.id,
        userId,
        rating.star,
        JSON.stringify(rating.tags ?? []),
        rating.content ?? null,
        store.clock(),
      ],
    );
    if (session.admin_id) {
      await emitAgentEvent(tx, {
        agentId: session.admin_id,
        visitorId: userId,
        sessionId: session.id,
        type: AgentEvent.rating,
        payload: { star: rating.star, tags: rating.tags ?? [], content: rating.content ?? '' },
        now: store.clock(),
      });
    }
  });
  return null;
}
