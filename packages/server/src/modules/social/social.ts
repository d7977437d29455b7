import { refuse } from '@tessera/protocol';
import { sql, type Kysely } from 'kysely';
import type { Bus } from '../../bus/index.ts';
import { isStringArray, jsonSubject, publish, subscribe } from '../../bus/subjects.ts';
import type { Db } from '../../storage/database.ts';
import type { Migration } from '../../storage/migrate.ts';

/** Follows (friends) and blocks, keyed by user id (docs/product/community.md §3). */
export const socialMigrations: Migration[] = [
  {
    name: '0001_follows_blocks',
    async up(db) {
      await sql`CREATE TABLE follows (
        follower_id text NOT NULL,
        followee_id text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (follower_id, followee_id)
      )`.execute(db);
      await sql`CREATE INDEX follows_followee ON follows(followee_id)`.execute(db);
      await sql`CREATE TABLE blocks (
        blocker_id text NOT NULL,
        blocked_id text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (blocker_id, blocked_id)
      )`.execute(db);
      await sql`CREATE INDEX blocks_blocked ON blocks(blocked_id)`.execute(db);
    },
  },
];

type SocialTables = {
  follows: { follower_id: string; followee_id: string; created_at?: Date };
  blocks: { blocker_id: string; blocked_id: string; created_at?: Date };
};

/** How long a user's block set is trusted before it is read again. */
const BLOCK_CACHE_MS = 60_000;
const MAX_LIST = 1000;

/** The two users whose block changed, so every process forgets what it cached of them. */
const BLOCKS_CHANGED = jsonSubject('social.blocks.changed', isStringArray);

export class Social {
  private readonly db: Kysely<SocialTables>;
  /** userId -> everyone they block or are blocked by. */
  private readonly blockCache = new Map<string, { ids: Set<string>; at: number }>();

  constructor(
    db: Db,
    private readonly bus: Bus,
  ) {
    this.db = db.withTables<SocialTables>();
    // Another process changed a block: forget what we knew about both users.
    subscribe(bus, BLOCKS_CHANGED, (ids) => {
      for (const id of ids) this.blockCache.delete(id);
    });
  }

  async follow(follower: string, followee: string): Promise<void> {
    if (follower === followee) throw refuse('INVALID_REQUEST', 'you cannot follow yourself');
    await this.db
      .insertInto('follows')
      .values({ follower_id: follower, followee_id: followee })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  async unfollow(follower: string, followee: string): Promise<void> {
    await this.db
      .deleteFrom('follows')
      .where('follower_id', '=', follower)
      .where('followee_id', '=', followee)
      .execute();
  }

  async following(userId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('follows')
      .select('followee_id')
      .where('follower_id', '=', userId)
      .limit(MAX_LIST)
      .execute();
    return rows.map((r) => r.followee_id);
  }

  async isFollowing(follower: string, followee: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('follows')
      .select('follower_id')
      .where('follower_id', '=', follower)
      .where('followee_id', '=', followee)
      .executeTakeFirst();
    return !!row;
  }

  /** Blocking someone also stops following them. */
  async block(blocker: string, blocked: string): Promise<void> {
    if (blocker === blocked) throw refuse('INVALID_REQUEST', 'you cannot block yourself');
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('blocks')
        .values({ blocker_id: blocker, blocked_id: blocked })
        .onConflict((oc) => oc.doNothing())
        .execute();
      await trx
        .deleteFrom('follows')
        .where('follower_id', '=', blocker)
        .where('followee_id', '=', blocked)
        .execute();
    });
    this.changed(blocker, blocked);
  }

  async unblock(blocker: string, blocked: string): Promise<void> {
    await this.db
      .deleteFrom('blocks')
      .where('blocker_id', '=', blocker)
      .where('blocked_id', '=', blocked)
      .execute();
    this.changed(blocker, blocked);
  }

  async blocking(userId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('blocks')
      .select('blocked_id')
      .where('blocker_id', '=', userId)
      .limit(MAX_LIST)
      .execute();
    return rows.map((r) => r.blocked_id);
  }

  /** Everyone who blocks this user or whom this user blocks. */
  async fullBlocks(userId: string): Promise<Set<string>> {
    const hit = this.blockCache.get(userId);
    if (hit && Date.now() - hit.at < BLOCK_CACHE_MS) return hit.ids;
    const rows = await this.db
      .selectFrom('blocks')
      .select(['blocker_id', 'blocked_id'])
      .where((eb) => eb.or([eb('blocker_id', '=', userId), eb('blocked_id', '=', userId)]))
      .execute();
    const ids = new Set(rows.map((r) => (r.blocker_id === userId ? r.blocked_id : r.blocker_id)));
    this.blockCache.set(userId, { ids, at: Date.now() });
    return ids;
  }

  async eitherBlocks(a: string, b: string): Promise<boolean> {
    return (await this.fullBlocks(a)).has(b);
  }

  private changed(a: string, b: string): void {
    this.blockCache.delete(a);
    this.blockCache.delete(b);
    publish(this.bus, BLOCKS_CHANGED, [a, b]);
  }
}
