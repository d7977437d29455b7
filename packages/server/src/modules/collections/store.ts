import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import { refuse } from '@tessera/protocol';
import type { Db } from '../../storage/database.ts';
import type { Migration } from '../../storage/migrate.ts';

/**
 * Collections and their chapters. A chapter's number is its stored
 * `position` (1..game_count, kept dense), so a page of chapters and "chapter
 * n" are index range reads however long the collection, and a reorder is one
 * UPDATE over the moved window (decision 0137).
 */
export const collectionMigrations: Migration[] = [
  {
    name: '0001_collections',
    async up(db) {
      await sql`CREATE TABLE collections (
        id text PRIMARY KEY,
        creator_id text NOT NULL,
        title text NOT NULL,
        description text NOT NULL DEFAULT '',
        public boolean NOT NULL DEFAULT false,
        game_count integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`.execute(db);
      await sql`CREATE INDEX collections_creator ON collections(creator_id, updated_at DESC, id)`.execute(
        db,
      );
      await sql`CREATE INDEX collections_public ON collections(updated_at DESC, id) WHERE public`.execute(
        db,
      );
      await sql`CREATE TABLE collection_games (
        collection_id text NOT NULL REFERENCES collections(id) ON DELETE CASCADE,
        game_id text NOT NULL,
        position integer NOT NULL,
        chapter_title text NOT NULL,
        is_annotated boolean NOT NULL,
        added_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (collection_id, game_id)
      )`.execute(db);
      await sql`CREATE INDEX collection_games_order ON collection_games(collection_id, position)`.execute(
        db,
      );
      await sql`CREATE INDEX collection_games_game ON collection_games(game_id)`.execute(db);
    },
  },
];

export interface CollectionRow {
  id: string;
  creator_id: string;
  title: string;
  description: string;
  public: boolean;
  game_count: number;
  created_at: Date;
  updated_at: Date;
}

export interface ChapterRow {
  collection_id: string;
  game_id: string;
  position: number;
  chapter_title: string;
  is_annotated: boolean;
  added_at: Date;
}

type Tables = {
  collections: Omit<CollectionRow, 'created_at' | 'updated_at' | 'game_count'> & {
    game_count?: number;
    created_at?: Date;
    updated_at?: Date;
  };
  collection_games: Omit<ChapterRow, 'added_at'> & { added_at?: Date };
};

/** A page of a list and how many there are in all. */
export interface Page<T> {
  rows: T[];
  total: number;
}

export class Collections {
  private readonly db: Kysely<Tables>;

  constructor(db: Db) {
    this.db = db.withTables<Tables>();
  }

  async create(creatorId: string, title: string, description: string, isPublic: boolean) {
    const id = randomUUID();
    await this.db
      .insertInto('collections')
      .values({ id, creator_id: creatorId, title, description, public: isPublic })
      .execute();
    return id;
  }

  async get(id: string): Promise<CollectionRow | undefined> {
    return (await this.db
      .selectFrom('collections')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst()) as CollectionRow | undefined;
  }

  /** Chapters offset+1 .. offset+limit, in order. */
  async chapters(id: string, limit: number, offset: number): Promise<ChapterRow[]> {
    return (await this.db
      .selectFrom('collection_games')
      .selectAll()
      .where('collection_id', '=', id)
      .where('position', '>', offset)
      .where('position', '<=', offset + limit)
      .orderBy('position')
      .execute()) as ChapterRow[];
  }

  async update(id: string, title: string, description: string, isPublic: boolean) {
    await this.db
      .updateTable('collections')
      .set({ title, description, public: isPublic, updated_at: new Date() })
      .where('id', '=', id)
      .execute();
  }

  async delete(id: string) {
    await this.db.deleteFrom('collections').where('id', '=', id).execute();
  }

  /** Runs `fn` with the collection's row locked (edits to one collection take turns). */
  private async locked<T>(
    id: string,
    fn: (trx: Transaction<Tables>, row: CollectionRow) => Promise<T>,
  ): Promise<T> {
    return this.db.transaction().execute(async (trx) => {
      const row = (await trx
        .selectFrom('collections')
        .selectAll()
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst()) as CollectionRow | undefined;
      if (!row) throw refuse('COLLECTION_NOT_FOUND');
      const out = await fn(trx, row);
      await trx
        .updateTable('collections')
        .set({ updated_at: new Date() })
        .where('id', '=', id)
        .execute();
      return out;
    });
  }

  /** Appends a chapter; answers its number. */
  async add(id: string, gameId: string, title: string, annotated: boolean): Promise<number> {
    return this.locked(id, async (trx, row) => {
      const present = await trx
        .selectFrom('collection_games')
        .select('position')
        .where('collection_id', '=', id)
        .where('game_id', '=', gameId)
        .executeTakeFirst();
      if (present) throw refuse('COLLECTION_GAME_PRESENT');
      const position = row.game_count + 1;
      await trx
        .insertInto('collection_games')
        .values({
          collection_id: id,
          game_id: gameId,
          position,
          chapter_title: title,
          is_annotated: annotated,
        })
        .execute();
      await trx
        .updateTable('collections')
        .set({ game_count: position })
        .where('id', '=', id)
        .execute();
      return position;
    });
  }

  async remove(id: string, gameId: string): Promise<void> {
    await this.locked(id, async (trx, row) => {
      const gone = await trx
        .deleteFrom('collection_games')
        .where('collection_id', '=', id)
        .where('game_id', '=', gameId)
        .returning('position')
        .executeTakeFirst();
      if (!gone) throw refuse('COLLECTION_GAME_ABSENT');
      await trx
        .updateTable('collection_games')
        .set({ position: sql`position - 1` })
        .where('collection_id', '=', id)
        .where('position', '>', gone.position)
        .execute();
      await trx
        .updateTable('collections')
        .set({ game_count: row.game_count - 1 })
        .where('id', '=', id)
        .execute();
    });
  }

  /**
   * Gives chapters offset+1 .. offset+gameIds.length the order of `gameIds`,
   * which must be the games holding those chapters now.
   */
  async reorder(id: string, offset: number, gameIds: string[]): Promise<void> {
    await this.locked(id, async (trx, row) => {
      if (offset + gameIds.length > row.game_count || new Set(gameIds).size !== gameIds.length)
        throw refuse('COLLECTION_REORDER_MISMATCH');
      const now = await trx
        .selectFrom('collection_games')
        .select('game_id')
        .where('collection_id', '=', id)
        .where('position', '>', offset)
        .where('position', '<=', offset + gameIds.length)
        .execute();
      const held = new Set(now.map((r) => r.game_id));
      if (held.size !== gameIds.length || gameIds.some((g) => !held.has(g)))
        throw refuse('COLLECTION_REORDER_MISMATCH');
      await sql`UPDATE collection_games AS c SET position = ${offset}::integer + t.ord::integer
        FROM unnest(${gameIds}::text[]) WITH ORDINALITY AS t(game_id, ord)
        WHERE c.collection_id = ${id} AND c.game_id = t.game_id`.execute(trx);
    });
  }

  async retitle(id: string, gameId: string, title: string): Promise<void> {
    await this.locked(id, async (trx) => {
      const r = await trx
        .updateTable('collection_games')
        .set({ chapter_title: title })
        .where('collection_id', '=', id)
        .where('game_id', '=', gameId)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) === 0) throw refuse('COLLECTION_GAME_ABSENT');
    });
  }

  /** Collections, newest change first: a creator's (private ones when asked) or every public one. */
  async list(
    who: { creatorId?: string; withPrivate: boolean },
    limit: number,
    offset: number,
  ): Promise<Page<CollectionRow>> {
    let q = this.db.selectFrom('collections');
    if (who.creatorId) q = q.where('creator_id', '=', who.creatorId);
    if (!who.withPrivate) q = q.where('public', '=', true);
    const [rows, count] = await Promise.all([
      q
        .selectAll()
        .orderBy('updated_at', 'desc')
        .orderBy('id')
        .limit(limit)
        .offset(offset)
        .execute(),
      q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows: rows as CollectionRow[], total: Number(count.n) };
  }

  /** The public collections holding a game, and the viewer's own private ones. */
  async forGame(gameId: string, viewerId: string | undefined): Promise<CollectionRow[]> {
    const rows = await this.db
      .selectFrom('collections')
      .innerJoin('collection_games', 'collection_games.collection_id', 'collections.id')
      .selectAll('collections')
      .where('collection_games.game_id', '=', gameId)
      .where((eb) =>
        viewerId
          ? eb.or([
              eb('collections.public', '=', true),
              eb('collections.creator_id', '=', viewerId),
            ])
          : eb('collections.public', '=', true),
      )
      .orderBy('collections.updated_at', 'desc')
      .limit(200)
      .execute();
    return rows as CollectionRow[];
  }

  /** Every game id of a collection, in order (the comments feed reads them). */
  async gameIds(id: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('collection_games')
      .select('game_id')
      .where('collection_id', '=', id)
      .orderBy('position')
      .execute();
    return rows.map((r) => r.game_id);
  }
}
