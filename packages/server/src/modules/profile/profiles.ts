import { sql, type Kysely } from 'kysely';
import type { Db } from '../../storage/database.ts';
import type { Migration } from '../../storage/migrate.ts';

/** What a profile adds to an account: the full name, the bio and the avatar. */
export const profileMigrations: Migration[] = [
  {
    name: '0001_profiles',
    async up(db) {
      await sql`CREATE TABLE profiles (
        user_id text PRIMARY KEY,
        full_name text NOT NULL DEFAULT '',
        about text NOT NULL DEFAULT '',
        avatar bytea,
        avatar_version integer NOT NULL DEFAULT 0,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`.execute(db);
    },
  },
];

interface ProfileRow {
  user_id: string;
  full_name: string;
  about: string;
  avatar: Uint8Array | null;
  avatar_version: number;
  updated_at?: Date;
}

type ProfileTables = { profiles: ProfileRow };

export interface ProfileFields {
  fullName: string;
  about: string;
  /** Empty when the user has no avatar. */
  avatarUrl: string;
}

export const avatarUrl = (userId: string, version: number) =>
  version > 0 ? `/avatars/${userId}.jpg?v=${version}` : '';

/** The profiles table: one row per user who set something. */
export class Profiles {
  private readonly db: Kysely<ProfileTables>;

  constructor(db: Db) {
    this.db = db.withTables<ProfileTables>();
  }

  async erase(userId: string): Promise<void> {
    await this.db.deleteFrom('profiles').where('user_id', '=', userId).execute();
  }

  async fields(userIds: string[]): Promise<Map<string, ProfileFields>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('profiles')
      .select(['user_id', 'full_name', 'about', 'avatar_version'])
      .where('user_id', 'in', userIds)
      .execute();
    const found = new Map(rows.map((r) => [r.user_id, r]));
    return new Map(
      userIds.map((id) => {
        const r = found.get(id);
        return [
          id,
          {
            fullName: r?.full_name ?? '',
            about: r?.about ?? '',
            avatarUrl: r && r.avatar_version > 0 ? avatarUrl(id, r.avatar_version) : '',
          },
        ];
      }),
    );
  }

  async setText(userId: string, fullName: string, about: string): Promise<void> {
    await this.db
      .insertInto('profiles')
      .values({ user_id: userId, full_name: fullName, about, avatar: null, avatar_version: 0 })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet({ full_name: fullName, about, updated_at: new Date() }),
      )
      .execute();
  }

  /** Stores a checked avatar; returns its new URL. */
  async setAvatar(userId: string, jpg: Uint8Array): Promise<string> {
    const row = await this.db
      .insertInto('profiles')
      .values({ user_id: userId, full_name: '', about: '', avatar: jpg, avatar_version: 1 })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet({
          avatar: jpg,
          avatar_version: sql`abs(profiles.avatar_version) + 1`,
          updated_at: new Date(),
        }),
      )
      .returning('avatar_version')
      .executeTakeFirstOrThrow();
    return avatarUrl(userId, row.avatar_version);
  }

  async removeAvatar(userId: string): Promise<void> {
    // The version keeps counting (negative while removed) so an old URL is never reused.
    await this.db
      .updateTable('profiles')
      .set({ avatar: null, avatar_version: sql`-abs(avatar_version)`, updated_at: new Date() })
      .where('user_id', '=', userId)
      .execute();
  }

  async avatar(userId: string): Promise<Uint8Array | undefined> {
    const row = await this.db
      .selectFrom('profiles')
      .select('avatar')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row?.avatar ?? undefined;
  }
}
