import { createHash, randomBytes } from 'node:crypto';
import { type IntegrationScope, integrationScopes } from '@parley/chat-protocol';
import type { Db } from '../db/types.js';

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

export const hashIntegrationToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Creates a token: `pt_` and 32 random bytes (base64url). Only its SHA-256 is stored; the token is
 * answered this once. `messages:write` needs an identity: an agent (by username) or a bot's name.
 */
export async function createToken(
  db: Db,
  input: { name: string; scopes: string[]; channels?: string[]; agentUsername?: string; botName?: string },
  now: number,
): Promise<{ token: string; record: IntegrationToken }> {
  const known = new Set<string>(integrationScopes);
  const unknown = input.scopes.filter((scope) => !known.has(scope));
  if (input.scopes.length === 0 || unknown.length > 0)
    throw new TokenError(
      `scopes are some of ${integrationScopes.join(', ')}${unknown.length ? ` (unknown: ${unknown.join(', ')})` : ''}`,
    );
  if (input.agentUsername && input.botName)
    throw new TokenError('a token posts as an agent or as a bot, not both');
  if (input.scopes.includes('messages:write') && !input.agentUsername && !input.botName)
    throw new TokenError('messages:write needs --as-agent <username> or --as-bot <name>');
  let agentId: string | null = null;
  if (input.agentUsername) {
    const [agent] = await db.query<{ id: string }>('select id from agents where username = $1', [
      input.agentUsername,
    ]);
    if (!agent) throw new TokenError(`no agent named ${input.agentUsername}`);
    agentId = agent.id;
  }
  const token = `pt_${randomBytes(32).toString('base64url')}`;
  const [row] = await db.query<TokenRow>(
    `insert into integration_tokens (id, name, token_hash, scopes, channels, agent_id, bot_name, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8) returning *`,
    [
      `tok_${randomBytes(9).toString('base64url')}`,
      input.name,
      hashIntegrationToken(token),
      JSON.stringify([...new Set(input.scopes)]),
      input.channels?.length ? JSON.stringify(input.channels) : null,
      agentId,
      input.botName ?? null,
      now,
    ],
  );
  if (!row) throw new Error('the token was not stored');
  return { token, record: tokenOf(row) };
}

export async function listTokens(db: Db): Promise<IntegrationToken[]> {
  return (await db.query<TokenRow>('select * from integration_tokens order by created_at, id')).map(tokenOf);
}

/** Revokes a token: the next call with it is refused, on every instance (nothing caches tokens). */
export async function revokeToken(db: Db, id: string, now: number): Promise<boolean> {
  const rows = await db.query(
    'update integration_tokens set revoked_at = coalesce(revoked_at, $2) where id = $1 returning id',
    [id, now],
  );
  return rows.length > 0;
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
