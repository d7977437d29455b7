import type { Kysely } from 'kysely';
// Read-only views of accounts: the settings' personal fields and the admin
// console's lookup.
import type { AuthTables } from './migrations.ts';

/** A username or e-mail as stored in its lookup key. */
export const key = (s: string) => s.trim().toLowerCase();

/** A date column as YYYY-MM-DD ('' for none). */
function dateText(v: string | Date | null): string {
  if (!v) return '';
  if (typeof v === 'string') return v.slice(0, 10);
  return v.toISOString().slice(0, 10);
}

/** An account's personal fields; `birthDate` is YYYY-MM-DD or empty. */
export interface AccountDetails {
  id: string;
  username: string;
  email: string;
  birthDate: string;
  firstName: string;
  lastName: string;
  countryCode: string;
  isChild: number;
  isBot: boolean;
}

/** The personal fields of the open accounts among `userIds`, by id. */
export async function accountDetails(
  db: Kysely<AuthTables>,
  userIds: string[],
): Promise<Map<string, AccountDetails>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select([
      'id',
      'username',
      'email',
      'birth_date',
      'first_name',
      'last_name',
      'country_code',
      'is_child',
      'is_bot',
    ])
    .where('id', 'in', userIds)
    .where('closed_at', 'is', null)
    .execute();
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        username: r.username,
        email: r.email,
        birthDate: dateText(r.birth_date),
        firstName: r.first_name,
        lastName: r.last_name,
        countryCode: r.country_code,
        isChild: r.is_child,
        isBot: !!r.is_bot,
      },
    ]),
  );
}

/** What the admin console shows of an account; `created` is an ISO instant. */
export interface AdminUserDetails {
  id: string;
  username: string;
  email: string;
  created: string;
  birthDate: string;
}

/** One account by username, or the accounts whose e-mail contains a part. */
export type AdminLookup = { username: string } | { emailPart: string; limit: number };

/**
 * The admin console's view of open accounts (docs/product/community.md §2.6
 * "See User Details"): one by username, or those whose e-mail contains
 * `emailPart` (case-insensitive, % and _ taken literally), by username.
 */
export async function adminDetails(
  db: Kysely<AuthTables>,
  by: AdminLookup,
): Promise<AdminUserDetails[]> {
  let query = db
    .selectFrom('users')
    .select(['id', 'username', 'email', 'created_at', 'birth_date'])
    .where('closed_at', 'is', null);
  if ('username' in by) query = query.where('username_key', '=', key(by.username));
  else {
    const pattern = `%${key(by.emailPart).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where('email_key', 'like', pattern).orderBy('username_key').limit(by.limit);
  }
  return (await query.execute()).map((r) => ({
    id: r.id,
    username: r.username,
    email: r.email,
    created: new Date(r.created_at as string | Date).toISOString(),
    birthDate: dateText(r.birth_date),
  }));
}
