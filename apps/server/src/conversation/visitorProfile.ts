import { MsgType, SenderType } from '@parley/chat-protocol';
import { forbidden, notFound } from '../errors.js';
import { visibleSession } from './agentDesk.js';
import type { Agent } from './domain.js';
import { MESSAGE_COLUMNS, type MessageRow, toWireMessage } from './messages.js';
import type { ConversationStore } from './store.js';
import { sees, visibleTo } from './visibility.js';
import { Where } from './where.js';

// The console's visitor panel: who the visitor of a chat is, what their page told at chatStart,
// and their earlier chats, each readable as a transcript. An agent sees these for a chat it may
// sees (visibility.ts), and of the earlier chats only those it sees too.

/** How many earlier chats the panel lists, newest first. */
const EARLIER_CHATS = 20;
/** An earlier chat's first visitor message is cut to this many characters in the list. */
const FIRST_MESSAGE_CHARS = 200;

/** The visitor of a chat: identity, the page, language and time zone, and earlier chats. */
export async function visitorProfile(store: ConversationStore, agent: Agent, sessionId: string) {
  const session = await visibleSession(store, agent, sessionId);
  const [row] = await store.db.query<{
    name: string | null;
    email: string | null;
    phone: string | null;
    verified: boolean;
    verified_pid: string | null;
    previous_url: string | null;
    page_url: string | null;
    language: string | null;
    time_zone: string | null;
  }>(
    `select v.name, v.email, v.phone, v.verified, v.verified_pid, s.previous_url, s.page_url, s.language,
       s.time_zone
     from sessions s join visitors v on v.id = s.visitor_id where s.id = $1`,
    [session.id],
  );
  if (!row) throw notFound('unknown chat');
  // Chats where nothing was said (a page opened and left) are not worth a line; chats the agent
  // does not see (visibility.ts) are not listed.
  const visible = visibleTo(
    new Where([
      session.visitor_id,
      session.id,
      FIRST_MESSAGE_CHARS,
      SenderType.visitor,
      String(MsgType.text),
      EARLIER_CHATS,
    ]),
    agent,
  );
  const earlier = await store.db.query<{
    id: string;
    channel_id: string;
    created_at: number;
    closed_at: number | null;
    agent_nick: string | null;
    message_count: number;
    first_message: string | null;
    star: number | null;
  }>(
    `select s.id, s.channel_id, s.created_at, s.closed_at, a.nick as agent_nick,
       (select count(*)::int from messages m where m.session_id = s.id and not m.deleted) as message_count,
       (select left(m.msg_content, $3) from messages m
        where m.session_id = s.id and not m.deleted and m.sender_type = $4 and m.msg_type = $5
        order by m.msg_time, m.id limit 1) as first_message,
       e.star
     from sessions s
       left join agents a on a.id = s.admin_id
       left join evaluations e on e.session_id = s.id
     where s.visitor_id = $1 and s.id <> $2 and ${visible.sql}
       and exists (select 1 from messages m where m.session_id = s.id and not m.deleted)
     order by s.created_at desc limit $6`,
    visible.params,
  );
  return {
    name: row.name || null,
    email: row.email || null,
    phone: row.phone || null,
    verified: row.verified,
    verifiedPid: row.verified ? row.verified_pid : null,
    pageUrl: row.page_url,
    referrer: row.previous_url || null,
    language: row.language,
    timeZone: row.time_zone,
    earlierChats: earlier.map((chat) => ({
      sessionId: chat.id,
      channelId: chat.channel_id,
      startedAt: chat.created_at,
      endedAt: chat.closed_at,
      agentNick: chat.agent_nick,
      firstMessage: chat.first_message,
      messageCount: chat.message_count,
      rating: chat.star === null ? null : { star: chat.star },
    })),
  };
}

/**
 * An earlier chat of the visitor of `sessionId`, read-only: its messages and rating. Another
 * visitor's chat is unknown here (404); one on a channel the agent does not serve is refused.
 */
export async function earlierChat(
  store: ConversationStore,
  agent: Agent,
  sessionId: string,
  earlierId: string,
) {
  const session = await visibleSession(store, agent, sessionId);
  const [earlier] = await store.db.query<{
    id: string;
    channel_id: string;
    group_id: string | null;
    admin_id: string | null;
    created_at: number;
    closed_at: number | null;
    agent_nick: string | null;
  }>(
    `select s.id, s.channel_id, s.group_id, s.admin_id, s.created_at, s.closed_at, a.nick as agent_nick
     from sessions s left join agents a on a.id = s.admin_id
     where s.id = $1 and s.visitor_id = $2 and s.id <> $3`,
    [earlierId, session.visitor_id, session.id],
  );
  if (!earlier) throw notFound("no earlier chat of this chat's visitor has that id");
  if (!(await sees(store.db, agent, earlier))) throw forbidden('that chat is not in your reach');
  const rows = await store.db.query<MessageRow>(
    `select ${MESSAGE_COLUMNS} from messages where session_id = $1 and not deleted order by msg_time, id`,
    [earlier.id],
  );
  const [rating] = await store.db.query<{ star: number; tags: string[]; content: string | null }>(
    'select star, tags, content from evaluations where session_id = $1',
    [earlier.id],
  );
  return {
    sessionId: earlier.id,
    channelId: earlier.channel_id,
    startedAt: earlier.created_at,
    endedAt: earlier.closed_at,
    agentNick: earlier.agent_nick,
    messages: rows.map(toWireMessage),
    rating: rating ?? null,
  };
}
