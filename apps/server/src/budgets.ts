import type { Db } from './db/types.js';

// Budgets of what a visitor can make the server spend (robot tokens, mails), counted per window in
// the `budgets` table. A call reserves what it may spend before the work starts, against every key
// it is charged to (its visitor, its channel, its address), all or none; a single upsert per key
// holds the row's lock until the transaction ends, so concurrent calls on any instance queue behind
// each other instead of each seeing the same budget left.

export const HOUR_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;

/** One budget a call is charged to: who (`robot-tokens:visitor:v1`) and how much a window allows. */
export interface Budget {
  key: string;
  limit: number;
}

/** What was reserved: settle it once the work knows what it really spent. */
export interface Reservation {
  keys: string[];
  windowStart: number;
  amount: number;
}

/**
 * Reserves `amount` against each budget for the window `now` falls in (fixed windows of
 * `windowMs`), or answers the first budget that has not enough left (nothing is reserved then).
 *
 * @example
 * const reserved = await reserve(db, [{ key: 'transcripts:visitor:v1', limit: 3 }], 1, Date.now(), DAY_MS);
 * if ('refused' in reserved) throw tooMany(reserved.refused);
 */
export async function reserve(
  db: Db,
  budgets: Budget[],
  amount: number,
  now: number,
  windowMs: number,
): Promise<Reservation | { refused: Budget }> {
  const windowStart = now - (now % windowMs);
  const tooLarge = budgets.find((budget) => amount > budget.limit);
  if (tooLarge) return { refused: tooLarge };
  const refused = await db
    .transaction(async (tx) => {
      // Always in the same order, so two calls sharing keys cannot wait on each other.
      for (const budget of [...budgets].sort((a, b) => (a.key < b.key ? -1 : 1))) {
        const rows = await tx.query(
          `insert into budgets (key, window_start, used) values ($1, $2, $3)
         on conflict (key, window_start) do update set used = budgets.used + excluded.used
           where budgets.used + excluded.used <= $4
         returning used`,
          [budget.key, windowStart, amount, budget.limit],
        );
        if (rows.length === 0) throw new Refused(budget);
      }
      return undefined;
    })
    .catch((error) => {
      if (error instanceof Refused) return error.budget;
      throw error;
    });
  if (refused) return { refused };
  return { keys: budgets.map((budget) => budget.key), windowStart, amount };
}

class Refused extends Error {
  constructor(readonly budget: Budget) {
    super(`over budget: ${budget.key}`);
  }
}

/**
 * Settles a reservation at what was really spent: the rest goes back (a failed mail, a short
 * answer), or more is counted (a model that wrote past its limit), so the next call sees it.
 */
export async function settle(db: Db, reservation: Reservation, spent: number): Promise<void> {
  const difference = spent - reservation.amount;
  if (difference === 0) return;
  await db.query(
    'update budgets set used = greatest(0, used + $3) where key = any($1) and window_start = $2',
    [reservation.keys, reservation.windowStart, difference],
  );
}

/**
 * Runs `work` once one unit is reserved against every budget, and gives the unit back when the work
 * fails (a refused call spends nothing); `refused` is the error for a budget with nothing left.
 *
 * @example
 * await spending(db, budgets, clock(), DAY_MS, (budget) => tooMany(budget), () => queueMail());
 */
export async function spending<T>(
  db: Db,
  budgets: Budget[],
  now: number,
  windowMs: number,
  refused: (budget: Budget) => Error,
  work: () => Promise<T>,
): Promise<T> {
  const reservation = await reserve(db, budgets, 1, now, windowMs);
  if ('refused' in reservation) throw refused(reservation.refused);
  try {
    return await work();
  } catch (error) {
    await settle(db, reservation, 0);
    throw error;
  }
}

/** Forgets the windows that ended before `before` (the hourly sweep). */
export async function forgetBudgets(db: Db, before: number): Promise<void> {
  await db.query('delete from budgets where window_start < $1', [before]);
}
