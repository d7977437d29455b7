import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { DEFAULT_LEXICON } from '@tessera/lexica';
import { sql } from 'kysely';
import { startBenchServer } from './bench-server.ts';
import { PuzzleStore } from '../src/modules/puzzle/index.ts';

type Emit = (record: Record<string, unknown>) => void;

/**
 * GetNextClosestRatingPuzzleId over real HTTP with many puzzles stored (the
 * target: under 20 ms with 100,000). Puzzles are written straight into the
 * table (ratings spread 800-2600, tags like a generated set's); each figure is
 * the latency of calls by one signed-in user:
 * - fresh: a user who has seen nothing;
 * - seen: a user who has already opened the 5,000 puzzles nearest their rating,
 *   so the index walk has to step over all of them;
 * - theme: a fresh user asking for a tag 1 puzzle in 20 carries.
 * - baseline: GetSession by the same user, the cost of any signed-in call.
 * Tables are vacuumed after seeding, as the puzzle module does after each
 * generation job and daily (embedded PGlite has no autovacuum; without it the
 * walk reads the heap for every row and the 5,000-seen case is 3x slower).
 * Environment: TESSERA_PUZZLE_BENCH_COUNT (default 100000), TESSERA_PUZZLE_BENCH_CALLS
 * (default 300), TESSERA_PUZZLE_BENCH_DATABASE_URL (a PostgreSQL server; else PGlite).
 */
export async function bench(emit: Emit): Promise<void> {
  const count = Number(process.env.TESSERA_PUZZLE_BENCH_COUNT ?? 100_000);
  const calls = Number(process.env.TESSERA_PUZZLE_BENCH_CALLS ?? 300);
  const base = process.env.TESSERA_PUZZLE_BENCH_DATABASE_URL;
  const { server, dispose } = await startBenchServer('puzzle', base);
  try {
    const db = server.core.database.db;
    const t0 = performance.now();
    await sql`INSERT INTO puzzles (id, lexicon, letter_distribution, board_layout, variant, cgp,
        rack, turn_number, answer, tags, rating, deviation, volatility)
      SELECT 'bench' || i, ${DEFAULT_LEXICON}, 'english', 'CrosswordGame', 'classic',
        'bench-cgp-' || i, 'AEINRST', 5,
        '{"text":"8D RETAINS","row":7,"col":3,"vertical":false,"playedTiles":"RETAINS","score":74,"equity":74,"isBingo":true,"words":["RETAINS"],"tilesPlayed":7}',
        CASE WHEN i % 20 = 0 THEN ARRAY['EQUITY','BINGO','BLANK_BINGO']
             WHEN i % 4 = 0 THEN ARRAY['EQUITY','BINGO']
             ELSE ARRAY['EQUITY','NON_BINGO'] END,
        800 + (hashint(i) % 1800), 350, 0.06
      FROM generate_series(1, ${count}) AS i`
      .execute(db)
      .catch(async () => {
        // hashint is PostgreSQL-only in some builds; a portable spread instead.
        await sql`INSERT INTO puzzles (id, lexicon, letter_distribution, board_layout, variant, cgp,
            rack, turn_number, answer, tags, rating, deviation, volatility)
          SELECT 'bench' || i, ${DEFAULT_LEXICON}, 'english', 'CrosswordGame', 'classic',
            'bench-cgp-' || i, 'AEINRST', 5,
            '{"text":"8D RETAINS","row":7,"col":3,"vertical":false,"playedTiles":"RETAINS","score":74,"equity":74,"isBingo":true,"words":["RETAINS"],"tilesPlayed":7}',
            CASE WHEN i % 20 = 0 THEN ARRAY['EQUITY','BINGO','BLANK_BINGO']
                 WHEN i % 4 = 0 THEN ARRAY['EQUITY','BINGO']
                 ELSE ARRAY['EQUITY','NON_BINGO'] END,
            800 + ((i * 7919) % 1800), 350, 0.06
          FROM generate_series(1, ${count}) AS i`.execute(db);
      });
    await sql`VACUUM ANALYZE puzzles`.execute(db);
    emit({
      bench: 'puzzle.seed',
      puzzles: count,
      ms: Math.round(performance.now() - t0),
      database: server.core.database.kind,
    });

    const user = async () => {
      const name = `bench${randomBytes(4).toString('hex')}`;
      const r = await fetch(`${server.url}/api/tessera.v1.RegistrationService/Register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          username: name,
          password: 'correct horse',
          email: `${name}@example.com`,
          birthDate: '1990-05-17',
        }),
      });
      const cookie = r.headers
        .getSetCookie()
        .find((c) => c.startsWith('tessera_session='))!
        .split(';')[0];
      const s = (await (
        await fetch(`${server.url}/api/tessera.v1.AuthenticationService/GetSession`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie },
          body: '{}',
        })
      ).json()) as { userId: string };
      return { cookie, id: s.userId };
    };

    const measure = async (
      name: string,
      cookie: string,
      tags: string[],
      path = 'PuzzleService/GetNextClosestRatingPuzzleId',
    ) => {
      const times: number[] = [];
      for (let i = 0; i < calls + 20; i++) {
        const t = performance.now();
        const r = await fetch(`${server.url}/api/tessera.v1.${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie },
          body: JSON.stringify(path.startsWith('Puzzle') ? { lexicon: DEFAULT_LEXICON, tags } : {}),
        });
        await r.text();
        if (r.status !== 200) throw new Error(`${name}: status ${r.status}`);
        if (i >= 20) times.push(performance.now() - t); // the first calls warm up
      }
      times.sort((a, b) => a - b);
      const at = (q: number) => Math.round(times[Math.floor(q * (times.length - 1))] * 100) / 100;
      emit({
        bench: `puzzle.next.${name}`,
        puzzles: count,
        calls,
        p50Ms: at(0.5),
        p95Ms: at(0.95),
        p99Ms: at(0.99),
        maxMs: at(1),
        database: server.core.database.kind,
      });
    };

    // The floor: a signed-in call that reads only the session.
    const first = await user();
    await measure('baseline', first.cookie, [], 'AuthenticationService/GetSession');
    await measure('fresh', first.cookie, []);
    const seen = await user();
    await sql`INSERT INTO puzzle_attempts (user_id, puzzle_id, lexicon)
      SELECT ${seen.id}, id, lexicon FROM puzzles ORDER BY abs(rating - 1500) LIMIT 5000`.execute(
      db,
    );
    await sql`VACUUM ANALYZE puzzle_attempts`.execute(db);
    await measure('seen5000', seen.cookie, []);
    // The query alone, in this process (no HTTP, no session): what the index design buys.
    const store = new PuzzleStore(db);
    const query = async (name: string, userId: string, tags: string[]) => {
      const times: number[] = [];
      for (let i = 0; i < calls + 20; i++) {
        const t = performance.now();
        const r = (await store.userRating(userId, DEFAULT_LEXICON)).rating;
        await store.closestUnseen(userId, DEFAULT_LEXICON, r, tags);
        if (i >= 20) times.push(performance.now() - t);
      }
      times.sort((a, b) => a - b);
      const at = (q: number) => Math.round(times[Math.floor(q * (times.length - 1))] * 100) / 100;
      emit({
        bench: `puzzle.query.${name}`,
        puzzles: count,
        calls,
        p50Ms: at(0.5),
        p95Ms: at(0.95),
        p99Ms: at(0.99),
        database: server.core.database.kind,
      });
    };
    await query('fresh', first.id, []);
    await query('seen5000', seen.id, []);
    await query('theme', first.id, ['BLANK_BINGO']);
    await measure('theme', (await user()).cookie, ['PUZZLE_TAG_BLANK_BINGO']);
  } finally {
    await dispose();
  }
}
