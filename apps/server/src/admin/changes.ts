import type { AdminChange, AdminChangeKind } from '@parley/chat-protocol';
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
  change: { by: string | null; kind: AdminChangeKind; target: string; changes?: FieldChanges; at: number },
): Promise<void> {
  await tx.query(
    'insert into admin_changes (agent_id, kind, target, changes, created_at) values ($1, $2, $3, $4, $5)',
    [change.by, change.kind, change.target, JSON.stringify(change.changes ?? {}), change.at],
  );
}

/** The latest changes first, 100 at most, before the change `before` when given. */
export async function adminChanges(db: Queryable, before?: string): Promise<AdminChange[]> {
  const rows = await db.query<{
    id: string | number;
    kind: AdminChangeKind;
    target: string;
    agent_id: string | null;
    nick: string | null;
    changes: AdminChange['changes'];
    created_at: string | number;
  }>(
    `select c.id, c.kind, c.target, c.agent_id, a.nick, c.changes, c.created_at
     from admin_changes c left join agents a on a.id = c.agent_id
     where $1::bigint is null or c.id < $1::bigint
     order by c.id desc limit 100`,
    [before ?? null],
  );
  return rows.map((row) => ({
    id: String(row.id),
    kind: row.kind,
    target: row.target,
    by: row.agent_id ? { id: row.agent_id, nick: row.nick ?? '' } : null,
    changes: row.changes,
    time: Number(row.created_at),
  }));
}
