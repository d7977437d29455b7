import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Db } from '../../storage/database.ts';
import type { Migration } from '../../storage/migrate.ts';

export const commentMigrations: Migration[] = [
  {
    name: '0001_game_comments',
    async up(db) {
      await sql`CREATE TABLE game_comments (
        id text PRIMARY KEY,
        game_id text NOT NULL,
        user_id text NOT NULL,
        event_number integer NOT NULL,
        comment text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        edited_at timestamptz
      )`.execute(db);
      await sql`CREATE INDEX game_comments_game ON game_comments(game_id, created_at)`.execute(db);
      await sql`CREATE INDEX game_comments_recent ON game_comments(created_at DESC, id)`.execute(
        db,
      );
    },
  },
];

export interface CommentRow {
  id: string;
  game_id: string;
  user_id: string;
  event_number: number;
  comment: string;
  created_at: Date;
  edited_at: Date | null;
}

type Tables = {
  game_comments: Omit<CommentRow, 'created_at' | 'edited_at'> & {
    created_at?: Date;
    edited_at?: Date | null;
  };
};

/** The game_comments table: one row per comment on one event of one game. */
export class Comments {
  private readonly db: Kysely<Tables>;

  constructor(db: Db) {
    this.db = db.withTables<Tables>();
  }

  async add(gameId: string, userId: string, eventNumber: number, comment: string) {
    const id = randomUUID();
    await this.db
      .insertInto('game_comments')
      .values({ id, game_id: gameId, user_id: userId, event_number: eventNumber, comment })
      .execute();
    return id;
  }

  async get(id: string): Promise<CommentRow | undefined> {
    return (await this.db
      .selectFrom('game_comments')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst()) as CommentRow | undefined;
  }

  async edit(id: string, comment: string) {
    await this.db
      .updateTable('game_comments')
      .set({ comment, edited_at: new Date() })
      .where('id', '=', id)
      .execute();
  }

  async delete(id: string) {
    await this.db.deleteFrom('game_comments').where('id', '=', id).execute();
  }

  /** A game's comments, oldest first. */
  async ofGame(gameId: string): Promise<CommentRow[]> {
    return (await this.db
      .selectFrom('game_comments')
      .selectAll()
      .where('game_id', '=', gameId)
      .orderBy('created_at')
      .orderBy('id')
      .execute()) as CommentRow[];
  }

  /** The newest comments, of every game or of the given games. */
  async recent(
    gameIds: string[] | undefined,
    limit: number,
    offset: number,
  ): Promise<{ rows: CommentRow[]; total: number }> {
    let q = this.db.selectFrom('game_comments');
    if (gameIds) {
      if (gameIds.length === 0) return { rows: [], total: 0 };
      // One array parameter, not one parameter per game (a collection may hold thousands).
      q = q.where(sql<boolean>`game_id = ANY(${gameIds}::text[])`);
    }
    const [rows, count] = await Promise.all([
      q
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows: rows as CommentRow[], total: Number(count.n) };
  }
}
