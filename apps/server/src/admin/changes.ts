import {
  ADMIN_CHANGE_KINDS,
  type AdminChange,
  type AdminChangeKind,
  type WebhookChange,
  type WebhookChangeKind,
} from '@parley/chat-protocol';
import type { Queryable } from '../db/types.js';

// The record of administration (`admin_changes`): who changed an agent or a channel, when and what,
// written in the change's own transaction, from the console and from `npm run admin` alike.

export type FieldChanges = Record<string, { from: unknown; to: unknown }>;

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The fields of `after` whose value differs from `before`'s, each with both values.
 *
 * @example
 * fieldChanges({ capacity: 1, nick: 'Ana' }, { capacity: 3, nick: 'Ana' }) // { capacity: { from: 1, to: 3 } }
 */
export function fieldChanges(before: Record<string, unknown>, after: Record<string, unknown>): FieldChanges {
  const changes: FieldChanges = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (!same(before[key], after[key])) changes[key] = { from: before[key] ?? null, to: after[key] ?? null };
  }
  return changes;
}

/** Writes one change: `by` the administrator's agent id, null for the command line. */
export async function recordChange(
  tx: Queryable,
  change: {
    by: string | null;
    kind: AdminChangeKind | WebhookChangeKind;
    target: string;
    changes?: FieldChanges;
    at: number;
  },
): Promise<void> {
  await tx.query(
    'insert into admin_changes (agent_id, kind, target, changes, created_at) values ($1, $2, $3, $4, $5)',
    [change.by, change.kind, change.target, JSON.stringify(change.changes ?? {}), change.at],
  );
}

interface ChangeRow<K> {
  id: string | number;
  kind: K;
  target: string;
  agent_id: string | null;
  nick: string | null;
  changes: AdminChange['changes'];
  created_at: string | number;
}

const SELECT_CHANGES = `select c.id, c.kind, c.target, c.agent_id, a.nick, c.changes, c.created_at
  from admin_changes c left join agents a on a.id = c.agent_id`;

/**
 * The latest changes of agents and channels first, 100 at most, before the change `before` when
 * given (a webhook endpoint's changes are its own list: `webhookChanges`).
 */
export async function adminChanges(db: Queryable, before?: string): Promise<AdminChange[]> {
  const rows = await db.query<ChangeRow<AdminChangeKind>>(
    `${SELECT_CHANGES}
     where ($1::bigint is null or c.id < $1::bigint) and c.kind = any($2::text[])
     order by c.id desc limit 100`,
    [before ?? null, [...ADMIN_CHANGE_KINDS]],
  );
  return rows.map(changeOf);
}

/** One webhook endpoint's changes, latest first, 100 at most. */
export async function webhookChanges(db: Queryable, endpointId: string): Promise<WebhookChange[]> {
  const rows = await db.query<ChangeRow<WebhookChangeKind>>(
    `${SELECT_CHANGES} where c.target = $1 and c.kind like 'webhook%' order by c.id desc limit 100`,
    [endpointId],
  );
  return rows.map(changeOf);
}

function changeOf<K>(row: ChangeRow<K>) {
  return {
    id: String(row.id),
    kind: row.kind,
    target: row.target,
    by: row.agent_id ? { id: row.agent_id, nick: row.nick ?? '' } : null,
    changes: row.changes,
    time: Number(row.created_at),
  };
}
