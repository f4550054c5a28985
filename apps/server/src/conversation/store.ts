import { MsgType, type SenderType } from '@parley/chat-protocol';
import type { Db, Queryable } from '../db/types.js';
import { ApiError, forbidden, notFound } from '../errors.js';
import { randomId } from '../ids.js';
import {
  type ChannelConfig,
  type IdentityMode,
  type IncomingMessage,
  SESSION_COLUMNS,
  type SessionRow,
} from './domain.js';
import { type PollCache, Touched } from './events.js';
import { MESSAGE_COLUMNS, type MessageRow, type RobotAnswerFields } from './messages.js';
import { PRESENCE_TIMEOUT_MS } from './presence.js';

const CHANNELS_NOTIFY = 'parley_channels';

/** Tells every running instance on this PostgreSQL database to read `channelId` again. */
export async function announceChannelChange(db: Db, channelId: string): Promise<void> {
  if (db.kind === 'postgres') await db.query('select pg_notify($1, $2)', [CHANNELS_NOTIFY, channelId]);
}

/**
 * What every conversation module shares: the database, the poll cache, the clock, the one
 * transaction helper, and the lookups of a channel, a visitor and its sessions. Every write runs
 * in one transaction; visitors whose poll answer it changes are announced to the poll cache after
 * the commit.
 */
export class ConversationStore {
  private readonly channels = new Map<string, ChannelConfig>();
  private readonly forgetListeners = new Set<(id: string | undefined) => void>();
  /** Counts the channels forgotten, so a read that started before cannot keep what it read. */
  private forgotten = 0;
  /** How long a console session counts as alive after its last poll (presence.ts). */
  presenceTimeoutMs = PRESENCE_TIMEOUT_MS;

  constructor(
    readonly db: Db,
    readonly cache: PollCache,
    readonly clock: () => number = Date.now,
  ) {}

  async write<T>(work: (tx: Queryable, touched: Touched) => Promise<T>): Promise<T> {
    const touched = new Touched();
    const result = await this.db.transaction((tx) => work(tx, touched));
    // Every write may change what a console shows; one that changes visitors' polls says so too.
    if (touched.silent) return result;
    if (touched.visitors.size > 0) await this.cache.publish(touched.visitors, touched.consoles);
    else await this.cache.publishDesk();
    return result;
  }

  /**
   * A channel's configuration, cached. Inside a transaction pass it as `q`: on the embedded
   * database a read outside it waits for the transaction to end, which would wait for the read.
   */
  async channel(id: string, q: Queryable = this.db): Promise<ChannelConfig> {
    const known = this.channels.get(id);
    if (known) return known;
    // A channel forgotten while this read was on its way may be read as it was: not kept then.
    const forgotten = this.forgotten;
    const [row] = await q.query<{
      config: ChannelConfig;
      identity: IdentityMode;
      identity_secret: string | null;
    }>('select config, identity, identity_secret from channels where id = $1', [id]);
    if (!row) throw notFound('no such channel'); // the page says "unknown channel, {message}"
    const channel: ChannelConfig = {
      ...row.config,
      identity: row.identity,
      identitySecret: row.identity_secret ?? undefined,
    };
    if (forgotten === this.forgotten) this.channels.set(id, channel);
    return channel;
  }

  /** Forgets the channels read so far (after the seed was applied again). */
  forgetChannels(): void {
    this.channels.clear();
    this.forgotten++;
    for (const listener of this.forgetListeners) listener(undefined);
  }

  /** Forgets one channel, and what was worked out from it (its team): the next call reads it again. */
  forgetChannel(id: string): void {
    this.channels.delete(id);
    this.forgotten++;
    for (const listener of this.forgetListeners) listener(id);
  }

  /**
   * Calls `listener` whenever a channel is forgotten (its id), or every channel (undefined): for
   * what a module keeps from a channel, such as its team.
   */
  onForgetChannel(listener: (id: string | undefined) => void): void {
    this.forgetListeners.add(listener);
  }

  /**
   * With PostgreSQL, a channel changed by `npm run admin`, by an administrator in the console or on
   * any instance is read again on every instance: the change is announced with NOTIFY
   * (`announceChannelChange`), and a lost listening connection forgets every channel, since an
   * announcement may have been missed. One process owns an embedded database, so there nothing
   * changes behind the server's back.
   */
  async followChannelChanges(): Promise<void> {
    await this.db.listen?.(
      CHANNELS_NOTIFY,
      (channelId) => this.forgetChannel(channelId),
      () => this.forgetChannels(),
    );
  }

  async visitor(userId: string, q: Queryable = this.db) {
    const [row] = await q.query<{ id: string; tenant_id: string; channel_id: string; event_cursor: number }>(
      'select id, tenant_id, channel_id, event_cursor from visitors where id = $1',
      [userId],
    );
    if (!row) throw new ApiError(401, 'unknown userId: start a chat first (chatStart)');
    return row;
  }

  /** The visitor's open session, newest first. */
  async openSession(userId: string, q: Queryable = this.db, lock = false): Promise<SessionRow> {
    await this.visitor(userId, q);
    const [row] = await q.query<SessionRow>(
      `select ${SESSION_COLUMNS} from sessions where visitor_id = $1 and closed_at is null
       order by created_at desc limit 1${lock ? ' for update' : ''}`,
      [userId],
    );
    if (!row) throw notFound('no open chat for this visitor: start a chat first (chatStart)');
    return row;
  }

  async ownedSession(userId: string, where: 'id' | 'poll_id', value: string): Promise<SessionRow> {
    await this.visitor(userId);
    const [row] = await this.db.query<SessionRow>(
      `select ${SESSION_COLUMNS} from sessions where ${where} = $1`,
      [value],
    );
    if (!row) throw notFound('unknown session');
    if (row.visitor_id !== userId) throw forbidden('this session belongs to another visitor');
    return row;
  }

  async insertMessage(
    tx: Queryable,
    session: Pick<SessionRow, 'id' | 'visitor_id'>,
    message: IncomingMessage & {
      senderType: SenderType;
      senderAvatar?: string;
      emailedTo?: string;
      /** A visitor's message that came by email: the address it came from. */
      emailFrom?: string;
    },
    at = this.clock(),
    /** A robot answer's own fields, which no page, agent or integration sends. */
    answer?: RobotAnswerFields,
  ): Promise<MessageRow | undefined> {
    const extra: Record<string, unknown> = {};
    if (message.emailedTo) extra.emailedTo = message.emailedTo;
    if (message.emailFrom) extra.emailFrom = message.emailFrom;
    if (message.card) extra.card = message.card;
    if (message.senderAvatar) extra.senderAvatar = message.senderAvatar;
    if (answer?.replyTo) extra.replyTo = answer.replyTo;
    if (answer?.thinking) extra.thinking = answer.thinking;
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
        at,
        message.fileName ?? null,
        message.fileSize ?? null,
        message.fileUrl ?? null,
        message.audioDuration ?? null,
        Object.keys(extra).length ? JSON.stringify(extra) : null,
      ],
    );
    return row;
  }
}
