import { createHash, randomUUID } from 'node:crypto';
import { type Generated, type Kysely, sql } from 'kysely';
import type { Db } from '../../storage/database.ts';
import type { Migration } from '../../storage/migrate.ts';

export const integrationMigrations: Migration[] = [
  {
    name: '0001_integrations',
    async up(db) {
      // Tokens are sealed (token-box.ts); a provider account links to one user at most.
      await sql`CREATE TABLE integrations (
        uuid text PRIMARY KEY,
        user_id text NOT NULL,
        provider text NOT NULL,
        account_id text NOT NULL,
        details text NOT NULL,
        tier text NOT NULL,
        access_token text NOT NULL,
        refresh_token text,
        expires_at timestamptz,
        linked_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (user_id, provider),
        UNIQUE (provider, account_id)
      )`.execute(db);
      // Links under way: the csrf token's hash, the sealed PKCE verifier, where to return.
      await sql`CREATE TABLE integration_requests (
        csrf_hash text PRIMARY KEY,
        user_id text NOT NULL,
        provider text NOT NULL,
        verifier text NOT NULL,
        redirect text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`.execute(db);
    },
  },
];

type Tables = {
  integrations: {
    uuid: string;
    user_id: string;
    provider: string;
    account_id: string;
    details: string;
    tier: string;
    access_token: string;
    refresh_token: string | null;
    expires_at: Date | null;
    linked_at: Generated<Date>;
  };
  integration_requests: {
    csrf_hash: string;
    user_id: string;
    provider: string;
    verifier: string;
    redirect: string;
    created_at: Generated<Date>;
  };
};

export interface IntegrationRow {
  uuid: string;
  userId: string;
  provider: string;
  accountId: string;
  details: string;
  tier: string;
  linkedAt: Date;
}

/** How long a link may take between the csrf request and the callback. */
export const LINK_REQUEST_TTL_MS = 10 * 60_000;

const hashOf = (csrf: string) => createHash('sha256').update(csrf).digest('hex');

const toRow = (r: {
  uuid: string;
  user_id: string;
  provider: string;
  account_id: string;
  details: string;
  tier: string;
  linked_at: Date;
}): IntegrationRow => ({
  uuid: r.uuid,
  userId: r.user_id,
  provider: r.provider,
  accountId: r.account_id,
  details: r.details,
  tier: r.tier,
  linkedAt: r.linked_at,
});

export class IntegrationStore {
  private readonly db: Kysely<Tables>;

  constructor(db: Db) {
    this.db = db.withTables<Tables>();
  }

  async addRequest(r: {
    csrf: string;
    userId: string;
    provider: string;
    verifier: string;
    redirect: string;
  }): Promise<void> {
    // Old requests go as new ones come: the table holds only links under way.
    await this.db
      .deleteFrom('integration_requests')
      .where('created_at', '<', new Date(Date.now() - LINK_REQUEST_TTL_MS))
      .execute();
    await this.db
      .insertInto('integration_requests')
      .values({
        csrf_hash: hashOf(r.csrf),
        user_id: r.userId,
        provider: r.provider,
        verifier: r.verifier,
        redirect: r.redirect,
      })
      .execute();
  }

  /** Takes (deletes) a live request of this user for this provider: a state is used once. */
  async takeRequest(csrf: string, userId: string, provider: string) {
    const row = await this.db
      .deleteFrom('integration_requests')
      .where('csrf_hash', '=', hashOf(csrf))
      .where('user_id', '=', userId)
      .where('provider', '=', provider)
      .returning(['verifier', 'redirect', 'created_at'])
      .executeTakeFirst();
    if (!row || row.created_at.getTime() < Date.now() - LINK_REQUEST_TTL_MS) return undefined;
    return { verifier: row.verifier, redirect: row.redirect };
  }

  async list(userId: string): Promise<IntegrationRow[]> {
    const rows = await this.db
      .selectFrom('integrations')
      .select(['uuid', 'user_id', 'provider', 'account_id', 'details', 'tier', 'linked_at'])
      .where('user_id', '=', userId)
      .orderBy('provider')
      .execute();
    return rows.map(toRow);
  }

  /** The user this provider account is linked to, if any. */
  async ownerOf(provider: string, accountId: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('integrations')
      .select('user_id')
      .where('provider', '=', provider)
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    return row?.user_id;
  }

  /** Links (or links again, replacing the earlier account) one provider account to a user. */
  async link(r: {
    userId: string;
    provider: string;
    accountId: string;
    details: string;
    tier: string;
    accessToken: string;
    refreshToken: string | null;
    expiresAt: Date | null;
  }): Promise<IntegrationRow> {
    return await this.db.transaction().execute(async (tx) => {
      await tx
        .deleteFrom('integrations')
        .where('user_id', '=', r.userId)
        .where('provider', '=', r.provider)
        .execute();
      const row = await tx
        .insertInto('integrations')
        .values({
          uuid: randomUUID(),
          user_id: r.userId,
          provider: r.provider,
          account_id: r.accountId,
          details: r.details,
          tier: r.tier,
          access_token: r.accessToken,
          refresh_token: r.refreshToken,
          expires_at: r.expiresAt,
        })
        .returning(['uuid', 'user_id', 'provider', 'account_id', 'details', 'tier', 'linked_at'])
        .executeTakeFirstOrThrow();
      return toRow(row);
    });
  }

  async remove(uuid: string, userId: string): Promise<IntegrationRow | undefined> {
    const row = await this.db
      .deleteFrom('integrations')
      .where('uuid', '=', uuid)
      .where('user_id', '=', userId)
      .returning(['uuid', 'user_id', 'provider', 'account_id', 'details', 'tier', 'linked_at'])
      .executeTakeFirst();
    return row && toRow(row);
  }

  /** The sealed tokens as stored (tests check they are not in the clear). */
  async sealedTokens(uuid: string) {
    return await this.db
      .selectFrom('integrations')
      .select(['access_token', 'refresh_token'])
      .where('uuid', '=', uuid)
      .executeTakeFirst();
  }
}
