import { AgentEvent, type ChannelInfo, ChatStatus, type WireMessage } from '@parley/chat-protocol';
import { notFound } from '../errors.js';
import { randomId } from '../ids.js';
import { channelTeam } from './channelTeam.js';
import { type AgentRow, type ChatStartInput, SESSION_COLUMNS, type SessionRow } from './domain.js';
import { emitAgentEvent } from './events.js';
import { type KnownVisitor, keepsVisitor, verifiedPid } from './identity.js';
import { MESSAGE_COLUMNS, type MessageRow, toWireMessage } from './messages.js';
import { closeSession, knownAgent, knownGroup } from './routing.js';
import type { ConversationStore } from './store.js';

// A visitor's identity and chats: channel, start, close, the agent card, history, uploads.

/** The channel's settings, and who answers on it (the first screen's extension). */
export async function channelInfo(store: ConversationStore, id: string): Promise<ChannelInfo> {
  const channel = await store.channel(id);
  // A channel's info is stored as the seed, the command line or the console wrote it, each through
  // the contract's schemas; the tests hold every answer to the document.
  return { ...(channel.info as unknown as ChannelInfo), team: await channelTeam(store, channel) };
}

export async function chatStart(store: ConversationStore, input: ChatStartInput) {
  const channel = await store.channel(input.channelId);
  // An identity the channel does not accept is refused before anything is written.
  const verified = verifiedPid(channel, input.pid, input.pidSignature, store.clock());
  const now = store.clock();
  return store.write(async (tx, touched) => {
    let userId = input.userId;
    const [known] = userId
      ? await tx.query<{ id: string; tenant_id: string; form_submitted: boolean } & KnownVisitor>(
          'select id, tenant_id, form_submitted, verified, verified_pid from visitors where id = $1',
          [userId],
        )
      : [];
    // A stored id from another tenant, or one this server never issued, gets a fresh identity; so
    // does a verified visitor's id presented with another pid.
    const visitor =
      known && known.tenant_id === channel.tenantId && keepsVisitor(known, input.pid, verified)
        ? known
        : undefined;
    if (visitor) {
      await tx.query(
        `update visitors set name = coalesce($2, name), email = coalesce($3, email), phone = coalesce($4, phone),
           verified = verified or $5, verified_pid = coalesce($6, verified_pid)
         where id = $1`,
        [
          visitor.id,
          input.userName || null,
          input.email || null,
          input.phone || null,
          verified !== null,
          verified,
        ],
      );
    } else {
      userId = randomId();
      await tx.query(
        `insert into visitors (id, tenant_id, channel_id, name, email, phone, verified, verified_pid, created_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [
          userId,
          channel.tenantId,
          channel.id,
          input.userName || null,
          input.email || null,
          input.phone || null,
          verified !== null,
          verified,
          now,
        ],
      );
    }
    const visitorId = userId as string;
    touched.touch(visitorId);
    let [session] = await tx.query<SessionRow>(
      `select ${SESSION_COLUMNS} from sessions where visitor_id = $1 and channel_id = $2 and closed_at is null
       order by created_at desc limit 1`,
      [visitorId, channel.id],
    );
    if (!session) {
      // One open chat per visitor: an open chat on another channel of the tenant ends.
      const others = await tx.query<SessionRow>(
        `select ${SESSION_COLUMNS} from sessions where visitor_id = $1 and closed_at is null`,
        [visitorId],
      );
      for (const other of others) await closeSession(store, tx, touched, other);
      const id = randomId();
      const pollId = randomId();
      await tx.query(
        `insert into sessions (id, poll_id, visitor_id, channel_id, group_id, requested_admin_id, status, pid, params,
           previous_url, created_at, page_url, language, time_zone)
         values ($1, $2, $3, $4, $5, $6, $11, $7, $8, $9, $10, $12, $13, $14)`,
        [
          id,
          pollId,
          visitorId,
          channel.id,
          knownGroup(channel, input.groupId),
          await knownAgent(tx, channel.id, input.adminId),
          input.pid ?? null,
          input.params ?? null,
          input.previousUrl ?? null,
          now,
          ChatStatus.none,
          input.pageUrl || null,
          input.language || null,
          input.timeZone || null,
        ],
      );
      session = { id, poll_id: pollId, status: 0 } as SessionRow;
    }
    // The page offers earlier messages unless told there are none (docs/contract.md, "History").
    const hasHistory = visitor
      ? (await tx.query('select 1 from messages where visitor_id = $1 and not deleted limit 1', [visitorId]))
          .length > 0
      : false;
    return {
      userId: visitorId,
      sessionId: session.id,
      pollId: session.poll_id,
      status: session.status,
      userFormMode: visitor?.form_submitted ? 1 : 0,
      serverTime: now,
      hasHistory,
    };
  });
}

export async function chatClose(store: ConversationStore, userId: string): Promise<null> {
  await store.write(async (tx, touched) => {
    const session = await store.openSession(userId, tx, true);
    await closeSession(store, tx, touched, session);
    if (session.admin_id) {
      await emitAgentEvent(tx, {
        agentId: session.admin_id,
        visitorId: userId,
        sessionId: session.id,
        type: AgentEvent.visitorClosed,
        now: store.clock(),
      });
    }
  });
  return null;
}

export async function getAdminCard(store: ConversationStore, userId: string) {
  const session = await store.openSession(userId);
  if (!session.admin_id) throw notFound('no agent has joined this chat yet');
  const [agent] = await store.db.query<AgentRow>(
    'select id, nick, avatar, welcome_msg from agents where id = $1',
    [session.admin_id],
  );
  if (!agent) throw notFound('no agent has joined this chat yet');
  return {
    adminNick: agent.nick,
    avatar: agent.avatar ?? undefined,
    adminWelcomeMode: agent.welcome_msg ? 1 : 0,
    adminWelcomeMsg: agent.welcome_msg ?? '',
  };
}

export async function getHistoryMsg(
  store: ConversationStore,
  userId: string,
  maxTime: number,
  pageSize: number,
): Promise<WireMessage[]> {
  await store.visitor(userId);
  const rows = await store.db.query<MessageRow>(
    `select ${MESSAGE_COLUMNS} from messages where visitor_id = $1 and msg_time < $2 and not deleted
     order by msg_time desc, id desc limit $3`,
    [userId, maxTime, pageSize],
  );
  return rows.map(toWireMessage);
}

export async function getSessionMsg(
  store: ConversationStore,
  userId: string,
  sessionId: string,
): Promise<WireMessage[]> {
  const session = await store.ownedSession(userId, 'id', sessionId);
  const rows = await store.db.query<MessageRow>(
    `select ${MESSAGE_COLUMNS} from messages where session_id = $1 and not deleted order by msg_time, id`,
    [session.id],
  );
  return rows.map(toWireMessage);
}

/** Whether this visitor may reference an upload it made (or an agent sent it). */
export async function recordUpload(
  store: ConversationStore,
  upload: {
    id: string;
    visitorId: string;
    agentId?: string;
    name: string;
    suffix: string;
    mime: string;
    size: number;
  },
): Promise<void> {
  await store.db.query(
    `insert into uploads (id, visitor_id, agent_id, original_name, suffix, mime, size, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      upload.id,
      upload.visitorId,
      upload.agentId ?? null,
      upload.name,
      upload.suffix,
      upload.mime,
      upload.size,
      store.clock(),
    ],
  );
}

export async function upload(store: ConversationStore, id: string) {
  const [row] = await store.db.query<{
    id: string;
    visitor_id: string;
    original_name: string;
    suffix: string;
    mime: string;
    size: number;
  }>('select id, visitor_id, original_name, suffix, mime, size from uploads where id = $1', [id]);
  return row;
}

export async function visitorOfSession(store: ConversationStore, sessionId: string): Promise<string> {
  const [row] = await store.db.query<{ visitor_id: string }>(
    'select visitor_id from sessions where id = $1',
    [sessionId],
  );
  if (!row) throw notFound('unknown chat');
  return row.visitor_id;
}

export async function requireVisitor(store: ConversationStore, userId: string): Promise<void> {
  await store.visitor(userId);
}
