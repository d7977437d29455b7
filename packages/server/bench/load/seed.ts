import { randomUUID } from 'node:crypto';
import { openCore } from '../../src/app.ts';
import { CHILD_STATUS } from '../../src/modules/auth/accounts.ts';
import type { AuthTables } from '../../src/modules/auth/migrations.ts';

export interface SeededUser {
  username: string;
  /** "tessera_session=..." for the user's open session. */
  cookie: string;
}

const INSERT_CHUNK = 250;
const PASSWORD = 'load test password';

/**
 * Accounts for the load test, written into a fresh data folder before the
 * server starts. Hashing 2,000 passwords with argon2id would take most of a
 * minute on two cores, so one account is registered the ordinary way
 * (Accounts.register: validation, argon2id) and the rest are inserted as rows
 * of the same shape carrying that account's hash: every account can log in
 * with the same password, exactly as if each had been registered. Sessions
 * are opened through Accounts.openSession, as a login does.
 */
export async function seedAccounts(
  dataDir: string,
  count: number,
  databaseUrl?: string,
): Promise<SeededUser[]> {
  const core = await openCore({ dataDir, databaseUrl, logLevel: 'silent' });
  try {
    const name = (i: number) => `load${String(i).padStart(5, '0')}`;
    const first = await core.accounts.register({
      username: name(0),
      email: `${name(0)}@example.com`,
      password: PASSWORD,
      birthDate: '1990-05-17',
      firstName: '',
      lastName: '',
      countryCode: '',
    });
    const db = core.database.db.withTables<AuthTables>();
    const { password_hash } = await db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', first.id)
      .executeTakeFirstOrThrow();
    const ids = [first.id];
    for (let from = 1; from < count; from += INSERT_CHUNK) {
      const rows = [];
      for (let i = from; i < Math.min(count, from + INSERT_CHUNK); i++) {
        const id = randomUUID();
        ids.push(id);
        rows.push({
          id,
          username: name(i),
          username_key: name(i),
          email: `${name(i)}@example.com`,
          email_key: `${name(i)}@example.com`,
          password_hash,
          birth_date: '1990-05-17',
          first_name: '',
          last_name: '',
          country_code: '',
          is_child: CHILD_STATUS.NO,
          api_key: null,
          closed_at: null,
        });
      }
      await db.insertInto('users').values(rows).execute();
    }
    const users: SeededUser[] = [];
    for (let i = 0; i < count; i++) {
      const session = await core.accounts.openSession(ids[i]);
      users.push({ username: name(i), cookie: `tessera_session=${session}` });
    }
    return users;
  } finally {
    await core.close();
  }
}
