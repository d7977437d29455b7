import { type Refusal, refuse } from '@tessera/protocol';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { sql, type Kysely, type Updateable } from 'kysely';
import type { Db } from '../../storage/database.ts';
import { isUniqueViolation } from '../../storage/errors.ts';
import type { Mailer } from '../mail/index.ts';
import type { AuthTables } from './migrations.ts';
import { checkPassword, decoyHash, hashPassword } from './passwords.ts';
import {
  accountDetails,
  type AccountDetails,
  adminDetails,
  type AdminLookup,
  type AdminUserDetails,
  key,
} from './account-details.ts';
import { deviceOf, issueDevice } from './device.ts';
import {
  LOGIN_OWN_DEVICE,
  LOGIN_PER_ACCOUNT,
  LOGIN_PER_ACCOUNT_AND_ADDRESS,
  LOGIN_PER_ADDRESS,
  PASSWORD_CHECK_PER_ACCOUNT,
  RESET_PER_ACCOUNT,
  RESET_PER_ADDRESS,
  Throttle,
} from './throttle.ts';
import {
  isChild,
  parseBirthDate,
  type Registration,
  validatePassword,
  validateRegistration,
} from './validation.ts';

export type { AccountDetails, AdminUserDetails } from './account-details.ts';

export const SESSION_TTL_SECONDS = 30 * 24 * 3600;
export const RESET_CODE_TTL_SECONDS = 60 * 60;

/** isChild values of the spec: unknown, not a child, a child. */
export const CHILD_STATUS = { UNKNOWN: 0, NO: 1, YES: 2 } as const;

export interface Account {
  id: string;
  username: string;
  email: string;
  isChild: number;
}

export const sha256 = (s: string): string => createHash('sha256').update(s).digest('hex');
const secretToken = () => randomBytes(32).toString('base64url');

/**
 * Accounts, sessions and passwords. Session ids and reset codes are random
 * 256-bit strings; only their SHA-256 is stored, so a leaked table cannot be
 * replayed as cookies or codes.
 */
export class Accounts {
  private readonly db: Kysely<AuthTables>;
  readonly throttle: Throttle;

  constructor(
    db: Db,
    private readonly deps: { mailer: Mailer; publicUrl: string; secretKey: string },
  ) {
    this.db = db.withTables<AuthTables>();
    this.throttle = new Throttle(this.db);
  }

  async register(r: Registration): Promise<Account> {
    const problem = validateRegistration(r);
    if (problem) throw refuse(problem);
    const birth = parseBirthDate(r.birthDate)!;
    const taken = await this.db
      .selectFrom('users')
      .select(['username_key', 'email_key'])
      .where((eb) =>
        eb.or([eb('username_key', '=', key(r.username)), eb('email_key', '=', key(r.email))]),
      )
      .execute();
    if (taken.some((t) => t.username_key === key(r.username))) {
      throw refuse('USERNAME_TAKEN');
    }
    if (taken.length > 0) throw refuse('EMAIL_TAKEN');
    const account: Account = {
      id: randomUUID(),
      username: r.username,
      email: r.email.trim(),
      isChild: isChild(birth) ? CHILD_STATUS.YES : CHILD_STATUS.NO,
    };
    try {
      await this.db
        .insertInto('users')
        .values({
          id: account.id,
          username: r.username,
          username_key: key(r.username),
          email: account.email,
          email_key: key(r.email),
          password_hash: await hashPassword(r.password),
          birth_date: r.birthDate,
          first_name: r.firstName.trim(),
          last_name: r.lastName.trim(),
          country_code: r.countryCode.toLowerCase(),
          is_child: account.isChild,
          api_key: null,
          closed_at: null,
        })
        .execute();
    } catch (e) {
      // Two registrations racing for one name: the unique index decides.
      if (isUniqueViolation(e)) {
        throw refuse('USERNAME_TAKEN');
      }
      throw e;
    }
    return account;
  }

  /**
   * Checks the password and opens a session. Attempts are throttled
   * (decision 0118): from the owner's own device (`device`, the signed
   * device cookie naming this account) on that device alone, with growing
   * delays; from anywhere else per account and address, per address and per
   * account, so a stranger's failures lock out the stranger, not the owner.
   * Returns a new device cookie value when the caller had none for the account.
   */
  async login(
    username: string,
    password: string,
    ip: string,
    device?: string,
  ): Promise<{ account: Account; session: string; device?: string }> {
    if (!username) throw refuse('USERNAME_REQUIRED');
    if (!password) throw refuse('PASSWORD_REQUIRED');
    const name = key(username);
    const row = await this.db
      .selectFrom('users')
      .selectAll()
      .where('username_key', '=', name)
      .executeTakeFirst();
    const own = row ? deviceOf(device, row.id, this.deps.secretKey) : undefined;
    const mine = own ? `login:device:${row!.id}:${own}` : `login:pair:${name}:${ip}`;
    const taken = await this.throttle.take(
      own
        ? [[mine, LOGIN_OWN_DEVICE]]
        : [
            [mine, LOGIN_PER_ACCOUNT_AND_ADDRESS],
            [`login:ip:${ip}`, LOGIN_PER_ADDRESS],
            [`login:user:${name}`, LOGIN_PER_ACCOUNT],
          ],
    );
    if ('wait' in taken) throw refuse('RATE_LIMITED', taken.wait);
    const ok = await checkPassword(row?.password_hash ?? (await decoyHash()), password);
    if (!row || !ok) throw refuse('LOGIN_FAILED');
    await this.throttle.giveBack(taken.ids);
    if (row.closed_at) throw refuse('ACCOUNT_CLOSED');
    const barred = await this.accessRefusal?.(row.id);
    if (barred) throw barred;
    await this.throttle.clear(mine);
    const account = toAccount(row);
    return {
      account,
      session: await this.openSession(account.id),
      ...(own ? {} : { device: issueDevice(account.id, this.deps.secretKey) }),
    };
  }

  async openSession(userId: string): Promise<string> {
    const session = secretToken();
    await this.db
      .insertInto('sessions')
      .values({
        id_hash: sha256(session),
        user_id: userId,
        expires_at: new Date(Date.now() + SESSION_TTL_SECONDS * 1000),
      })
      .execute();
    return session;
  }

  async sessionAccount(session: string | undefined): Promise<Account | undefined> {
    if (!session) return undefined;
    const row = await this.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .selectAll('users')
      .where('sessions.id_hash', '=', sha256(session))
      .where('sessions.expires_at', '>', new Date())
      .where('users.closed_at', 'is', null)
      .executeTakeFirst();
    return row ? toAccount(row) : undefined;
  }

  /**
   * The account of a live session given by its stored hash (a signed-cookie
   * handover names the session it came from by hash, never by its id).
   */
  async sessionHashAccount(idHash: string): Promise<Account | undefined> {
    const row = await this.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .selectAll('users')
      .where('sessions.id_hash', '=', idHash)
      .where('sessions.expires_at', '>', new Date())
      .where('users.closed_at', 'is', null)
      .executeTakeFirst();
    return row ? toAccount(row) : undefined;
  }

  async apiKeyAccount(apiKey: string): Promise<Account | undefined> {
    const row = await this.db
      .selectFrom('users')
      .selectAll()
      .where('api_key', '=', apiKey)
      .where('closed_at', 'is', null)
      .executeTakeFirst();
    if (!row) return undefined;
    // A suspended account's key is refused with the suspension's end, not ignored.
    const barred = await this.accessRefusal?.(row.id);
    if (barred) throw barred;
    return toAccount(row);
  }

  async closeSession(session: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('id_hash', '=', sha256(session)).execute();
  }

  /**
   * The account a bot plays under, created on first use. Bots cannot log in:
   * their password hash is a random string that no password produces.
   */
  async ensureBotAccount(name: string): Promise<Account> {
    const existing = await this.db
      .selectFrom('users')
      .selectAll()
      .where('username_key', '=', key(name))
      .executeTakeFirst();
    if (existing) return toAccount(existing);
    const account: Account = {
      id: randomUUID(),
      username: name,
      email: `${key(name)}@bots.invalid`,
      isChild: CHILD_STATUS.NO,
    };
    await this.db
      .insertInto('users')
      .values({
        id: account.id,
        username: name,
        username_key: key(name),
        email: account.email,
        email_key: key(account.email),
        password_hash: `!bot:${secretToken()}`,
        birth_date: null,
        first_name: name,
        last_name: '',
        country_code: '',
        is_child: CHILD_STATUS.NO,
        api_key: null,
        is_bot: true,
        closed_at: null,
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
    return (await this.findByUsername(name)) ?? account;
  }

  async findByUsername(username: string): Promise<Account | undefined> {
    const row = await this.db
      .selectFrom('users')
      .selectAll()
      .where('username_key', '=', key(username))
      .where('closed_at', 'is', null)
      .executeTakeFirst();
    return row ? toAccount(row) : undefined;
  }

  /**
   * Open accounts whose username starts with `prefix` (case-insensitive),
   * shortest first, for the player search boxes. Bots are left out: they are
   * played through "Play a computer", not matched.
   */
  async completeUsername(
    prefix: string,
    limit: number,
  ): Promise<{ id: string; username: string }[]> {
    const pattern = `${key(prefix).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return this.db
      .selectFrom('users')
      .select(['id', 'username'])
      .where('username_key', 'like', pattern)
      .where('closed_at', 'is', null)
      .where('is_bot', '=', false)
      .orderBy(sql`length(username_key)`)
      .orderBy('username_key')
      .limit(limit)
      .execute();
  }

  /** The personal fields of open accounts (profiles and settings), by id. */
  async details(userIds: string[]): Promise<Map<string, AccountDetails>> {
    return accountDetails(this.db, userIds);
  }

  /**
   * Changes the personal fields an account's settings page edits (§5 rules:
   * the caller validated them); a changed birth date re-decides the child flag.
   */
  async updateDetails(
    userId: string,
    d: {
      email: string;
      birthDate: string;
      firstName: string;
      lastName: string;
      countryCode: string;
    },
  ): Promise<void> {
    const other = await this.db
      .selectFrom('users')
      .select('id')
      .where('email_key', '=', key(d.email))
      .where('id', '!=', userId)
      .executeTakeFirst();
    if (other) throw refuse('EMAIL_TAKEN');
    const birth = d.birthDate ? parseBirthDate(d.birthDate) : undefined;
    await this.db
      .updateTable('users')
      .set({
        email: d.email.trim(),
        email_key: key(d.email),
        birth_date: birth ? d.birthDate : null,
        first_name: d.firstName.trim(),
        last_name: d.lastName.trim(),
        country_code: d.countryCode.toLowerCase(),
        ...(birth ? { is_child: isChild(birth) ? CHILD_STATUS.YES : CHILD_STATUS.NO } : {}),
      })
      .where('id', '=', userId)
      .execute();
  }

  async usernames(userIds: string[]): Promise<Map<string, string>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('users')
      .select(['id', 'username'])
      .where('id', 'in', userIds)
      .execute();
    return new Map(rows.map((r) => [r.id, r.username]));
  }

  /** Returns a fresh session: the change signs out every other device. */
  async changePassword(userId: string, oldPassword: string, newPassword: string): Promise<string> {
    if (!oldPassword || !newPassword) throw refuse('PASSWORDS_REQUIRED');
    const problem = validatePassword(newPassword);
    if (problem) throw refuse(problem);
    await this.requirePassword(userId, oldPassword, 'OLD_PASSWORD_WRONG');
    await this.setPassword(userId, newPassword);
    this.onRevoked?.(userId);
    return this.openSession(userId);
  }

  /**
   * Step 1 of a reset: mails a single-use code that expires in an hour. The
   * answer is the same whether or not the address is known, so the form
   * cannot be used to find out who has an account.
   */
  async requestReset(email: string, ip: string): Promise<void> {
    if (!email.trim()) throw refuse('EMAIL_REQUIRED');
    const taken = await this.throttle.take([
      [`reset:email:${key(email)}`, RESET_PER_ACCOUNT],
      [`reset:ip:${ip}`, RESET_PER_ADDRESS],
    ]);
    if ('wait' in taken) throw refuse('RATE_LIMITED', taken.wait);
    const row = await this.db
      .selectFrom('users')
      .select(['id', 'username', 'email'])
      .where('email_key', '=', key(email))
      .where('closed_at', 'is', null)
      .executeTakeFirst();
    if (!row) return;
    const code = secretToken();
    await this.db
      .insertInto('password_resets')
      .values({
        code_hash: sha256(code),
        user_id: row.id,
        expires_at: new Date(Date.now() + RESET_CODE_TTL_SECONDS * 1000),
        used_at: null,
      })
      .execute();
    const link = `${this.deps.publicUrl}/password/new?t=${code}`;
    await this.deps.mailer.send(
      row.email,
      'Reset your Tessera password',
      `Hello ${row.username},\n\nSomeone (hopefully you) asked to reset your Tessera password.\n` +
        `Open this link within an hour to choose a new one:\n\n${link}\n\n` +
        `Your reset code: ${code}\n\nIf you did not ask for this, ignore this message.\n`,
      [code],
    );
  }

  /**
   * Step 2: the code is used up whether or not the rest succeeds, so it works
   * once. The reset also unlocks the account: every login count against it is
   * forgotten, and the browser that completed it gets the account's device
   * cookie (the value returned).
   */
  async completeReset(code: string, password: string): Promise<string> {
    const problem = validatePassword(password);
    if (problem) throw refuse(problem);
    const used = await this.db
      .updateTable('password_resets')
      .set({ used_at: new Date() })
      .where('code_hash', '=', sha256(code))
      .where('used_at', 'is', null)
      .where('expires_at', '>', new Date())
      .returning('user_id')
      .executeTakeFirst();
    if (!used) throw refuse('RESET_CODE_INVALID');
    await this.setPassword(used.user_id, password);
    this.onRevoked?.(used.user_id);
    const user = await this.db
      .selectFrom('users')
      .select('username_key')
      .where('id', '=', used.user_id)
      .executeTakeFirst();
    if (user) {
      await this.throttle.clear(`login:user:${user.username_key}`);
      await this.throttle.clearPrefix(`login:pair:${user.username_key}:`);
    }
    await this.throttle.clearPrefix(`login:device:${used.user_id}:`);
    return issueDevice(used.user_id, this.deps.secretKey);
  }

  /**
   * The generation of the user's credentials: it moves on with every password
   * change, reset and closure. Socket tokens carry it (issue 37).
   */
  async credentialGeneration(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('users')
      .select('credential_gen')
      .where('id', '=', userId)
      .executeTakeFirst();
    return row?.credential_gen ?? 0;
  }

  /** Is a socket token's generation still the open account's current one? */
  async credentialsCurrent(userId: string, generation: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('users')
      .select('credential_gen')
      .where('id', '=', userId)
      .where('closed_at', 'is', null)
      .executeTakeFirst();
    return !!row && (row.credential_gen ?? 0) === generation;
  }

  /**
   * Why this account may not sign in or use its API key now (a suspension,
   * set by the moderation module), or undefined.
   */
  accessRefusal?: (userId: string) => Promise<Refusal | undefined>;

  /**
   * Ends every session and socket of the user (a suspension): the next
   * sign-in meets `accessRefusal`. The API key is kept and refused while it lasts.
   */
  async revokeCredentials(userId: string): Promise<void> {
    await this.endSessions(userId, {});
    this.onRevoked?.(userId);
  }

  /**
   * A moderator's deletion: personal data erased, sessions, key and reset
   * codes revoked, the name shown on its games anonymised. The username's
   * key stays on the row, so nobody can register the name again.
   */
  async erase(userId: string): Promise<void> {
    const anonymous = `deleted-${createHash('sha256').update(userId).digest('hex').slice(0, 10)}`;
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set({
          username: anonymous,
          email: '',
          email_key: `deleted:${userId}`,
          password_hash: `!deleted:${secretToken()}`,
          birth_date: null,
          first_name: '',
          last_name: '',
          country_code: '',
          api_key: null,
          closed_at: new Date(),
          credential_gen: sql`credential_gen + 1`,
        })
        .where('id', '=', userId)
        .execute();
      await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();
      await trx.deleteFrom('password_resets').where('user_id', '=', userId).execute();
    });
    this.onRevoked?.(userId);
  }

  /** Told when a user's credentials were revoked (the server closes their sockets). */
  onRevoked?: (userId: string) => void;

  async closeAccount(userId: string, password: string): Promise<void> {
    if (!password) throw refuse('PASSWORD_REQUIRED');
    await this.requirePassword(userId, password, 'PASSWORD_WRONG');
    await this.endSessions(userId, { closed_at: new Date(), api_key: null });
    this.onRevoked?.(userId);
  }

  async apiKey(userId: string, reset: boolean): Promise<string> {
    const row = await this.db
      .selectFrom('users')
      .select('api_key')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    if (row.api_key && !reset) return row.api_key;
    const apiKey = secretToken();
    await this.db.updateTable('users').set({ api_key: apiKey }).where('id', '=', userId).execute();
    return apiKey;
  }

  private async requirePassword(
    userId: string,
    password: string,
    wrong: 'OLD_PASSWORD_WRONG' | 'PASSWORD_WRONG',
  ) {
    const taken = await this.throttle.take([
      [`password:user:${userId}`, PASSWORD_CHECK_PER_ACCOUNT],
    ]);
    if ('wait' in taken) throw refuse('RATE_LIMITED', taken.wait);
    const row = await this.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!row || !(await checkPassword(row.password_hash, password))) {
      throw refuse(wrong);
    }
    await this.throttle.giveBack(taken.ids);
  }

  /** The admin console's view of open accounts (account-details.ts). */
  adminDetails(by: AdminLookup): Promise<AdminUserDetails[]> {
    return adminDetails(this.db, by);
  }

  /**
   * A new password also ends every open session and revokes the API key:
   * whoever knew the old password is signed out, scripts included.
   */
  private async setPassword(userId: string, password: string): Promise<void> {
    await this.endSessions(userId, { password_hash: await hashPassword(password), api_key: null });
  }

  /**
   * Ends every session of the user and moves their credential generation on
   * (open sockets fail their next check), writing `set` in the same update.
   */
  private async endSessions(userId: string, set: Updateable<AuthTables['users']>): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set({ ...set, credential_gen: sql`credential_gen + 1` })
        .where('id', '=', userId)
        .execute();
      await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();
    });
  }
}

function toAccount(row: AuthTables['users']): Account {
  return { id: row.id, username: row.username, email: row.email, isChild: row.is_child };
}
