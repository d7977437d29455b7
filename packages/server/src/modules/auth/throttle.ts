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
}

export const LOGIN_PER_ACCOUNT: ThrottleRule = { limit: 10, windowSeconds: 15 * 60 };
export const LOGIN_PER_ADDRESS: ThrottleRule = { limit: 50, windowSeconds: 15 * 60 };
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
    if (rows.length < rule.limit) return 0;
    const oldest = new Date(rows[rows.length - 1].at as Date).getTime();
    return Math.max(1, Math.ceil((oldest + rule.windowSeconds * 1000 - Date.now()) / 1000));
  }

  async clear(key: string): Promise<void> {
    await this.db.deleteFrom('auth_attempts').where('key', '=', key).execute();
  }

  /** Forget attempts older than a day; called now and then. */
  async prune(): Promise<void> {
    await this.db
      .deleteFrom('auth_attempts')
      .where('at', '<', sql<Date>`now() - interval '1 day'`)
      .execute();
  }
}
