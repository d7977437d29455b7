import { randomBytes } from 'node:crypto';
import { fromDocument, toDocument, type GameDocument, type GameState } from '@tessera/engine';
import { refuse } from '@tessera/protocol';
import type { Kysely } from 'kysely';
import type { Db } from '../../storage/database.ts';
import type { AnnotatedRow, AnnotatedTables } from './migrations.ts';

const ID_BYTES = 9;

/** The columns a list needs (everything but the document). */
const LIST_COLUMNS = [
  'id',
  'creator_id',
  'public',
  'finished',
  'player0',
  'player1',
  'lexicon',
  'description',
  'challenge_rule',
  'event_count',
  'score0',
  'score1',
  'created_at',
  'updated_at',
] as const;
export type AnnotatedListRow = Omit<AnnotatedRow, 'document'>;

function columnsOf(g: GameState) {
  return {
    finished: g.playState === 'GAME_OVER',
    player0: g.players[0].nickname,
    player1: g.players[1].nickname,
    lexicon: g.rules.lexicon,
    description: g.meta.description,
    challenge_rule: g.rules.challengeRule,
    event_count: g.events.length,
    score0: g.scores[0],
    score1: g.scores[1],
    document: JSON.stringify(toDocument(g)),
  };
}

/** A stored document back to a game; a row that no longer loads is a bug, not the user's doing. */
export function gameOf(row: AnnotatedRow): GameState {
  const r = fromDocument(JSON.parse(row.document) as GameDocument);
  if (!r.ok) throw new Error(`annotated game ${row.id} does not load: ${r.message}`);
  return r.value;
}

/** The annotated_games table. */
export class AnnotatedStore {
  private readonly db: Kysely<AnnotatedTables>;

  constructor(db: Db) {
    this.db = db.withTables<AnnotatedTables>();
  }

  async create(creatorId: string, g: GameState, isPublic: boolean): Promise<string> {
    const id = randomBytes(ID_BYTES).toString('base64url');
    g.meta.uid = g.meta.uid || id;
    g.meta.type = 'annotated';
    g.meta.createdAt = g.meta.createdAt || new Date().toISOString();
    await this.db
      .insertInto('annotated_games')
      .values({ id, creator_id: creatorId, public: isPublic, ...columnsOf(g) })
      .execute();
    return id;
  }

  async row(id: string): Promise<AnnotatedRow | undefined> {
    return this.db
      .selectFrom('annotated_games')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async brief(id: string): Promise<AnnotatedListRow | undefined> {
    return this.db
      .selectFrom('annotated_games')
      .select(LIST_COLUMNS)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /**
   * Change a game under its row lock: `edit` gets the current game and returns
   * the new one, or throws a refusal, in which case nothing is stored.
   */
  async change(
    id: string,
    userId: string,
    edit: (g: GameState, row: AnnotatedRow) => GameState,
  ): Promise<{ row: AnnotatedRow; game: GameState }> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('annotated_games')
        .selectAll()
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (!row) throw refuse('ANNO_NOT_FOUND');
      if (row.creator_id !== userId) throw refuse('ANNO_NOT_CREATOR');
      const game = edit(gameOf(row), row);
      const cols = columnsOf(game);
      const updated = await trx
        .updateTable('annotated_games')
        .set({ ...cols, updated_at: new Date() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return { row: updated, game };
    });
  }

  async setPublic(id: string, isPublic: boolean): Promise<void> {
    await this.db
      .updateTable('annotated_games')
      .set({ public: isPublic, updated_at: new Date() })
      .where('id', '=', id)
      .execute();
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('annotated_games').where('id', '=', id).execute();
  }

  /** Public games, newest first. */
  async recentPublic(limit: number, offset: number): Promise<AnnotatedListRow[]> {
    return this.db
      .selectFrom('annotated_games')
      .select(LIST_COLUMNS)
      .where('public', '=', true)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(limit)
      .offset(offset)
      .execute();
  }

  /** A creator's games, most recently changed first. */
  async ofCreator(
    creatorId: string,
    o: { withPrivate: boolean; unfinishedOnly: boolean; limit: number; offset: number },
  ): Promise<AnnotatedListRow[]> {
    let q = this.db
      .selectFrom('annotated_games')
      .select(LIST_COLUMNS)
      .where('creator_id', '=', creatorId);
    if (!o.withPrivate) q = q.where('public', '=', true);
    if (o.unfinishedOnly) q = q.where('finished', '=', false);
    return q.orderBy('updated_at', 'desc').orderBy('id').limit(o.limit).offset(o.offset).execute();
  }
}
