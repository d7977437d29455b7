import { randomBytes } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Db } from '../../storage/database.ts';
import { INITIAL_DEVIATION, INITIAL_VOLATILITY, initialGlicko } from '../rating/index.ts';
import type { Glicko } from '../rating/index.ts';
import type { AttemptRow, PuzzleRow, PuzzleTables, StoredAnswer } from './migrations.ts';

export type PuzzleDb = Kysely<PuzzleTables>;
export type PuzzleTx = Transaction<PuzzleTables>;

/** A puzzle as the finder made it, ready to store. */
export interface NewPuzzle {
  lexicon: string;
  letterDistribution: string;
  boardLayout: string;
  variant: string;
  cgp: string;
  rack: string;
  position: unknown;
  turnNumber: number;
  answer: StoredAnswer;
  equivalents: readonly string[];
  tags: readonly string[];
  staticMargin: number | null;
  simMargin: number | null;
  sourceGameId: string | null;
  generatorJobId: string | null;
  gameSeed: number | null;
  /** The finder's difficulty estimate: the puzzle's starting rating. */
  difficulty: number;
}

export const newPuzzleId = () => randomBytes(9).toString('base64url');

/** A finite number for a real column (Infinity and NaN have no place in JSON or SQL). */
const finite = (n: number | null) => (n === null || !Number.isFinite(n) ? null : n);

/** The puzzle module's queries; the only code that touches its tables. */
export class PuzzleStore {
  readonly db: PuzzleDb;

  constructor(db: Db) {
    this.db = db.withTables<PuzzleTables>();
  }

  /** Stores new puzzles; a position already stored for the lexicon is skipped. Returns the ids stored. */
  async insert(list: readonly NewPuzzle[]): Promise<string[]> {
    if (list.length === 0) return [];
    const rows = await this.db
      .insertInto('puzzles')
      .values(
        list.map((p) => ({
          id: newPuzzleId(),
          lexicon: p.lexicon,
          letter_distribution: p.letterDistribution,
          board_layout: p.boardLayout,
          variant: p.variant,
          cgp: p.cgp,
          rack: p.rack,
          position: p.position === null ? null : JSON.stringify(p.position),
          turn_number: p.turnNumber,
          answer: JSON.stringify(p.answer) as unknown as StoredAnswer,
          equivalents: JSON.stringify(p.equivalents) as unknown as string[],
          tags: [...p.tags],
          static_margin: finite(p.staticMargin),
          sim_margin: finite(p.simMargin),
          source_game_id: p.sourceGameId,
          generator_job_id: p.generatorJobId,
          game_seed: p.gameSeed,
          rating: p.difficulty,
          deviation: INITIAL_DEVIATION,
          volatility: INITIAL_VOLATILITY,
        })),
      )
      .onConflict((oc) => oc.columns(['lexicon', 'cgp']).doNothing())
      .returning('id')
      .execute();
    return rows.map((r) => r.id);
  }

  puzzle(id: string, q: PuzzleDb = this.db): Promise<PuzzleRow | undefined> {
    return q.selectFrom('puzzles').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async puzzleCount(lexicon?: string): Promise<number> {
    let q = this.db.selectFrom('puzzles').select((eb) => eb.fn.countAll<string>().as('n'));
    if (lexicon) q = q.where('lexicon', '=', lexicon);
    return Number((await q.executeTakeFirstOrThrow()).n);
  }

  /**
   * The unseen puzzle closest to `rating`: the (lexicon, rating) index is
   * walked up and down from the rating, so the window widens until a puzzle
   * fits, skipping those without every tag asked for and those the user has
   * opened. The user's opened puzzles are read once into a hashed set (NOT IN
   * over a materialized CTE), so stepping over thousands of them costs a hash
   * probe each rather than an index probe (decision 0090). Null when the user
   * has seen the whole pool.
   */
  async closestUnseen(
    userId: string,
    lexicon: string,
    rating: number,
    tags: readonly string[],
  ): Promise<{ id: string; rating: number } | null> {
    const tagged = tags.length > 0 ? sql`AND p.tags @> ${sql.val([...tags])}::text[]` : sql``;
    const side = (up: boolean) => sql`(
      SELECT p.id, p.rating FROM puzzles p
      WHERE p.lexicon = ${lexicon} AND p.rating ${up ? sql`>=` : sql`<`} ${rating} ${tagged}
        AND p.id NOT IN (SELECT puzzle_id FROM seen)
      ORDER BY p.rating ${up ? sql`ASC` : sql`DESC`}, p.id ${up ? sql`ASC` : sql`DESC`}
      LIMIT 1)`;
    const { rows } = await sql<{ id: string; rating: number }>`
      WITH seen AS MATERIALIZED (
        SELECT puzzle_id FROM puzzle_attempts WHERE user_id = ${userId} AND lexicon = ${lexicon})
      ${side(true)} UNION ALL ${side(false)}`.execute(this.db);
    const above = rows.find((r) => r.rating >= rating);
    const below = rows.find((r) => r.rating < rating);
    if (!above) return below ?? null;
    if (!below) return above;
    return above.rating - rating <= rating - below.rating ? above : below;
  }

  /** Once the pool is exhausted: the matching puzzle the user opened longest ago (not `except`). */
  async leastRecentlySeen(
    userId: string,
    lexicon: string,
    tags: readonly string[],
    except: string | null,
  ): Promise<string | null> {
    let q = this.db
      .selectFrom('puzzle_attempts as a')
      .innerJoin('puzzles as p', 'p.id', 'a.puzzle_id')
      .select('p.id')
      .where('a.user_id', '=', userId)
      .where('a.lexicon', '=', lexicon);
    if (tags.length > 0) q = q.where(sql<boolean>`p.tags @> ${sql.val([...tags])}::text[]`);
    if (except) q = q.where('p.id', '!=', except);
    const row = await q
      .orderBy(sql`coalesce(a.last_attempt_at, a.first_seen_at)`, 'asc')
      .orderBy('a.seq', 'asc')
      .limit(1)
      .executeTakeFirst();
    return row?.id ?? null;
  }

  /** Any puzzle of the lexicon with the tags (to tell "none at all" from "all seen"). */
  async anyPuzzle(lexicon: string, tags: readonly string[]): Promise<boolean> {
    let q = this.db.selectFrom('puzzles').select('id').where('lexicon', '=', lexicon);
    if (tags.length > 0) q = q.where(sql<boolean>`tags @> ${sql.val([...tags])}::text[]`);
    return !!(await q.limit(1).executeTakeFirst());
  }

  /** The user's latest opened and still unanswered puzzle of the lexicon with the tags. */
  async latestUnanswered(
    userId: string,
    lexicon: string,
    tags: readonly string[],
  ): Promise<string | null> {
    let q = this.db
      .selectFrom('puzzle_attempts as a')
      .innerJoin('puzzles as p', 'p.id', 'a.puzzle_id')
      .select('p.id')
      .where('a.user_id', '=', userId)
      .where('a.lexicon', '=', lexicon)
      .where('a.status', '=', 'UNANSWERED');
    if (tags.length > 0) q = q.where(sql<boolean>`p.tags @> ${sql.val([...tags])}::text[]`);
    const row = await q.orderBy('a.seq', 'desc').limit(1).executeTakeFirst();
    return row?.id ?? null;
  }

  attempt(userId: string, puzzleId: string, q: PuzzleDb = this.db) {
    return q
      .selectFrom('puzzle_attempts')
      .selectAll()
      .where('user_id', '=', userId)
      .where('puzzle_id', '=', puzzleId)
      .executeTakeFirst();
  }

  /** Records that the user opened the puzzle (once); returns their attempt row. */
  async open(userId: string, p: PuzzleRow): Promise<AttemptRow> {
    await this.db
      .insertInto('puzzle_attempts')
      .values({
        user_id: userId,
        puzzle_id: p.id,
        lexicon: p.lexicon,
        status: 'UNANSWERED',
        attempts: 0,
        first_attempt_correct: null,
        first_attempt_at: null,
        user_rating_after: null,
        user_deviation_after: null,
        puzzle_rating_after: null,
        last_attempt_at: null,
      })
      .onConflict((oc) => oc.columns(['user_id', 'puzzle_id']).doNothing())
      .execute();
    return (await this.attempt(userId, p.id))!;
  }

  /** The puzzle the user opened before `puzzleId` in its lexicon (the latest opened when they never opened it). */
  async previous(userId: string, lexicon: string, puzzleId: string): Promise<string | null> {
    const current = await this.attempt(userId, puzzleId);
    let q = this.db
      .selectFrom('puzzle_attempts')
      .select('puzzle_id')
      .where('user_id', '=', userId)
      .where('lexicon', '=', lexicon)
      .where('puzzle_id', '!=', puzzleId);
    if (current) q = q.where('seq', '<', current.seq!);
    const row = await q.orderBy('seq', 'desc').limit(1).executeTakeFirst();
    return row?.puzzle_id ?? null;
  }

  /** A user's puzzle rating in a lexicon (the starting rating when unrated). */
  async userRating(userId: string, lexicon: string, q: PuzzleDb = this.db) {
    const row = await q
      .selectFrom('puzzle_ratings')
      .selectAll()
      .where('user_id', '=', userId)
      .where('lexicon', '=', lexicon)
      .executeTakeFirst();
    return row ?? { user_id: userId, lexicon, ...initialGlicko(), rated_count: 0 };
  }

  async saveUserRating(tx: PuzzleTx, userId: string, lexicon: string, r: Glicko): Promise<void> {
    await tx
      .insertInto('puzzle_ratings')
      .values({ user_id: userId, lexicon, ...r, rated_count: 1 })
      .onConflict((oc) =>
        oc.columns(['user_id', 'lexicon']).doUpdateSet({
          rating: r.rating,
          deviation: r.deviation,
          volatility: r.volatility,
          rated_count: sql`puzzle_ratings.rated_count + 1`,
          updated_at: sql`now()`,
        }),
      )
      .execute();
  }

  /**
   * Sets the user's one vote on the puzzle (0 removes it) and returns the
   * puzzle's total. The puzzle's row is locked first: it always exists, so
   * every vote on the puzzle waits for the one before it (locking the vote's
   * own row locked nothing when it did not exist yet, and parallel first votes
   * each added their delta). The total is then derived from the votes table,
   * never adjusted by a delta, so it is the table's sum whatever ran before.
   */
  async vote(userId: string, puzzleId: string, vote: number): Promise<number> {
    return this.db.transaction().execute(async (tx) => {
      const locked = await tx
        .selectFrom('puzzles')
        .select('id')
        .where('id', '=', puzzleId)
        .forUpdate()
        .executeTakeFirst();
      if (!locked) return 0;
      if (vote === 0) {
        await tx
          .deleteFrom('puzzle_votes')
          .where('user_id', '=', userId)
          .where('puzzle_id', '=', puzzleId)
          .execute();
      } else {
        await tx
          .insertInto('puzzle_votes')
          .values({ user_id: userId, puzzle_id: puzzleId, vote })
          .onConflict((oc) => oc.columns(['user_id', 'puzzle_id']).doUpdateSet({ vote }))
          .execute();
      }
      const row = await tx
        .updateTable('puzzles')
        .set({
          vote_total: sql<number>`(SELECT coalesce(sum(v.vote), 0)::integer FROM puzzle_votes v
            WHERE v.puzzle_id = ${puzzleId})`,
        })
        .where('id', '=', puzzleId)
        .returning('vote_total')
        .executeTakeFirstOrThrow();
      return row.vote_total ?? 0;
    });
  }

  async userVote(userId: string, puzzleId: string): Promise<number> {
    const row = await this.db
      .selectFrom('puzzle_votes')
      .select('vote')
      .where('user_id', '=', userId)
      .where('puzzle_id', '=', puzzleId)
      .executeTakeFirst();
    return row?.vote ?? 0;
  }

  /** Puzzle counts per lexicon and per tag. */
  async lexiconCounts(): Promise<
    { lexicon: string; count: number; tags: { tag: string; count: number }[] }[]
  > {
    const totals = await this.db
      .selectFrom('puzzles')
      .select(['lexicon', (eb) => eb.fn.countAll<string>().as('n')])
      .groupBy('lexicon')
      .orderBy('lexicon')
      .execute();
    const byTag = await sql<{ lexicon: string; tag: string; n: string }>`
      SELECT lexicon, tag, count(*) AS n FROM puzzles, unnest(tags) AS tag
      GROUP BY lexicon, tag`.execute(this.db);
    return totals.map((t) => ({
      lexicon: t.lexicon,
      count: Number(t.n),
      tags: byTag.rows
        .filter((r) => r.lexicon === t.lexicon)
        .map((r) => ({ tag: r.tag, count: Number(r.n) })),
    }));
  }

  /** A user's opened puzzles, newest first. */
  history(userId: string, lexicon: string, offset: number, limit: number) {
    let q = this.db.selectFrom('puzzle_attempts').selectAll().where('user_id', '=', userId);
    if (lexicon) q = q.where('lexicon', '=', lexicon);
    return q.orderBy('seq', 'desc').offset(offset).limit(limit).execute();
  }

  /** The user's rating after each rated first attempt, oldest first (the last `limit`). */
  async ratingHistory(userId: string, lexicon: string, limit: number) {
    let q = this.db
      .selectFrom('puzzle_attempts')
      .select(['lexicon', 'first_attempt_at', 'user_rating_after', 'user_deviation_after'])
      .where('user_id', '=', userId)
      .where('user_rating_after', 'is not', null);
    if (lexicon) q = q.where('lexicon', '=', lexicon);
    const rows = await q.orderBy('first_attempt_at', 'desc').limit(limit).execute();
    return rows.reverse();
  }

  userRatings(userId: string) {
    return this.db
      .selectFrom('puzzle_ratings')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('lexicon')
      .execute();
  }
}
