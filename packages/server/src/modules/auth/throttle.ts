import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { AuthTables } from './migrations.ts';

/**
 * Attempt counting for login and password reset, per account and per client
 * address, kept in the database so every server process sees the same counts.
 * A key is refused once it has `limit` attempts inside the window; the answer
 * says how many seconds until the oldest of them leaves the window.
 */
export interface ThrottleRule {
  limit: number;
  windowSeconds: number;
  /**
   * Growing delays instead of a hard limit: after `free` attempts in the
   * window, each further one waits `baseSeconds` after the latest, doubled
   * per attempt, at most `maxSeconds` (the owner's own devices, decision 0118).
   */
  growing?: { free: number; baseSeconds: number; maxSeconds: number };
}

/**
 * Logins (decision 0118). From a browser without the account's device
 * cookie: ten per account and address, fifty per address, a hundred per
 * account from anywhere (a spread-out guesser). From the owner's own device:
 * counted on that device alone, with growing delays rather than a lock.
 */
export const LOGIN_PER_ACCOUNT_AND_ADDRESS: ThrottleRule = { limit: 10, windowSeconds: 15 * 60 };
export const LOGIN_PER_ADDRESS: ThrottleRule = { limit: 50, windowSeconds: 15 * 60 };
export const LOGIN_PER_ACCOUNT: ThrottleRule = { limit: 100, windowSeconds: 15 * 60 };
export const LOGIN_OWN_DEVICE: ThrottleRule = {
  limit: 1000,
  windowSeconds: 15 * 60,
  growing: { free: 5, baseSeconds: 1, maxSeconds: 300 },
};
export const RESET_PER_ACCOUNT: ThrottleRule = { limit: 3, windowSeconds: 60 * 60 };
export const RESET_PER_ADDRESS: ThrottleRule = { limit: 20, windowSeconds: 60 * 60 };

/** Password re-checks of a signed-in user (changing the password, closing the account). */
export const PASSWORD_CHECK_PER_ACCOUNT: ThrottleRule = { limit: 10, windowSeconds: 15 * 60 };

export class Throttle {
  constructor(private readonly db: Kysely<AuthTables>) {}

  /**
   * Takes one attempt under every key at once, before the attempt is made:
   * counted and recorded in one transaction holding each key's advisory lock,
   * so parallel attempts cannot all pass a check that none has recorded yet.
   * Returns the seconds to wait (nothing taken) or the ids of the taken
   * attempts, which `giveBack` removes when the attempt succeeded.
   */
  async take(
    rules: [key: string, rule: ThrottleRule][],
  ): Promise<{ wait: number } | { ids: number[] }> {
    const sorted = [...rules].sort(([a], [b]) => a.localeCompare(b));
    return this.db.transaction().execute(async (trx) => {
      let wait = 0;
      for (const [key, rule] of sorted) {
        await sql`SELECT pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
        wait = Math.max(wait, await this.retryAfter(key, rule, trx));
      }
      if (wait > 0) return { wait };
      const rows = await trx
        .insertInto('auth_attempts')
        .values(sorted.map(([key]) => ({ key })))
        .returning('id')
        .execute();
      return { ids: rows.map((r) => r.id) };
    });
  }

  /** Removes attempts taken by `take` (a successful attempt does not count). */
  async giveBack(ids: number[]): Promise<void> {
    if (ids.length) await this.db.deleteFrom('auth_attempts').where('id', 'in', ids).execute();
  }

  /** Seconds to wait before `key` may try again, or 0 when it may try now. */
  async retryAfter(key: string, rule: ThrottleRule, q = this.db): Promise<number> {
    const since = new Date(Date.now() - rule.windowSeconds * 1000);
    const rows = await q
      .selectFrom('auth_attempts')
      .select('at')
      .where('key', '=', key)
      .where('at', '>', since)
      .orderBy('at', 'desc')
      .limit(rule.limit)
      .execute();
    const g = rule.growing;
    if (g && rows.length >= g.free && rows.length < rule.limit) {
      const delay = Math.min(g.maxSeconds, g.baseSeconds * 2 ** (rows.length - g.free));
      const latest = new Date(rows[0].at as Date).getTime();
      const wait = latest + delay * 1000 - Date.now();
      return wait > 0 ? Math.max(1, Math.ceil(wait / 1000)) : 0;
    }
    if (rows.length < rule.limit) return 0;
    const oldest = new Date(rows[rows.length - 1].at as Date).getTime();
    return Math.max(1, Math.ceil((oldest + rule.windowSeconds * 1000 - Date.now()) / 1000));
  }

  async clear(key: string): Promise<void> {
    await this.db.deleteFrom('auth_attempts').where('key', '=', key).execute();
  }

  /** Forgets every key that starts with `prefix` (a reset unlocks the account everywhere). */
  async clearPrefix(prefix: string): Promise<void> {
    const pattern = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    await this.db.deleteFrom('auth_attempts').where('key', 'like', pattern).execute();
  }

  /** Forget attempts older than a day; called now and then. */
  async prune(): Promise<void> {
    await this.db
      .deleteFrom('auth_attempts')
      .where('at', '<', sql<Date>`now() - interval '1 day'`)
      .execute();
  }
}
