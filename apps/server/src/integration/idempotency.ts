import { createHash } from 'node:crypto';
import type { Db } from '../db/db.js';
import { ApiError, badRequest } from '../errors.js';

/** How long a key's answer is kept: a day, as Stripe's. */
export const IDEMPOTENCY_KEEP_MS = 24 * 60 * 60 * 1000;
/** A key: 1 to 255 visible ASCII characters (a UUID is the usual one). */
const KEY = /^[\x21-\x7e]{1,255}$/;

/** What a write with a key does: run it, or answer what its first run answered. */
export type Idempotent<T> = { replayed: false; answer: T } | { replayed: true; answer: unknown };

/**
 * Runs `write` once per token and key: the first request claims the key, runs, and keeps its
 * answer; a retry with the same key and the same request answers that answer again. The same key
 * with another request is a 409 `idempotency_key_reused`; a retry while the first is still at work
 * a 409 too. A write that is refused (or fails) keeps nothing: it changed nothing, so it may be
 * tried again with the same key.
 */
export async function once<T>(
  db: Db,
  claim: { tokenId: string; key: string; request: unknown; now: number },
  write: () => Promise<T>,
): Promise<Idempotent<T>> {
  if (!KEY.test(claim.key)) throw badRequest('Idempotency-Key: 1 to 255 visible ASCII characters');
  const hash = createHash('sha256').update(JSON.stringify(claim.request)).digest('hex');
  await db.query('delete from integration_idempotency where created_at < $1', [
    claim.now - IDEMPOTENCY_KEEP_MS,
  ]);
  const claimed = await db.query(
    `insert into integration_idempotency (token_id, key, request_hash, created_at) values ($1, $2, $3, $4)
     on conflict (token_id, key) do nothing returning key`,
    [claim.tokenId, claim.key, hash, claim.now],
  );
  if (claimed.length === 0) {
    const [kept] = await db.query<{ request_hash: string; answer: unknown }>(
      'select request_hash, answer from integration_idempotency where token_id = $1 and key = $2',
      [claim.tokenId, claim.key],
    );
    if (kept && kept.request_hash !== hash)
      throw new ApiError(
        409,
        'this Idempotency-Key was used for another request: use a new key for a new request',
        'idempotency_key_reused',
      );
    if (kept?.answer === null || kept?.answer === undefined)
      throw new ApiError(409, 'a request with this Idempotency-Key is still at work: try again shortly');
    return { replayed: true, answer: kept.answer };
  }
  try {
    const answer = await write();
    await db.query('update integration_idempotency set answer = $3 where token_id = $1 and key = $2', [
      claim.tokenId,
      claim.key,
      JSON.stringify(answer),
    ]);
    return { replayed: false, answer };
  } catch (error) {
    await db.query('delete from integration_idempotency where token_id = $1 and key = $2', [
      claim.tokenId,
      claim.key,
    ]);
    throw error;
  }
}
