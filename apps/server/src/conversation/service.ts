import {
  ChatStatus,
  checkFormField,
  type FormField,
  type FormProblem,
  MsgType,
  OutType,
  SenderType,
  type SendMsgBody,
  Setting,
  type Star,
  type WireMessage,
} from '@parley/chat-protocol';
import type { Db, Queryable } from '../db/db.js';
import { ApiError, badRequest, forbidden, notFound } from '../errors.js';
import { randomId } from '../ids.js';
import { type ChannelConfig, DEFAULT_STARS } from '../seed.js';
import {
  AgentEvent,
  Audience,
  agentEventNames,
  emitAgentEvent,
  emitVisitorEvent,
  type PollCache,
  Touched,
  VisitorEvent,
} from './events.js';
import { MESSAGE_COLUMNS, type MessageRow, toWireMessage } from './messages.js';
import { answerQuestion, suggestQuestions } from './robot.js';
import { isWorkingTime } from './workingHours.js';

export { ChatStatus };

interface SessionRow {
  id: string;
  poll_id: string;
  visitor_id: string;
  channel_id: string;
  group_id: string | null;
  admin_id: string | null;
  requested_admin_id: string | null;
  status: number;
  created_at: number;
  closed_at: number | null;
}

interface AgentRow {
  id: string;
  username: string;
  nick: string;
  avatar: string | null;
  capacity: number;
  channels: string[];
  groups: string[];
  welcome_msg: string | null;
  online: boolean;
}

export interface Agent {
  id: string;
  username: string;
  nick: string;
  avatar: string | null;
  capacity: number;
  channels: string[];
  groups: string[];
  online: boolean;
}

export interface ChatStartInput {
  channelId: string;
  userId?: string;
  userName?: string;
  email?: string;
  phone?: string;
  pid?: string;
  params?: string;
  groupId?: string;
  adminId?: string;
  previousUrl?: string;
}

/** A message a visitor (or an agent) sends: the contract's sendMsg body. */
export type IncomingMessage = SendMsgBody;

const AGENT_TYPING_VISIBLE_MS = 5_000;
const MAX_EVENTS_PER_POLL = 100;
const SESSION_COLUMNS =
  'id, poll_id, visitor_id, channel_id, group_id, admin_id, requested_admin_id, status, created_at, closed_at';

const toAgent = (row: AgentRow): Agent => ({
  id: row.id,
  username: row.username,
  nick: row.nick,
  avatar: row.avatar,
  capacity: row.capacity,
  channels: row.channels,
  groups: row.groups,
  online: row.online,
});

/**
 * The conversation rules, over the database. Every write runs in one transaction; visitors whose
 * poll answer it changes are announced to the poll cache after the commit.
 */
export class Conversations {
  private readonly channels = new Map<string, ChannelConfig>();

  constructor(
    private readonly db: Db,
    private readonly cache: PollCache,
    private readonly clock: () => number = Date.now,
  ) {}

  // ---------- shared helpers ----------

  private async write<T>(work: (tx: Queryable, touched: Touched) => Promise<T>): Promise<T> {
    const touched = new Touched();
    const result = await this.db.transaction((tx) => work(tx, touched));
    await this.cache.publish(touched.visitors);
    return result;
  }

  async channel(id: string): Promise<ChannelConfig> {
    const known = this.channels.get(id);
    if (known) return known;
    const [row] = await this.db.query<{ config: ChannelConfig }>(
      'select config from channels where id = $1',
      [id],
    );
    if (!row) throw notFound(`unknown channel: ${id}`);
    this.channels.set(id, row.config);
    return row.config;
  }

  /** Forgets the channels read so far (after the seed was applied again). */
  forgetChannels(): void {
    this.channels.clear();
  }

  private async visitor(userId: string, q: Queryable = this.db) {
    const [row] = await q.query<{ id: string; tenant_id: string; channel_id: string; event_cursor: number }>(
      'select id, tenant_id, channel_id, event_cursor from visitors where id = $1',
      [userId],
    );
    if (!row) throw new ApiError(401, 'unknown userId: start a chat first (chatStart)');
    return row;
  }

  /** The visitor's open session, newest first. */
  private async openSession(userId: string, q: Queryable = this.db, lock = false): Promise<SessionRow> {
    await this.visitor(userId, q);
    const [row] = await q.query<SessionRow>(
      `select ${SESSION_COLUMNS} from sessions where visitor_id = $1 and closed_at is null
       order by created_at desc limit 1${lock ? ' for update' : ''}`,
      [userId],
    );
    if (!row) throw notFound('no open chat for this visitor: start a chat first (chatStart)');
    return row;
  }

  private async ownedSession(userId: string, where: 'id' | 'poll_id', value: string): Promise<SessionRow> {
    await this.visitor(userId);
    const [row] = await this.db.query<SessionRow>(
      `select ${SESSION_COLUMNS} from sessions where ${where} = $1`,
      [value],
    );
    if (!row) throw notFound('unknown session');
    if (row.visitor_id !== userId) throw forbidden('this session belongs to another visitor');
    return row;
  }

  private async insertMessage(
    tx: Queryable,
    session: Pick<SessionRow, 'id' | 'visitor_id'>,
    message: IncomingMessage & { senderType: SenderType },
  ): Promise<MessageRow | undefined> {
    const extra: Record<string, number> = {};
    if (typeof message.specialMsgFlag === 'number') extra.specialMsgFlag = message.specialMsgFlag;
    if (typeof message.clientType === 'number') extra.clientType = message.clientType;
    const [row] = await tx.query<MessageRow>(
      `insert into messages (id, session_id, visitor_id, client_msg_id, sender_type, sender_name, msg_type,
         msg_content, msg_time, file_name, file_size, file_url, audio_duration, extra)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
       on conflict (session_id, client_msg_id) do nothing
       returning ${MESSAGE_COLUMNS}`,
      [
        randomId(),
        session.id,
        session.visitor_id,
        message.clientMsgId ?? null,
        message.senderType,
        message.senderName ?? null,
        String(message.msgType ?? MsgType.text),
        message.msgContent ?? '',
        this.clock(),
        message.fileName ?? null,
        message.fileSize ?? null,
        message.fileUrl ?? null,
        message.audioDuration ?? null,
        Object.keys(extra).length ? JSON.stringify(extra) : null,
      ],
    );
    return row;
  }

  // ---------- routing ----------

  /** Online agents of the channel (and group, or the named agent), and the one with most free slots. */
  private async findAgent(
    tx: Queryable,
    channelId: string,
    groupId: string | null,
    adminId: string | null,
  ): Promise<{ online: number; free?: AgentRow }> {
    const rows = await tx.query<AgentRow & { busy: number }>(
      `select a.id, a.username, a.nick, a.avatar, a.capacity, a.channels, a.groups, a.welcome_msg, a.online,
         (select count(*)::int from sessions s where s.admin_id = a.id and s.status = $4 and s.closed_at is null) as busy
       from agents a
       where a.online and jsonb_exists(a.channels, $1)
         and ($2::text is null or jsonb_array_length(a.groups) = 0 or jsonb_exists(a.groups, $2))
         and ($3::text is null or a.id = $3)
       order by a.id`,
      [channelId, groupId, adminId, ChatStatus.withAgent],
    );
    let free: (AgentRow & { busy: number }) | undefined;
    for (const row of rows) {
      if (row.busy >= row.capacity) continue;
      if (!free || row.capacity - row.busy > free.capacity - free.busy) free = row;
    }
    return free ? { online: rows.length, free } : { online: rows.length };
  }

  private async assign(tx: Queryable, touched: Touched, session: SessionRow, agent: AgentRow): Promise<void> {
    const now = this.clock();
    await tx.query('update sessions set status = $4, admin_id = $2, taken_at = $3 where id = $1', [
      session.id,
      agent.id,
      now,
      ChatStatus.withAgent,
    ]);
    await tx.query('delete from queue where session_id = $1', [session.id]);
    await emitVisitorEvent(tx, touched, {
      visitorId: session.visitor_id,
      sessionId: session.id,
      type: VisitorEvent.agentJoined,
      payload: { adminNick: agent.nick, senderName: agent.nick, msgTime: now },
      now,
    });
  }

  /**
   * Gives queued visitors, oldest first, to agents with a free slot, then tells those still waiting
   * their new position. Runs under a database-wide lock so two instances never hand out one slot twice.
   */
  private async dispatch(tx: Queryable, touched: Touched): Promise<void> {
    await tx.query('select pg_advisory_xact_lock(7002)');
    const queued = await tx.query<SessionRow & { wait_index: number }>(
      `select s.id, s.poll_id, s.visitor_id, s.channel_id, s.group_id, s.admin_id, s.requested_admin_id, s.status,
         s.created_at, s.closed_at, q.wait_index
       from queue q join sessions s on s.id = q.session_id order by q.seq`,
    );
    const waiting: typeof queued = [];
    for (const session of queued) {
      const { free } = await this.findAgent(
        tx,
        session.channel_id,
        session.group_id,
        session.requested_admin_id,
      );
      if (free) await this.assign(tx, touched, session, free);
      else waiting.push(session);
    }
    const positions = new Map<string, number>();
    for (const session of waiting) {
      const line = `${session.channel_id}\u0000${session.group_id ?? ''}`;
      const waitIndex = (positions.get(line) ?? 0) + 1;
      positions.set(line, waitIndex);
      if (waitIndex === session.wait_index) continue;
      await tx.query('update queue set wait_index = $2 where session_id = $1', [session.id, waitIndex]);
      await emitVisitorEvent(tx, touched, {
        visitorId: session.visitor_id,
        sessionId: session.id,
        type: VisitorEvent.queuePosition,
        payload: { waitIndex, msgTime: this.clock() },
        now: this.clock(),
      });
    }
  }

  private async closeSession(
    tx: Queryable,
    touched: Touched,
    session: SessionRow,
    visitorEvent?: { type: number; payload?: Record<string, unknown> },
  ): Promise<void> {
    const now = this.clock();
    // The routing lock first: dispatch below takes it, and locks are always taken in that order.
    await tx.query('select pg_advisory_xact_lock(7002)');
    await tx.query('update sessions set status = $3, closed_at = $2 where id = $1 and closed_at is null', [
      session.id,
      now,
      ChatStatus.none,
    ]);
    await tx.query('delete from queue where session_id = $1', [session.id]);
    touched.touch(session.visitor_id);
    if (visitorEvent) {
      await emitVisitorEvent(tx, touched, {
        visitorId: session.visitor_id,
        sessionId: session.id,
        type: visitorEvent.type,
        payload: { msgTime: now, ...visitorEvent.payload },
        now,
      });
    }
    await this.dispatch(tx, touched);
  }

  // ---------- visitor calls ----------

  async channelInfo(id: string): Promise<Record<string, unknown>> {
    return (await this.channel(id)).info;
  }

  async chatStart(input: ChatStartInput) {
    const channel = await this.channel(input.channelId);
    const now = this.clock();
    return this.write(async (tx, touched) => {
      let userId = input.userId;
      const [known] = userId
        ? await tx.query<{ id: string; tenant_id: string; form_submitted: boolean }>(
            'select id, tenant_id, form_submitted from visitors where id = $1',
            [userId],
          )
        : [];
      // A stored id from another tenant, or one this server never issued, gets a fresh identity.
      const visitor = known && known.tenant_id === channel.tenantId ? known : undefined;
      if (visitor) {
        await tx.query(
          `update visitors set name = coalesce($2, name), email = coalesce($3, email), phone = coalesce($4, phone)
           where id = $1`,
          [visitor.id, input.userName || null, input.email || null, input.phone || null],
        );
      } else {
        userId = randomId();
        await tx.query(
          `insert into visitors (id, tenant_id, channel_id, name, email, phone, created_at)
           values ($1, $2, $3, $4, $5, $6, $7)`,
          [
            userId,
            channel.tenantId,
            channel.id,
            input.userName || null,
            input.email || null,
            input.phone || null,
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
        for (const other of others) await this.closeSession(tx, touched, other);
        const id = randomId();
        const pollId = randomId();
        await tx.query(
          `insert into sessions (id, poll_id, visitor_id, channel_id, group_id, requested_admin_id, status, pid, params,
             previous_url, created_at)
           values ($1, $2, $3, $4, $5, $6, $11, $7, $8, $9, $10)`,
          [
            id,
            pollId,
            visitorId,
            channel.id,
            input.groupId || null,
            input.adminId || null,
            input.pid ?? null,
            input.params ?? null,
            input.previousUrl ?? null,
            now,
            ChatStatus.none,
          ],
        );
        session = { id, poll_id: pollId, status: 0 } as SessionRow;
      }
      return {
        userId: visitorId,
        sessionId: session.id,
        pollId: session.poll_id,
        status: session.status,
        userFormMode: visitor?.form_submitted ? 1 : 0,
        serverTime: now,
      };
    });
  }

  async chatClose(userId: string): Promise<null> {
    await this.write(async (tx, touched) => {
      const session = await this.openSession(userId, tx, true);
      await this.closeSession(tx, touched, session);
      if (session.admin_id) {
        await emitAgentEvent(tx, {
          agentId: session.admin_id,
          visitorId: userId,
          sessionId: session.id,
          type: AgentEvent.visitorClosed,
          now: this.clock(),
        });
      }
    });
    return null;
  }

  async transferAgent(input: { userId: string; groupId?: string; adminId?: string }) {
    return this.write(async (tx, touched) => {
      await tx.query('select pg_advisory_xact_lock(7002)');
      const session = await this.openSession(input.userId, tx, true);
      const channel = await this.channel(session.channel_id);
      if (session.status === ChatStatus.withAgent && session.admin_id) {
        const [agent] = await tx.query<{ nick: string }>('select nick from agents where id = $1', [
          session.admin_id,
        ]);
        return { adminNick: agent?.nick ?? '', status: ChatStatus.withAgent, waitIndex: 0 };
      }
      if (session.status === ChatStatus.queued) {
        const [queued] = await tx.query<{ wait_index: number }>(
          'select wait_index from queue where session_id = $1',
          [session.id],
        );
        return { adminNick: '', status: ChatStatus.queued, waitIndex: queued?.wait_index ?? 1 };
      }
      if (!isWorkingTime(channel.workingHours, this.clock())) {
        await setStatus(tx, session.id, ChatStatus.outOfHours);
        touched.touch(session.visitor_id);
        return { adminNick: '', status: ChatStatus.outOfHours, waitIndex: 0 };
      }
      const groupId = input.groupId || session.group_id;
      const adminId = input.adminId || session.requested_admin_id;
      if (groupId && channel.info.groupMode === Setting.on) {
        const groups = parseGroups(channel.info.groupConfig);
        if (!groups.includes(groupId)) throw badRequest(`unknown group for this channel: ${groupId}`);
      }
      await tx.query('update sessions set group_id = $2, requested_admin_id = $3 where id = $1', [
        session.id,
        groupId,
        adminId,
      ]);
      const { online, free } = await this.findAgent(tx, session.channel_id, groupId, adminId);
      touched.touch(session.visitor_id);
      if (online === 0) {
        await setStatus(tx, session.id, ChatStatus.agentsOffline);
        return { adminNick: '', status: ChatStatus.agentsOffline, waitIndex: 0 };
      }
      if (free) {
        await this.assign(tx, touched, { ...session, group_id: groupId }, free);
        return { adminNick: free.nick, status: ChatStatus.withAgent, waitIndex: 0 };
      }
      const [ahead] = await tx.query<{ count: number }>(
        `select count(*)::int as count from queue where channel_id = $1 and group_id is not distinct from $2`,
        [session.channel_id, groupId],
      );
      const waitIndex = (ahead?.count ?? 0) + 1;
      await tx.query(
        `insert into queue (session_id, channel_id, group_id, admin_id, wait_index, enqueued_at)
         values ($1, $2, $3, $4, $5, $6)`,
        [session.id, session.channel_id, groupId, adminId, waitIndex, this.clock()],
      );
      await setStatus(tx, session.id, ChatStatus.queued);
      return { adminNick: '', status: ChatStatus.queued, waitIndex };
    });
  }

  async getAdminCard(userId: string) {
    const session = await this.openSession(userId);
    if (!session.admin_id) throw notFound('no agent has joined this chat yet');
    const [agent] = await this.db.query<AgentRow>(
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

  async getHistoryMsg(userId: string, maxTime: number, pageSize: number): Promise<WireMessage[]> {
    await this.visitor(userId);
    const rows = await this.db.query<MessageRow>(
      `select ${MESSAGE_COLUMNS} from messages where visitor_id = $1 and msg_time < $2 and not deleted
       order by msg_time desc, id desc limit $3`,
      [userId, maxTime, pageSize],
    );
    return rows.map(toWireMessage);
  }

  async getSessionMsg(userId: string, sessionId: string): Promise<WireMessage[]> {
    const session = await this.ownedSession(userId, 'id', sessionId);
    const rows = await this.db.query<MessageRow>(
      `select ${MESSAGE_COLUMNS} from messages where session_id = $1 and not deleted order by msg_time, id`,
      [session.id],
    );
    return rows.map(toWireMessage);
  }

  /**
   * Events after `cursor` (or after the server's cursor for this visitor), oldest first, with the
   * session's status and queue position. An empty poll is answered from memory when nothing changed.
   */
  async getEventMsg(userId: string, pollId: string, cursor?: number) {
    const now = this.clock();
    const cached = this.cache.get(userId, now);
    if (cached && cached.pollId === pollId) {
      const after = cursor ?? cached.serverCursor;
      if (after >= cached.latestEventId) {
        return { msgList: [], status: cached.status, waitIndex: cached.waitIndex, cursor: String(after) };
      }
    }
    const generation = this.cache.generation(userId);
    const visitor = await this.visitor(userId);
    const session = await this.ownedSession(userId, 'poll_id', pollId);
    const after = cursor ?? visitor.event_cursor;
    const rows = await this.db.query<{
      id: number;
      event_type: number;
      payload: Record<string, unknown>;
      created_at: number;
    }>(
      `select id, event_type, payload, created_at from events
       where audience = $3 and visitor_id = $1 and id > $2 order by id limit ${MAX_EVENTS_PER_POLL}`,
      [userId, after, Audience.visitor],
    );
    let status = session.closed_at === null ? session.status : ChatStatus.none;
    let waitIndex = 0;
    if (status === ChatStatus.queued) {
      const [queued] = await this.db.query<{ wait_index: number }>(
        'select wait_index from queue where session_id = $1',
        [session.id],
      );
      waitIndex = queued?.wait_index ?? 0;
      if (!queued) status = ChatStatus.none;
    }
    const last = rows.at(-1)?.id ?? after;
    if (cursor === undefined && rows.length > 0) {
      await this.db.query('update visitors set event_cursor = greatest(event_cursor, $2) where id = $1', [
        userId,
        last,
      ]);
    }
    if (rows.length < MAX_EVENTS_PER_POLL) {
      this.cache.set(
        userId,
        generation,
        {
          pollId,
          status,
          waitIndex,
          latestEventId: last,
          serverCursor: cursor === undefined ? last : visitor.event_cursor,
        },
        now,
      );
    }
    const msgList = rows.map((row) => ({
      id: typeof row.payload.msgId === 'string' ? row.payload.msgId : `event-${row.id}`,
      msgId: typeof row.payload.msgId === 'string' ? row.payload.msgId : `event-${row.id}`,
      userId,
      msgTime: row.created_at,
      ...row.payload,
      event_type: row.event_type,
    }));
    return { msgList, status, waitIndex, cursor: String(last) };
  }

  async sysMsg(userId: string, message: IncomingMessage): Promise<null> {
    await this.storeVisitorSide(userId, { ...message, senderType: SenderType.system });
    return null;
  }

  async sendMsg(userId: string, message: IncomingMessage): Promise<{ status: number }> {
    if (message.senderType !== undefined && message.senderType !== SenderType.visitor) {
      throw badRequest('a visitor sends messages with senderType 1');
    }
    await this.storeVisitorSide(userId, { ...message, senderType: SenderType.visitor });
    return { status: 1 };
  }

  private async storeVisitorSide(userId: string, message: IncomingMessage & { senderType: SenderType }) {
    await this.write(async (tx) => {
      const session = await this.openSession(userId, tx);
      const row = await this.insertMessage(tx, session, message);
      if (row && session.admin_id) {
        await emitAgentEvent(tx, {
          agentId: session.admin_id,
          visitorId: userId,
          sessionId: session.id,
          type: AgentEvent.message,
          payload: { message: toWireMessage(row) },
          now: this.clock(),
        });
        await tx.query('update sessions set visitor_typing = null where id = $1', [session.id]);
      }
    });
  }

  async msgComplete(userId: string, pollId: string): Promise<null> {
    const session = await this.ownedSession(userId, 'poll_id', pollId);
    await this.write(async (tx) => {
      const read = await tx.query(
        `update messages set read_at = $2 where session_id = $1 and sender_type = $3 and read_at is null returning id`,
        [session.id, this.clock(), SenderType.agent],
      );
      if (read.length > 0 && session.admin_id) {
        await emitAgentEvent(tx, {
          agentId: session.admin_id,
          visitorId: userId,
          sessionId: session.id,
          type: AgentEvent.read,
          payload: { msgIds: read.map((row) => row.id) },
          now: this.clock(),
        });
      }
    });
    return null;
  }

  async typing(userId: string, text: string): Promise<null> {
    const session = await this.openSession(userId);
    await this.db.query('update sessions set visitor_typing = $2, visitor_typing_at = $3 where id = $1', [
      session.id,
      text.slice(0, 500),
      this.clock(),
    ]);
    return null;
  }

  async getEvaluateInfo(channelId: string): Promise<{ starList: Star[] }> {
    const channel = await this.channel(channelId);
    const stars = channel.starList ?? DEFAULT_STARS;
    return { starList: [...stars].sort((a, b) => a.star - b.star) };
  }

  async evaluate(userId: string, rating: { star: number; tags?: string[]; content?: string }): Promise<null> {
    await this.visitor(userId);
    const [session] = await this.db.query<SessionRow>(
      `select ${SESSION_COLUMNS} from sessions where visitor_id = $1 order by created_at desc limit 1`,
      [userId],
    );
    if (!session) throw notFound('no chat to rate');
    const channel = await this.channel(session.channel_id);
    const stars = (channel.starList ?? DEFAULT_STARS).map((star) => star.star);
    if (!stars.includes(rating.star)) throw badRequest(`star must be one of ${stars.join(', ')}`);
    await this.write(async (tx) => {
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
          this.clock(),
        ],
      );
      if (session.admin_id) {
        await emitAgentEvent(tx, {
          agentId: session.admin_id,
          visitorId: userId,
          sessionId: session.id,
          type: AgentEvent.rating,
          payload: { star: rating.star, tags: rating.tags ?? [], content: rating.content ?? '' },
          now: this.clock(),
        });
      }
    });
    return null;
  }

  async submitUserForm(userId: string, fields: Record<string, unknown>): Promise<null> {
    const session = await this.openSession(userId);
    const channel = await this.channel(session.channel_id);
    const form = parseForm(channel.info.userFormConfig);
    const values: Record<string, string> = {};
    for (const [name, value] of Object.entries(fields)) {
      if (name !== 'userId' && (typeof value === 'string' || typeof value === 'number'))
        values[name] = String(value);
    }
    for (const field of form?.fields ?? []) {
      const problem = checkFormField(field, values[field.name] ?? '');
      if (problem) throw badRequest(`${field.label || field.name} ${FORM_PROBLEMS[problem]}`);
    }
    await this.write(async (tx) => {
      await tx.query(
        'insert into user_forms (visitor_id, session_id, fields, created_at) values ($1, $2, $3, $4)',
        [userId, session.id, JSON.stringify(values), this.clock()],
      );
      await tx.query(
        `update visitors set form_submitted = true, name = coalesce($2, name), email = coalesce($3, email),
           phone = coalesce($4, phone) where id = $1`,
        [userId, values.name || null, values.email || null, values.phone || null],
      );
      if (session.admin_id) {
        await emitAgentEvent(tx, {
          agentId: session.admin_id,
          visitorId: userId,
          sessionId: session.id,
          type: AgentEvent.form,
          payload: { fields: values },
          now: this.clock(),
        });
      }
    });
    return null;
  }

  async leaveMsg(input: {
    userId: string;
    channelId: string;
    name?: string;
    phone?: string;
    email?: string;
    content: string;
  }): Promise<null> {
    const visitor = await this.visitor(input.userId);
    const channel = await this.channel(input.channelId);
    if (channel.tenantId !== visitor.tenant_id) throw forbidden('this channel belongs to another tenant');
    if (!input.content.trim()) throw badRequest('content is required');
    await this.db.query(
      `insert into leave_messages (visitor_id, channel_id, name, phone, email, content, created_at)
       values ($1, $2, $3, $4, $5, $6, $7)`,
      [
        input.userId,
        input.channelId,
        input.name ?? null,
        input.phone ?? null,
        input.email ?? null,
        input.content,
        this.clock(),
      ],
    );
    return null;
  }

  async robotAsk(userId: string, text: string, msgId: string): Promise<WireMessage> {
    const session = await this.openSession(userId);
    const channel = await this.channel(session.channel_id);
    const knowledge = channel.robot ?? { answers: [], fallback: 'Sorry, I cannot answer that yet.' };
    const { answer, matched } = answerQuestion(knowledge, text);
    const row = await this.write(async (tx) =>
      this.insertMessage(tx, session, {
        senderType: SenderType.robot,
        senderName: String(channel.info.robotName ?? 'Robot'),
        msgType: MsgType.text,
        msgContent: answer,
        clientMsgId: `robot-answer:${msgId}`,
      }),
    );
    const message = row
      ? toWireMessage(row)
      : toWireMessage(
          (
            await this.db.query<MessageRow>(
              `select ${MESSAGE_COLUMNS} from messages where session_id = $1 and client_msg_id = $2`,
              [session.id, `robot-answer:${msgId}`],
            )
          )[0] as MessageRow,
        );
    return { ...message, robotAskMsgType: matched ? Setting.on : Setting.off };
  }

  async robotTips(userId: string, text: string): Promise<string[]> {
    const session = await this.openSession(userId);
    const channel = await this.channel(session.channel_id);
    return channel.robot ? suggestQuestions(channel.robot, text) : [];
  }

  /** Whether this visitor may reference an upload it made (or an agent sent it). */
  async recordUpload(upload: {
    id: string;
    visitorId: string;
    agentId?: string;
    name: string;
    suffix: string;
    mime: string;
    size: number;
  }): Promise<void> {
    await this.db.query(
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
        this.clock(),
      ],
    );
  }

  async upload(id: string) {
    const [row] = await this.db.query<{
      id: string;
      visitor_id: string;
      original_name: string;
      suffix: string;
      mime: string;
      size: number;
    }>('select id, visitor_id, original_name, suffix, mime, size from uploads where id = $1', [id]);
    return row;
  }

  async visitorOfSession(sessionId: string): Promise<string> {
    const [row] = await this.db.query<{ visitor_id: string }>(
      'select visitor_id from sessions where id = $1',
      [sessionId],
    );
    if (!row) throw notFound('unknown chat');
    return row.visitor_id;
  }

  async requireVisitor(userId: string): Promise<void> {
    await this.visitor(userId);
  }

  // ---------- agent side ----------

  async agentByUsername(username: string) {
    const [row] = await this.db.query<AgentRow & { password_hash: string }>(
      `select id, username, nick, avatar, capacity, channels, groups, welcome_msg, online, password_hash
       from agents where username = $1`,
      [username],
    );
    return row;
  }

  async agent(id: string): Promise<Agent | undefined> {
    const [row] = await this.db.query<AgentRow>(
      'select id, username, nick, avatar, capacity, channels, groups, welcome_msg, online from agents where id = $1',
      [id],
    );
    return row ? toAgent(row) : undefined;
  }

  /** Whether an agent handled any chat of this visitor (it may then read the visitor's files). */
  async agentKnowsVisitor(agentId: string, visitorId: string): Promise<boolean> {
    const rows = await this.db.query(
      'select 1 from sessions where admin_id = $1 and visitor_id = $2 limit 1',
      [agentId, visitorId],
    );
    return rows.length > 0;
  }

  async setOnline(agent: Agent, online: boolean): Promise<Agent> {
    await this.write(async (tx, touched) => {
      await tx.query('update agents set online = $2, updated_at = $3 where id = $1', [
        agent.id,
        online,
        this.clock(),
      ]);
      if (online) await this.dispatch(tx, touched);
    });
    return { ...agent, online };
  }

  private async agentSession(agent: Agent, sessionId: string, allowQueued = false): Promise<SessionRow> {
    const [session] = await this.db.query<SessionRow>(
      `select ${SESSION_COLUMNS} from sessions where id = $1`,
      [sessionId],
    );
    if (!session) throw notFound('unknown chat');
    const own = session.admin_id === agent.id;
    const queuedHere =
      allowQueued && session.status === ChatStatus.queued && agent.channels.includes(session.channel_id);
    if (!own && !queuedHere) throw forbidden('this chat is not yours');
    return session;
  }

  private async openAgentSession(agent: Agent, sessionId: string, allowQueued = false): Promise<SessionRow> {
    const session = await this.agentSession(agent, sessionId, allowQueued);
    if (session.closed_at !== null) throw new ApiError(409, 'this chat has ended');
    return session;
  }

  /** The queue this agent can take from, its own open chats and what changed since `cursor`. */
  async agentPoll(agent: Agent, cursor?: number) {
    const now = this.clock();
    const queue = await this.db.query<{
      session_id: string;
      visitor_id: string;
      channel_id: string;
      group_id: string | null;
      wait_index: number;
      enqueued_at: number;
      name: string | null;
    }>(
      `select q.session_id, s.visitor_id, q.channel_id, q.group_id, q.wait_index, q.enqueued_at, v.name
       from queue q join sessions s on s.id = q.session_id join visitors v on v.id = s.visitor_id
       where jsonb_exists($1::jsonb, q.channel_id) order by q.seq`,
      [JSON.stringify(agent.channels)],
    );
    const chats = await this.db.query<{
      id: string;
      visitor_id: string;
      channel_id: string;
      group_id: string | null;
      taken_at: number | null;
      visitor_typing: string | null;
      visitor_typing_at: number | null;
      name: string | null;
      email: string | null;
      phone: string | null;
    }>(
      `select s.id, s.visitor_id, s.channel_id, s.group_id, s.taken_at, s.visitor_typing, s.visitor_typing_at,
         v.name, v.email, v.phone
       from sessions s join visitors v on v.id = s.visitor_id
       where s.admin_id = $1 and s.closed_at is null order by s.taken_at`,
      [agent.id],
    );
    const events = await this.db.query<{
      id: number;
      session_id: string;
      event_type: number;
      payload: Record<string, unknown>;
      created_at: number;
    }>(
      `select e.id, e.session_id, e.event_type, e.payload, e.created_at from events e
       join sessions s on s.id = e.session_id
       where e.audience = $3 and s.admin_id = $1 and e.id > $2 order by e.id limit 200`,
      [agent.id, cursor ?? Number.MAX_SAFE_INTEGER, Audience.agent],
    );
    // Without a cursor the console starts from now: it loads each chat's messages itself.
    const [latest] =
      cursor === undefined
        ? await this.db.query<{ id: number | null }>('select max(id) as id from events')
        : [];
    const nextCursor = cursor === undefined ? (latest?.id ?? 0) : (events.at(-1)?.id ?? cursor);
    return {
      agent,
      cursor: String(nextCursor),
      queue: queue.map((row) => ({
        sessionId: row.session_id,
        visitorId: row.visitor_id,
        channelId: row.channel_id,
        groupId: row.group_id,
        waitIndex: row.wait_index,
        since: row.enqueued_at,
        visitorName: row.name ?? '',
      })),
      chats: chats.map((row) => ({
        sessionId: row.id,
        visitorId: row.visitor_id,
        channelId: row.channel_id,
        groupId: row.group_id,
        since: row.taken_at,
        visitorName: row.name ?? '',
        email: row.email ?? '',
        phone: row.phone ?? '',
        visitorTyping:
          row.visitor_typing && row.visitor_typing_at && now - row.visitor_typing_at < AGENT_TYPING_VISIBLE_MS
            ? row.visitor_typing
            : null,
      })),
      events: events.map((row) => ({
        id: String(row.id),
        sessionId: row.session_id,
        type: agentEventNames[row.event_type] ?? String(row.event_type),
        time: row.created_at,
        ...row.payload,
      })),
    };
  }

  /** Messages visitors left on the agent's channels, newest first. */
  async leftMessages(agent: Agent) {
    const rows = await this.db.query<{
      id: number;
      channel_id: string;
      name: string | null;
      phone: string | null;
      email: string | null;
      content: string;
      created_at: number;
    }>(
      `select id, channel_id, name, phone, email, content, created_at from leave_messages
       where jsonb_exists($1::jsonb, channel_id) order by id desc limit 100`,
      [JSON.stringify(agent.channels)],
    );
    return rows.map((row) => ({
      id: String(row.id),
      channelId: row.channel_id,
      name: row.name ?? '',
      phone: row.phone ?? '',
      email: row.email ?? '',
      content: row.content,
      time: row.created_at,
    }));
  }

  async join(agent: Agent, sessionId: string) {
    return this.write(async (tx, touched) => {
      await tx.query('select pg_advisory_xact_lock(7002)');
      const [session] = await tx.query<SessionRow>(
        `select ${SESSION_COLUMNS} from sessions where id = $1 for update`,
        [sessionId],
      );
      if (!session || session.closed_at !== null) throw notFound('unknown or ended chat');
      if (!agent.channels.includes(session.channel_id))
        throw forbidden('this chat is on a channel you do not serve');
      if (session.admin_id === agent.id) return { sessionId };
      if (session.status === ChatStatus.withAgent) throw new ApiError(409, 'another agent has this chat');
      const [row] = await tx.query<AgentRow>('select id, nick from agents where id = $1', [agent.id]);
      await this.assign(tx, touched, session, row as AgentRow);
      await this.dispatch(tx, touched);
      return { sessionId };
    });
  }

  async agentMessages(agent: Agent, sessionId: string) {
    const session = await this.agentSession(agent, sessionId, true);
    const rows = await this.db.query<MessageRow>(
      `select ${MESSAGE_COLUMNS} from messages where session_id = $1 and not deleted order by msg_time, id`,
      [session.id],
    );
    const [rating] = await this.db.query<{ star: number; tags: string[]; content: string | null }>(
      'select star, tags, content from evaluations where session_id = $1',
      [session.id],
    );
    return {
      sessionId: session.id,
      closed: session.closed_at !== null,
      messages: rows.map((row) => ({ ...toWireMessage(row), read: row.read_at !== null })),
      rating: rating ?? null,
    };
  }

  private async visitorEvent(
    agent: Agent,
    sessionId: string,
    type: number,
    payload: Record<string, unknown> = {},
  ): Promise<void> {
    const session = await this.openAgentSession(agent, sessionId);
    await this.write(async (tx, touched) => {
      await emitVisitorEvent(tx, touched, {
        visitorId: session.visitor_id,
        sessionId: session.id,
        type,
        payload,
        now: this.clock(),
      });
    });
  }

  async agentTyping(agent: Agent, sessionId: string): Promise<null> {
    await this.visitorEvent(agent, sessionId, VisitorEvent.agentTyping);
    return null;
  }

  async agentSend(agent: Agent, sessionId: string, message: IncomingMessage): Promise<WireMessage> {
    const session = await this.openAgentSession(agent, sessionId);
    return this.write(async (tx, touched) => {
      const row = await this.insertMessage(tx, session, {
        ...message,
        senderType: SenderType.agent,
        senderName: agent.nick,
      });
      if (!row) {
        const [existing] = await tx.query<MessageRow>(
          `select ${MESSAGE_COLUMNS} from messages where session_id = $1 and client_msg_id = $2`,
          [session.id, message.clientMsgId],
        );
        return toWireMessage(existing as MessageRow);
      }
      const wire = toWireMessage(row);
      await emitVisitorEvent(tx, touched, {
        visitorId: session.visitor_id,
        sessionId: session.id,
        type: VisitorEvent.agentMessage,
        payload: { ...wire, msgId: wire.id, adminNick: agent.nick },
        now: row.msg_time,
      });
      return wire;
    });
  }

  async deleteMessage(agent: Agent, sessionId: string, messageId: string): Promise<null> {
    const session = await this.openAgentSession(agent, sessionId);
    await this.write(async (tx, touched) => {
      const deleted = await tx.query(
        'update messages set deleted = true where id = $1 and session_id = $2 returning id',
        [messageId, session.id],
      );
      if (deleted.length === 0) throw notFound('no such message in this chat');
      await emitVisitorEvent(tx, touched, {
        visitorId: session.visitor_id,
        sessionId: session.id,
        type: VisitorEvent.messageDeleted,
        payload: { msgId: messageId },
        now: this.clock(),
      });
    });
    return null;
  }

  async requestRating(agent: Agent, sessionId: string): Promise<null> {
    await this.visitorEvent(agent, sessionId, VisitorEvent.ratingRequested);
    return null;
  }

  async agentClose(agent: Agent, sessionId: string): Promise<null> {
    const session = await this.openAgentSession(agent, sessionId);
    const channel = await this.channel(session.channel_id);
    await this.write((tx, touched) =>
      this.closeSession(tx, touched, session, {
        type: VisitorEvent.chatEnded,
        payload: { outType: OutType.agentClosed, msgContent: String(channel.info.adminCloseMsg ?? '') },
      }),
    );
    return null;
  }

  async refuse(agent: Agent, sessionId: string): Promise<null> {
    const session = await this.openAgentSession(agent, sessionId, true);
    await this.write((tx, touched) =>
      this.closeSession(tx, touched, session, { type: VisitorEvent.refused }),
    );
    return null;
  }
}

function parseJson(value: unknown): unknown {
  if (typeof value !== 'string' || !value) return undefined;
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}

function parseGroups(config: unknown): string[] {
  const groups = parseJson(config);
  return Array.isArray(groups) ? groups.map((group) => String((group as { groupId?: unknown }).groupId)) : [];
}

/** How the server words each problem the contract's form check finds. */
const FORM_PROBLEMS: Record<FormProblem, string> = {
  required: 'is required',
  invalidPattern: 'is not valid',
  invalidPhone: 'is not valid',
  invalidEmail: 'is not valid',
  notAnOption: 'must be one of the options',
};

/** Sets a session's status (a contract code, passed as a parameter). */
function setStatus(tx: Queryable, sessionId: string, status: ChatStatus): Promise<unknown> {
  return tx.query('update sessions set status = $2 where id = $1', [sessionId, status]);
}

function parseForm(config: unknown): { fields: FormField[] } | undefined {
  const form = parseJson(config) as { fields?: FormField[] } | undefined;
  return form && Array.isArray(form.fields) ? { fields: form.fields } : undefined;
}
