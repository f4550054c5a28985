import { createHash, randomBytes } from 'node:crypto';
import { type IntegrationScope, type IntegrationTokenView, integrationScopes } from '@parley/chat-protocol';
import { fieldChanges, recordChange } from '../admin/changes.js';
import type { Db, Queryable } from '../db/types.js';

export class TokenError extends Error {}

/** What a token may do, as the routes check it. */
export interface IntegrationToken {
  id: string;
  name: string;
  scopes: IntegrationScope[];
  /** null: every channel. */
  channels: string[] | null;
  agentId: string | null;
  botName: string | null;
  createdAt: number;
  lastUsedAt: number | null;
  revokedAt: number | null;
}

interface TokenRow {
  id: string;
  name: string;
  scopes: IntegrationScope[];
  channels: string[] | null;
  agent_id: string | null;
  bot_name: string | null;
  created_at: string | number;
  last_used_at: string | number | null;
  revoked_at: string | number | null;
}

/** Who changes a token: an administrator's agent id, null for the command line; and when. */
export interface TokenChange {
  by: string | null;
  now: number;
}

const tokenOf = (row: TokenRow): IntegrationToken => ({
  id: row.id,
  name: row.name,
  scopes: row.scopes,
  channels: row.channels,
  agentId: row.agent_id,
  botName: row.bot_name,
  createdAt: Number(row.created_at),
  lastUsedAt: row.last_used_at === null ? null : Number(row.last_used_at),
  revokedAt: row.revoked_at === null ? null : Number(row.revoked_at),
});

/** A token as an administrator sees it: never its hash, with its agent's username. */
const viewOf = (row: TokenRow & { agent_username: string | null }): IntegrationTokenView => {
  const { agentId, ...token } = tokenOf(row);
  return { ...token, agent: agentId ? { id: agentId, username: row.agent_username ?? agentId } : null };
};

const SELECT_VIEWS = `select t.*, a.username as agent_username
  from integration_tokens t left join agents a on a.id = t.agent_id`;

async function viewOfId(db: Queryable, id: string): Promise<IntegrationTokenView | undefined> {
  const [row] = await db.query<TokenRow & { agent_username: string | null }>(
    `${SELECT_VIEWS} where t.id = $1`,
    [id],
  );
  return row && viewOf(row);
}

export const hashIntegrationToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Creates a token: `pt_` and 32 random bytes (base64url). Only its SHA-256 is stored; the token is
 * answered this once. `messages:write` needs an identity: an agent (by username) or a bot's name.
 * Recorded with who made it (`by`, null for the command line), never with the token.
 *
 * @example
 * const { token, record } = await createToken(db, { name: 'crm', scopes: ['conversations:read'] }, { by: null, now: Date.now() });
 */
export async function createToken(
  db: Db,
  input: { name: string; scopes: string[]; channels?: string[]; agentUsername?: string; botName?: string },
  change: TokenChange,
): Promise<{ token: string; record: IntegrationTokenView }> {
  const name = input.name.trim();
  if (!name) throw new TokenError('a token needs a name');
  const known = new Set<string>(integrationScopes);
  const unknown = input.scopes.filter((scope) => !known.has(scope));
  if (input.scopes.length === 0 || unknown.length > 0)
    throw new TokenError(
      `scopes are some of ${integrationScopes.join(', ')}${unknown.length ? ` (unknown: ${unknown.join(', ')})` : ''}`,
    );
  const botName = input.botName?.trim() || undefined;
  if (input.agentUsername && botName) throw new TokenError('a token posts as an agent or as a bot, not both');
  if (input.scopes.includes('messages:write') && !input.agentUsername && !botName)
    throw new TokenError(
      'messages:write needs an agent or a bot to post as (--as-agent <username> or --as-bot <name>)',
    );
  let agentId: string | null = null;
  if (input.agentUsername) {
    const [agent] = await db.query<{ id: string }>('select id from agents where username = $1', [
      input.agentUsername,
    ]);
    if (!agent) throw new TokenError(`no agent named ${input.agentUsername}`);
    agentId = agent.id;
  }
  const channels = [...new Set(input.channels ?? [])];
  if (channels.length > 0) {
    const found = await db.query<{ id: string }>('select id from channels where id = any($1::text[])', [
      channels,
    ]);
    const missing = channels.filter((channel) => !found.some((row) => row.id === channel));
    if (missing.length > 0) throw new TokenError(`no channel ${missing.join(', ')}`);
  }
  const token = `pt_${randomBytes(32).toString('base64url')}`;
  const id = `tok_${randomBytes(9).toString('base64url')}`;
  const record = await db.transaction(async (tx) => {
    await tx.query(
      `insert into integration_tokens (id, name, token_hash, scopes, channels, agent_id, bot_name, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        id,
        name,
        hashIntegrationToken(token),
        JSON.stringify([...new Set(input.scopes)]),
        channels.length ? JSON.stringify(channels) : null,
        agentId,
        botName ?? null,
        change.now,
      ],
    );
    const view = await viewOfId(tx, id);
    if (!view) throw new Error('the token was not stored');
    const { name: named, scopes, channels: limited, agent, botName: bot } = view;
    await recordChange(tx, {
      by: change.by,
      kind: 'tokenAdded',
      target: id,
      changes: fieldChanges(
        {},
        { name: named, scopes, channels: limited, agent: agent?.username ?? null, botName: bot },
      ),
      at: change.now,
    });
    return view;
  });
  return { token, record };
}

/** Every token, live and revoked, oldest first; never a token or its hash. */
export async function listTokens(db: Queryable): Promise<IntegrationTokenView[]> {
  return (
    await db.query<TokenRow & { agent_username: string | null }>(
      `${SELECT_VIEWS} order by t.created_at, t.id`,
    )
  ).map(viewOf);
}

/**
 * Revokes a token: the next call with it is refused, on every instance (nothing caches tokens).
 * Answers the token as it is now, or undefined when there is none; revoking it again changes and
 * records nothing.
 */
export async function revokeToken(
  db: Db,
  id: string,
  change: TokenChange,
): Promise<IntegrationTokenView | undefined> {
  return db.transaction(async (tx) => {
    const revoked = await tx.query(
      'update integration_tokens set revoked_at = $2 where id = $1 and revoked_at is null returning id',
      [id, change.now],
    );
    if (revoked.length > 0)
      await recordChange(tx, {
        by: change.by,
        kind: 'tokenRevoked',
        target: id,
        changes: { revokedAt: { from: null, to: change.now } },
        at: change.now,
      });
    return viewOfId(tx, id);
  });
}

/**
 * The live token a bearer value names, or undefined: revoked tokens and the tokens of a disabled
 * agent are refused for every call, reads included. Notes when it was last used (once a minute).
 */
export async function tokenFor(db: Db, bearer: string, now: number): Promise<IntegrationToken | undefined> {
  const [row] = await db.query<TokenRow>(
    `select t.* from integration_tokens t left join agents a on a.id = t.agent_id
     where t.token_hash = $1 and t.revoked_at is null and (t.agent_id is null or a.disabled_at is null)`,
    [hashIntegrationToken(bearer)],
  );
  if (!row) return undefined;
  if (row.last_used_at === null || Number(row.last_used_at) < now - 60_000) {
    await db.query('update integration_tokens set last_used_at = $2 where id = $1', [row.id, now]);
  }
  return tokenOf(row);
}
