import { randomId } from '../ids.js';
import type { ConversationStore } from './store.js';

// What the visitors of a channel have uploaded lately (the quotas), and the files past retention.

export const DAY_MS = 24 * 60 * 60 * 1000;

/** A reservation stops counting after this long: its upload was cut or its process killed. */
export const RESERVATION_MS = 60 * 60 * 1000;

/** The bytes of visitor uploads allowed per day: per visitor, and for all visitors of a channel. */
export interface UploadQuota {
  perVisitor: number;
  perChannel: number;
  /** Bytes a day from one client address, whatever visitor ids it uses (routes/files.ts). */
  perAddress: number;
}

/** Bytes an upload may take, reserved against the quota before its first byte is read. */
export type Reservation =
  | { id: string; bytes: number; short: 'visitor' | 'channel' | undefined }
  | { id: undefined; bytes: 0; short: 'visitor' | 'channel' };

/**
 * Reserves up to `wanted` bytes of this visitor's quota for one upload: what is left after the
 * day's uploads and every reservation still open, for the visitor and for its channel. One channel
 * reserves at a time (an advisory lock in the transaction), so parallel uploads on any instance
 * cannot each see the same bytes left. `short` names the quota that made the reservation smaller
 * than `wanted` (or none was left: `bytes` 0, no reservation).
 */
export async function reserveUpload(
  store: ConversationStore,
  visitorId: string,
  wanted: number,
  quota: UploadQuota,
): Promise<Reservation> {
  return store.db.transaction(async (tx) => {
    const [visitor] = await tx.query<{ channel_id: string }>(
      'select channel_id from visitors where id = $1',
      [visitorId],
    );
    const channelId = visitor?.channel_id ?? '';
    await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`upload-quota:${channelId}`]);
    const now = store.clock();
    const [row] = await tx.query<
      Record<'visitor' | 'channel' | 'held_visitor' | 'held_channel', string | null>
    >(
      `select
         (select sum(size) from uploads where visitor_id = $1 and agent_id is null and created_at > $3) as visitor,
         (select sum(u.size) from uploads u join visitors v on v.id = u.visitor_id
           where v.channel_id = $2 and u.agent_id is null and u.created_at > $3) as channel,
         (select sum(bytes) from upload_reservations where visitor_id = $1 and created_at > $4) as held_visitor,
         (select sum(bytes) from upload_reservations where channel_id = $2 and created_at > $4) as held_channel`,
      [visitorId, channelId, now - DAY_MS, now - RESERVATION_MS],
    );
    const visitorLeft = quota.perVisitor - Number(row?.visitor ?? 0) - Number(row?.held_visitor ?? 0);
    const channelLeft = quota.perChannel - Number(row?.channel ?? 0) - Number(row?.held_channel ?? 0);
    const left = Math.min(visitorLeft, channelLeft);
    const limiting = visitorLeft <= channelLeft ? 'visitor' : 'channel';
    if (left <= 0) return { id: undefined, bytes: 0, short: limiting };
    const bytes = Math.min(wanted, left);
    const id = randomId();
    await tx.query(
      'insert into upload_reservations (id, visitor_id, channel_id, bytes, created_at) values ($1, $2, $3, $4, $5)',
      [id, visitorId, channelId, bytes, now],
    );
    return { id, bytes, short: bytes < wanted ? limiting : undefined };
  });
}

/** Ends a reservation: its upload was recorded (and counts as an upload) or refused. */
export async function releaseUpload(store: ConversationStore, reservationId: string): Promise<void> {
  await store.db.query('delete from upload_reservations where id = $1', [reservationId]);
}

/** Forgets reservations past their time (their uploads never finished). */
export async function expireReservations(store: ConversationStore): Promise<number> {
  const rows = await store.db.query('delete from upload_reservations where created_at < $1 returning id', [
    store.clock() - RESERVATION_MS,
  ]);
  return rows.length;
}

/** Forgets uploads older than `maxAgeMs` and answers their ids, so the caller deletes the files. */
export async function expireUploads(store: ConversationStore, maxAgeMs: number): Promise<string[]> {
  const rows = await store.db.query<{ id: string }>(
    'delete from uploads where created_at < $1 returning id',
    [store.clock() - maxAgeMs],
  );
  return rows.map((row) => row.id);
}

/** Of these stored file ids, those no upload record names (files a failed upload left behind). */
export async function unrecordedUploads(store: ConversationStore, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await store.db.query<{ id: string }>('select id from uploads where id = any($1::text[])', [
    ids,
  ]);
  const recorded = new Set(rows.map((row) => row.id));
  return ids.filter((id) => !recorded.has(id));
}

/** Deletes an upload's record whose file could not be stored. */
export async function forgetUpload(store: ConversationStore, id: string): Promise<void> {
  await store.db.query('delete from uploads where id = $1', [id]);
}
