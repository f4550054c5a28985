// Wrong passwords per username: after too many in a window, the username is refused for a while,
// whatever address the attempts come from (the per-address login limit does not see an attacker
// with many addresses). A name that names no agent is locked the same way, so a lock reveals
// nothing about which accounts exist.

export interface LockoutRules {
  /** Wrong passwords for one username within `windowMs` that lock it. */
  attempts: number;
  windowMs: number;
  /** How long a locked username is refused. */
  lockMs: number;
}

/** 10 wrong passwords in 15 minutes lock a username for 15 minutes. */
export const DEFAULT_LOCKOUT: LockoutRules = { attempts: 10, windowMs: 15 * 60_000, lockMs: 15 * 60_000 };

interface Account {
  /** When each attempt not (yet) known to have succeeded was made, oldest first. */
  attempts: number[];
  lockedUntil: number;
}

/** Past this many usernames followed, the ones with nothing recent are forgotten. */
const PRUNE_AT = 10_000;

/**
 * Counts login attempts per username, in memory (per instance, like the rate limits). An attempt
 * counts as wrong from the moment it starts (`attempt`), so parallel guesses cannot all pass
 * before the first is judged; a login that succeeds takes its username's count back to nothing.
 *
 * @example
 * const lockout = new LoginLockout(DEFAULT_LOCKOUT, Date.now);
 * const wait = lockout.attempt('ana'); // ms to wait when locked, else 0
 * // ... check the password; on success:
 * lockout.succeeded('ana');
 */
export class LoginLockout {
  private readonly accounts = new Map<string, Account>();

  constructor(
    private readonly rules: LockoutRules,
    private readonly clock: () => number,
  ) {}

  /** Records an attempt for `username`; answers how many ms it is still locked for (0: go on). */
  attempt(username: string): number {
    const now = this.clock();
    const account = this.accounts.get(username) ?? { attempts: [], lockedUntil: 0 };
    if (account.lockedUntil > now) return account.lockedUntil - now;
    account.attempts = account.attempts.filter((at) => at > now - this.rules.windowMs);
    if (account.attempts.length >= this.rules.attempts) {
      account.lockedUntil = now + this.rules.lockMs;
      account.attempts = [];
      this.accounts.set(username, account);
      return this.rules.lockMs;
    }
    account.attempts.push(now);
    if (!this.accounts.has(username) && this.accounts.size >= PRUNE_AT) this.prune(now);
    this.accounts.set(username, account);
    return 0;
  }

  /** The password was right: the username's attempts are forgotten. */
  succeeded(username: string): void {
    this.accounts.delete(username);
  }

  private prune(now: number): void {
    for (const [username, account] of this.accounts) {
      const recent = account.attempts.some((at) => at > now - this.rules.windowMs);
      if (!recent && account.lockedUntil <= now) this.accounts.delete(username);
    }
  }
}
