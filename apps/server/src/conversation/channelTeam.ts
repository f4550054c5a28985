import type { ChannelTeam } from '@parley/chat-protocol';
import type { ChannelConfig } from './domain.js';
import { DEFAULT_REPLY_TARGET_MS } from './inbox.js';
import type { ConversationStore } from './store.js';
import { isWorkingTime, nextOpening } from './workingHours.js';

// Who answers on a channel, for the visitor page's first screen (contract: "Who answers, and what
// they have read"). Computed at most every TEAM_TTL_MS per channel and instance, so that a page
// load, the busiest call there is, costs no query.

/** How long a channel's team is reused before it is read again, ms. */
export const TEAM_TTL_MS = 30_000;
/** How many agents a first screen shows. */
export const TEAM_AGENTS = 3;
/** The window the usual reply time is measured over, ms (7 days). */
export const REPLY_TIME_WINDOW_MS = 7 * 24 * 60 * 60_000;
/** Fewer answered chats than this in the window: the channel's target is said instead. */
export const REPLY_TIME_MIN_CHATS = 5;

interface TeamRow {
  nick: string;
  avatar: string | null;
  taking: boolean;
}

const cache = new WeakMap<ConversationStore, Map<string, { at: number; team: ChannelTeam }>>();

/** The avatar an agent set, when it is an image address a page may load. */
function imageUrl(url: string | null): string | undefined {
  if (!url) return undefined;
  return /^(https?:\/\/|\/(?!\/))/i.test(url) ? url : undefined;
}

async function readTeam(store: ConversationStore, channel: ChannelConfig, now: number): Promise<ChannelTeam> {
  const agents = await store.db.query<TeamRow>(
    `select nick, avatar, (online and not away) as taking from agents
     where disabled_at is null and channels ? $1
     order by (online and not away) desc, online desc, nick
     limit ${TEAM_AGENTS}`,
    [channel.id],
  );
  const [times] = await store.db.query<{ median: string | number | null; answered: number }>(
    `select percentile_cont(0.5) within group (order by first_reply_at - coalesce(queued_at, first_taken_at, taken_at))
       as median, count(*)::int as answered
     from sessions
     where channel_id = $1 and created_at >= $2 and first_reply_at is not null
       and coalesce(queued_at, first_taken_at, taken_at) is not null`,
    [channel.id, now - REPLY_TIME_WINDOW_MS],
  );
  const measured =
    times && times.answered >= REPLY_TIME_MIN_CHATS && times.median !== null
      ? Math.max(0, Math.round(Number(times.median)))
      : undefined;
  const open = isWorkingTime(channel.workingHours, now);
  const team: ChannelTeam = {
    agents: agents.map((agent) => {
      const avatar = imageUrl(agent.avatar);
      return avatar ? { name: agent.nick, avatar } : { name: agent.nick };
    }),
    // Outside working hours nobody takes a chat, whoever is signed in.
    online: open && agents.some((agent) => agent.taking),
    replyTime: measured ?? channel.replyTargetMs ?? DEFAULT_REPLY_TARGET_MS,
  };
  if (!open) {
    const opensAt = nextOpening(channel.workingHours, now);
    if (opensAt !== undefined) team.opensAt = opensAt;
  }
  return team;
}

/**
 * The channel's team as a first screen shows it: a few agents (those taking chats first), whether
 * anyone is taking chats, the usual wait for a person's first reply, and the next opening when the
 * channel is outside its hours.
 *
 * @example
 * const info = { ...channel.info, team: await channelTeam(store, channel) };
 */
export async function channelTeam(store: ConversationStore, channel: ChannelConfig): Promise<ChannelTeam> {
  const now = store.clock();
  let known = cache.get(store);
  if (!known) {
    const teams = new Map<string, { at: number; team: ChannelTeam }>();
    // A changed channel or agent shows on the next first screen, not after the TTL.
    store.onForgetChannel((id) => (id === undefined ? teams.clear() : teams.delete(id)));
    cache.set(store, teams);
    known = teams;
  }
  const kept = known.get(channel.id);
  if (kept && now - kept.at < TEAM_TTL_MS) return kept.team;
  const team = await readTeam(store, channel, now);
  known.set(channel.id, { at: now, team });
  return team;
}
