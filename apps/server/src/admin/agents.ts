import { randomBytes } from 'node:crypto';
import type { AdminAgent, AgentFields } from '@parley/chat-protocol';
import * as presence from '../conversation/presence.js';
import { dispatch, lockRouting } from '../conversation/routing.js';
import type { ConversationStore } from '../conversation/store.js';
import type { Queryable } from '../db/types.js';
import { badRequest, conflict, notFound } from '../errors.js';
import { randomId } from '../ids.js';
import { hashPassword } from '../passwords.js';
import { fieldChanges, recordChange } from './changes.js';

// The agents as administrators change them from the console (the agent API's administration
// calls), and the steps `npm run admin -- agent ...` shares with it: a made-up password, signing an
// agent out everywhere, disabling.

/** A password made up for an agent, shown once: 96 random bits. */
export const madeUpPassword = () => randomBytes(12).toString('base64url');

/** Ends every session of the agent: each console and token they held is refused from now on. */
export async function signOutEverywhere(tx: Queryable, agentId: string): Promise<void> {
  await tx.query('delete from agent_sessions where agent_id = $1', [agentId]);
}

/**
 * Disables an agent (offline, signed out everywhere; every login and token refused) or enables
 * them again. Answers false when the agent was already so.
 */
export async function markDisabled(
  tx: Queryable,
  agentId: string,
  disabled: boolean,
  now: number,
): Promise<boolean> {
  const changed = await tx.query(
    `update agents set disabled_at = $2, online = case when $3 then false else online end, updated_at = $4
     where id = $1 and (disabled_at is null) = $3 returning id`,
    [agentId, disabled ? now : null, disabled, now],
  );
  if (disabled) await signOutEverywhere(tx, agentId);
  return changed.length > 0;
}

interface AdminAgentRow {
  id: string;
  username: string;
  nick: string;
  avatar: string | null;
  role: 'agent' | 'admin';
  capacity: number;
  channels: string[];
  groups: string[];
  online: boolean;
  away: boolean;
  disabled: boolean;
  open_chats: number | string;
}

const SELECT_AGENTS = `select a.id, a.username, a.nick, a.avatar, a.role, a.capacity, a.channels, a.groups,
    a.online and a.present and a.disabled_at is null as online, a.away, a.disabled_at is not null as disabled,
    (select count(*) from sessions s where s.admin_id = a.id and s.closed_at is null) as open_chats
  from agents a`;

const toAdminAgent = (row: AdminAgentRow): AdminAgent => ({
  id: row.id,
  username: row.username,
  nick: row.nick,
  avatar: row.avatar,
  role: row.role,
  capacity: row.capacity,
  channels: row.channels,
  groups: row.groups,
  online: row.online,
  away: row.away,
  disabled: row.disabled,
  openChats: Number(row.open_chats),
});

/** Every agent, by username. */
export async function listAgents(db: Queryable): Promise<AdminAgent[]> {
  const rows = await db.query<AdminAgentRow>(`${SELECT_AGENTS} order by a.username`);
  return rows.map(toAdminAgent);
}

async function adminAgent(db: Queryable, agentId: string): Promise<AdminAgent> {
  const [row] = await db.query<AdminAgentRow>(`${SELECT_AGENTS} where a.id = $1`, [agentId]);
  if (!row) throw notFound('no such agent');
  return toAdminAgent(row);
}

/** Who makes a change, and when. */
export interface ChangeContext {
  /** The administrator's agent id. */
  by: string;
  now: number;
}

// Held while a change may take away an administrator: two administrators demoting or disabling
// each other at once cannot both pass the check.
const ADMINS_LOCK = 'parley-admins';

/** Refuses a change that would leave no enabled administrator but `agentId`, who is losing the role. */
async function keepAnAdministrator(tx: Queryable, agentId: string): Promise<void> {
  await tx.query('select pg_advisory_xact_lock(hashtext($1))', [ADMINS_LOCK]);
  const [other] = await tx.query(
    `select 1 from agents where role = 'admin' and disabled_at is null and id <> $1 limit 1`,
    [agentId],
  );
  if (!other) throw conflict('the last administrator stays one: make another agent an administrator first');
}

/** The fields as stored: names trimmed, lists without repeats; channels that exist. */
async function storedFields(tx: Queryable, fields: AgentFields): Promise<AgentFields> {
  const nick = fields.nick.trim();
  if (!nick) throw badRequest('nick: a name visitors see is required');
  const channels = [...new Set(fields.channels.map((channel) => channel.trim()))];
  const known = await tx.query<{ id: string }>('select id from channels where id = any($1::text[])', [
    channels,
  ]);
  const unknown = channels.filter((channel) => !known.some((row) => row.id === channel));
  if (unknown.length > 0) throw badRequest(`channels: no channel ${unknown.join(', ')}`);
  return {
    username: fields.username,
    nick,
    role: fields.role,
    channels,
    groups: [...new Set(fields.groups.map((group) => group.trim()))],
    capacity: fields.capacity,
    avatar: fields.avatar?.trim() || null,
  };
}

const usernameTaken = async (tx: Queryable, username: string, agentId = '') =>
  (await tx.query('select 1 from agents where username = $1 and id <> $2', [username, agentId])).length > 0;

/**
 * Adds an agent; without a password one is made up and answered, once. Passwords are stored only
 * as scrypt hashes.
 */
export async function addAgent(
  store: ConversationStore,
  input: AgentFields & { password?: string | null },
  context: ChangeContext,
): Promise<{ agent: AdminAgent; password: string | null }> {
  const password = input.password ?? madeUpPassword();
  const passwordHash = await hashPassword(password);
  const id = randomId();
  await store.write(async (tx) => {
    const fields = await storedFields(tx, input);
    if (await usernameTaken(tx, fields.username)) throw conflict(`username: ${fields.username} is taken`);
    await tx.query(
      `insert into agents (id, username, nick, avatar, password_hash, capacity, channels, groups, role, online, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, false, $10)`,
      [
        id,
        fields.username,
        fields.nick,
        fields.avatar,
        passwordHash,
        fields.capacity,
        JSON.stringify(fields.channels),
        JSON.stringify(fields.groups),
        fields.role,
        context.now,
      ],
    );
    await recordChange(tx, {
      by: context.by,
      kind: 'agentAdded',
      target: id,
      changes: fieldChanges({}, { ...fields }),
      at: context.now,
    });
  });
  forgetTeams(store, input.channels);
  return { agent: await adminAgent(store.db, id), password: input.password == null ? password : null };
}

/**
 * Changes an agent's fields. Taking the last administrator's role is refused; a change that gives
 * an agent more room (capacity, channels, groups) lets routing give them waiting visitors at once.
 */
export async function updateAgent(
  store: ConversationStore,
  agentId: string,
  input: AgentFields,
  context: ChangeContext,
): Promise<AdminAgent> {
  const before = await store.write(async (tx, touched) => {
    // Routing first, as every writer that may assign takes it (routing.ts): then the agent's row.
    await lockRouting(tx);
    const [row] = await tx.query<AgentFields & { disabled: boolean; online: boolean; away: boolean }>(
      `select username, nick, role, channels, groups, capacity, avatar, online, away,
         disabled_at is not null as disabled
       from agents where id = $1 for update`,
      [agentId],
    );
    if (!row) throw notFound('no such agent');
    const fields = await storedFields(tx, input);
    if (row.role === 'admin' && fields.role !== 'admin' && !row.disabled) {
      await keepAnAdministrator(tx, agentId);
    }
    if (fields.username !== row.username && (await usernameTaken(tx, fields.username, agentId))) {
      throw conflict(`username: ${fields.username} is taken`);
    }
    const { disabled: _disabled, online, away, ...was } = row;
    const changes = fieldChanges({ ...was }, { ...fields });
    if (Object.keys(changes).length === 0) return was;
    await tx.query(
      `update agents set username = $2, nick = $3, role = $4, channels = $5, groups = $6, capacity = $7,
         avatar = $8, updated_at = $9
       where id = $1`,
      [
        agentId,
        fields.username,
        fields.nick,
        fields.role,
        JSON.stringify(fields.channels),
        JSON.stringify(fields.groups),
        fields.capacity,
        fields.avatar,
        context.now,
      ],
    );
    await recordChange(tx, {
      by: context.by,
      kind: 'agentChanged',
      target: agentId,
      changes,
      at: context.now,
    });
    if (online && !away) await dispatch(store, tx, touched);
    return was;
  });
  forgetTeams(store, [...before.channels, ...input.channels]);
  return adminAgent(store.db, agentId);
}

/**
 * Disables an agent (offline, signed out everywhere, every login and token refused; their record
 * and open chats stay) or enables them again. Disabling the last administrator is refused.
 */
export async function setAgentDisabled(
  store: ConversationStore,
  agentId: string,
  disabled: boolean,
  context: ChangeContext,
): Promise<AdminAgent> {
  const channels = await store.write(async (tx, touched) => {
    await lockRouting(tx);
    const [row] = await tx.query<{ role: string; channels: string[]; disabled: boolean }>(
      'select role, channels, disabled_at is not null as disabled from agents where id = $1 for update',
      [agentId],
    );
    if (!row) throw notFound('no such agent');
    if (disabled && !row.disabled && row.role === 'admin') await keepAnAdministrator(tx, agentId);
    // Offline at once, and their open chats back to the queue for someone who can answer.
    if (disabled) await presence.disabled(store, tx, touched, agentId);
    if (await markDisabled(tx, agentId, disabled, context.now)) {
      await recordChange(tx, {
        by: context.by,
        kind: disabled ? 'agentDisabled' : 'agentEnabled',
        target: agentId,
        at: context.now,
      });
    }
    return row.channels;
  });
  forgetTeams(store, channels);
  return adminAgent(store.db, agentId);
}

/** Sets an agent's password (made up when none is given, and answered once); signs them out everywhere. */
export async function resetPassword(
  store: ConversationStore,
  agentId: string,
  given: string | null | undefined,
  context: ChangeContext,
): Promise<{ password: string | null }> {
  const password = given ?? madeUpPassword();
  const passwordHash = await hashPassword(password);
  await store.write(async (tx) => {
    const updated = await tx.query(
      'update agents set password_hash = $2, updated_at = $3 where id = $1 returning id',
      [agentId, passwordHash, context.now],
    );
    if (updated.length === 0) throw notFound('no such agent');
    await signOutEverywhere(tx, agentId);
    await recordChange(tx, { by: context.by, kind: 'agentPassword', target: agentId, at: context.now });
  });
  return { password: given == null ? password : null };
}

/** The visitor page's first screen names a channel's agents: it reads them again after a change. */
function forgetTeams(store: ConversationStore, channels: string[]): void {
  for (const channel of new Set(channels)) store.forgetChannel(channel);
}
