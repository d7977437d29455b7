import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { type GameDocument, type GameState, toDocument } from '@tessera/engine';
import { tagsMatch, type PuzzleTag } from '@tessera/engine/ai';
import type { Logger } from 'pino';
import type { JobRow } from './migrations.ts';
import type { FinderReply, FinderRequest } from './finder-job.ts';
import type { JobRequest } from './job-request.ts';
import type { PuzzleStore } from './store.ts';

/** How the generator reads stored human games (the game module's API, in the server). */
export interface FinishedGames {
  endedBetween(
    from: { at: Date; afterId: string },
    to: Date,
    opts: { lexicon: string; withoutBots: boolean; limit: number },
  ): Promise<{ id: string; bot_index: number; ended_at: Date | null }[]>;
  document(id: string): Promise<GameDocument | null>;
}

export interface GeneratorDeps {
  store: PuzzleStore;
  run(req: FinderRequest): Promise<FinderReply>;
  games?: FinishedGames;
  log: Logger;
  /** Bot games: a chunk stops after the game that crosses this much time. */
  chunkBudgetMs?: number;
}

/** Stored games read per chunk at most. */
const GAMES_PER_CHUNK = 20;
/** Bot games played per chunk at most. */
const BOT_GAMES_PER_CHUNK = 50;
const DAY_MS = 86_400_000;

export const gameDocument = (g: GameState): GameDocument => toDocument(g);

/**
 * Puzzle generation jobs (docs/product/community.md §3): a job row holds the
 * request and its progress, and the work is done in chunks (a few bot games,
 * or one window of days of stored games) so that progress is stored as it
 * goes and a restarted server carries on where the last chunk ended.
 */
export class PuzzleGenerator {
  constructor(private readonly d: GeneratorDeps) {}

  /** Stores a new job; returns its id (null when `fixedId` is taken). */
  async create(
    request: JobRequest,
    requestedBy: string | null,
    fixedId?: string,
    seed?: number,
  ): Promise<string | null> {
    const id = fixedId ?? randomBytes(9).toString('base64url');
    const made = await this.d.store.db
      .insertInto('puzzle_jobs')
      .values({
        id,
        request: JSON.stringify(request),
        seed: seed ?? randomBytes(4).readUInt32BE(0),
        chunks: 0,
        games_considered: 0,
        puzzles_created: 0,
        bucket_counts: JSON.stringify(request.buckets.map(() => 0)) as unknown as number[],
        cursor_date: request.botVsBot ? null : new Date(`${request.startDate}T00:00:00Z`),
        cursor_id: '',
        fulfilled: false,
        error_status: null,
        requested_by: requestedBy,
        completed_at: null,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .executeTakeFirst();
    return made ? id : null;
  }

  job(id: string): Promise<JobRow | undefined> {
    return this.d.store.db
      .selectFrom('puzzle_jobs')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Newest first. */
  logs(offset: number, limit: number): Promise<JobRow[]> {
    return this.d.store.db
      .selectFrom('puzzle_jobs')
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .offset(offset)
      .limit(limit)
      .execute();
  }

  /**
   * Refreshes the visibility map and statistics of the puzzle tables, so the
   * next-puzzle walk stays an index-only scan (decision 0090). PostgreSQL's
   * autovacuum does this on its own; embedded PGlite has none.
   */
  async vacuum(): Promise<void> {
    await sql`VACUUM ANALYZE puzzles`.execute(this.d.store.db);
    await sql`VACUUM ANALYZE puzzle_attempts`.execute(this.d.store.db);
  }

  /** Marks the job as held by this process until `until` (null releases it). */
  async hold(id: string, until: Date | null): Promise<void> {
    await this.d.store.db
      .updateTable('puzzle_jobs')
      .set({ running_until: until })
      .where('id', '=', id)
      .execute();
  }

  async fail(id: string, error: string): Promise<void> {
    await this.d.store.db
      .updateTable('puzzle_jobs')
      .set({ error_status: error.slice(0, 500), completed_at: new Date() })
      .where('id', '=', id)
      .where('completed_at', 'is', null)
      .execute();
  }

  /** Runs a job to its end here and now (the CLI, tests); returns its final row. */
  async runToEnd(id: string): Promise<JobRow> {
    while (!(await this.runChunk(id)));
    await this.vacuum();
    return (await this.job(id))!;
  }

  /** Runs the job's next chunk and stores its progress; true when the job is complete. */
  async runChunk(id: string): Promise<boolean> {
    const job = await this.job(id);
    if (!job || job.completed_at) return true;
    const r = job.request as JobRequest;
    const counts = [...job.bucket_counts];
    const created = { n: job.puzzles_created };
    const left = r.gameConsiderationLimit - job.games_considered;
    const full = () =>
      created.n >= r.gameCreationLimit ||
      (r.buckets.length > 0 && r.buckets.every((b, i) => counts[i] >= b.size));
    let considered = 0;
    let cursor: { at: Date | null; id: string } = { at: job.cursor_date, id: job.cursor_id };
    let exhausted = false;

    if (left > 0 && !full()) {
      let reply: FinderReply;
      if (r.botVsBot) {
        reply = await this.d.run({
          kind: 'bots',
          lexicon: r.lexicon,
          letterDistribution: r.letterDistribution,
          jobSeed: Number(job.seed),
          from: job.games_considered,
          maxGames: Math.min(left, BOT_GAMES_PER_CHUNK),
          budgetMs: this.d.chunkBudgetMs ?? 3000,
          equityLossLimit: r.equityLossTotalLimit,
          sim: r.simulate === false ? false : undefined,
        });
      } else {
        const read = await this.storedGames(r, job, Math.min(left, GAMES_PER_CHUNK));
        reply = read.games.length
          ? await this.d.run({
              kind: 'games',
              lexicon: r.lexicon,
              games: read.games,
              budgetMs: this.d.chunkBudgetMs ?? 3000,
              equityLossLimit: r.equityLossTotalLimit,
              sim: r.simulate === false ? false : undefined,
            })
          : { games: [] };
        // The cursor moves past the games the worker got to (it stops on its time budget).
        const last = read.games[reply.games.length - 1];
        cursor =
          reply.games.length === read.games.length
            ? read.cursor
            : { at: last.endedAt, id: last.id };
        exhausted = read.exhausted;
      }
      for (const g of reply.games) {
        considered++;
        for (const p of g.puzzles) {
          if (full()) break;
          const tags = p.tags as PuzzleTag[];
          const bucket = r.buckets.findIndex(
            (b, i) =>
              counts[i] < b.size &&
              tagsMatch(tags, b.includes as PuzzleTag[], b.excludes as PuzzleTag[]),
          );
          if (r.buckets.length > 0 && bucket < 0) continue;
          const ids = await this.d.store.insert([{ ...p, generatorJobId: id }]);
          if (ids.length === 0) continue;
          created.n++;
          if (bucket >= 0) counts[bucket]++;
        }
      }
    }
    const total = job.games_considered + considered;
    const done =
      full() || total >= r.gameConsiderationLimit || exhausted || (r.botVsBot && considered === 0);
    await this.d.store.db
      .updateTable('puzzle_jobs')
      .set({
        chunks: job.chunks + 1,
        games_considered: total,
        puzzles_created: created.n,
        bucket_counts: JSON.stringify(counts) as unknown as number[],
        cursor_date: cursor.at,
        cursor_id: cursor.id,
        fulfilled: full(),
        completed_at: done ? new Date() : null,
      })
      .where('id', '=', id)
      .execute();
    this.d.log.info(
      { job: id, considered: total, created: created.n, done },
      'puzzle generation chunk',
    );
    return done;
  }

  /** The next stored games from the job's cursor, one window of daysPerChunk days at a time. */
  private async storedGames(r: JobRequest, job: JobRow, limit: number) {
    const games = this.d.games;
    if (!games) throw new Error('stored games are not available here; run the job on a server');
    let at = job.cursor_date ?? new Date(`${r.startDate}T00:00:00Z`);
    let afterId = job.cursor_id;
    const now = Date.now();
    const out: { id: string; document: GameDocument; players: number[]; endedAt: Date }[] = [];
    const day = (d: Date) => new Date(Math.floor(d.getTime() / DAY_MS) * DAY_MS);
    // One window of days per chunk; an empty window jumps to the next game's day.
    for (let tries = 0; tries < 3 && out.length === 0; tries++) {
      if (at.getTime() >= now) return { games: out, cursor: { at, id: afterId }, exhausted: true };
      const windowEnd = new Date(Math.min(now, day(at).getTime() + r.daysPerChunk * DAY_MS));
      const rows = await games.endedBetween({ at, afterId }, windowEnd, {
        lexicon: r.lexicon,
        withoutBots: r.avoidBotGames,
        limit,
      });
      for (const row of rows) {
        const document = await games.document(row.id);
        if (document) {
          // Only people's moves become puzzles: a bot's seat is left out.
          const players = [0, 1].filter((i) => i !== row.bot_index);
          out.push({ id: row.id, document, players, endedAt: row.ended_at ?? at });
        }
        at = row.ended_at ?? at;
        afterId = row.id;
      }
      if (rows.length === limit) break;
      at = windowEnd;
      afterId = '';
      if (out.length > 0) break;
      const next = await games.endedBetween({ at, afterId }, new Date(now), {
        lexicon: r.lexicon,
        withoutBots: r.avoidBotGames,
        limit: 1,
      });
      if (next.length === 0)
        return { games: out, cursor: { at: new Date(now), id: '' }, exhausted: true };
      at = day(next[0].ended_at ?? at);
    }
    return { games: out, cursor: { at, id: afterId }, exhausted: false };
  }
}
