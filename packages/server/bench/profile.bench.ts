import { performance } from 'node:perf_hooks';
import { makeEvent, type GameEvent } from '@tessera/engine';
import { DEFAULT_LEXICON } from '@tessera/lexica';
import { sql } from 'kysely';
import { startBenchServer } from './bench-server.ts';

type Emit = (record: Record<string, unknown>) => void;

/** A game's log as the statistics read it: 24 plays (a bingo among them), a phony taken off, the end. */
function template(): GameEvent[] {
  const words = ['QI', 'ZA', 'RETAINS', 'JO', 'XU', 'OXO', 'AA', 'EH', 'TA', 'ZZZQ', 'AT', 'ID'];
  const out: GameEvent[] = [];
  for (let i = 0; i < 24; i++) {
    const w = words[i % words.length];
    out.push(
      makeEvent('TILE_PLACEMENT_MOVE', i % 2, {
        playedTiles: w,
        wordsFormed: [w, 'AB'],
        score: 10 + i,
        position: '8D',
      }),
    );
    if (i === 5) out.push(makeEvent('PHONY_TILES_RETURNED', 1, { lostScore: 15 }));
  }
  out.push(makeEvent('END_RACK_PTS', 0, { endRackPoints: 12, rack: 'AE' }));
  return out;
}

const p99 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.99)];

/**
 * Statistics and profiles at scale (issue 38):
 * - stats-rebuild: `tessera stats rebuild`'s work (read every finished game's
 *   log in batches, fold it with the engine, replace the table) over N games
 *   written straight into the tables, 26 events each; the target is 2,000
 *   games/s on one core with 100,000 games;
 * - profile-get and profile-games: GetProfile and the game table's GetGames
 *   over real HTTP for a player with 10,000 finished games (and as many
 *   rating changes), p99 of 200 calls each; the target is under 50 ms.
 * Environment: TESSERA_PROFILE_BENCH_GAMES (default 100000),
 * TESSERA_PROFILE_BENCH_DATABASE_URL (a PostgreSQL server; else PGlite).
 */
export async function bench(emit: Emit): Promise<void> {
  const count = Number(process.env.TESSERA_PROFILE_BENCH_GAMES ?? 100_000);
  const own = Math.min(10_000, count);
  const base = process.env.TESSERA_PROFILE_BENCH_DATABASE_URL;
  const { server, dispose } = await startBenchServer('profile', base);
  try {
    const db = server.core.database.db;
    const accounts = server.core.accounts;
    const me = await accounts.register({
      username: 'benchplayer',
      password: 'correct horse',
      email: 'bench@example.com',
      birthDate: '1980-01-01',
      firstName: '',
      lastName: '',
      countryCode: 'fr',
    });
    const others: string[] = [];
    for (let i = 0; i < 20; i++) {
      const a = await accounts.register({
        username: `benchopp${i}`,
        password: 'correct horse',
        email: `opp${i}@example.com`,
        birthDate: '1980-01-01',
        firstName: '',
        lastName: '',
        countryCode: '',
      });
      others.push(a.id);
    }
    const events = JSON.stringify(template());
    const key = `${DEFAULT_LEXICON}.classic.rapid`;
    const request = JSON.stringify({
      lexicon: DEFAULT_LEXICON,
      variant: 'classic',
      challengeRule: 'DOUBLE',
      initialTimeSeconds: 600,
      incrementSeconds: 0,
      maxOvertimeMinutes: 1,
      correspondence: false,
      rated: true,
      botType: '',
      requestId: '',
      originalRequestId: '',
      timeBankMinutes: 0,
    });
    const setup = JSON.stringify({
      options: { lexicon: DEFAULT_LEXICON, variant: 'classic', challengeRule: 'DOUBLE' },
      start: null,
      racksDrawn: true,
    });
    const clock = JSON.stringify({
      remaining: [100_000, 90_000],
      bank: [0, 0],
      incrementMs: 0,
      maxOvertimeMs: 60_000,
      perTurnMs: 0,
      correspondence: false,
      running: -1,
      since: 0,
      added: [0, 0],
    });
    const t0 = performance.now();
    await sql`INSERT INTO games (id, setup, request, player0_id, player1_id, rated, correspondence,
        rating_key, play_state, end_reason, winner, score0, score1, event_count, clock, ended_at)
      SELECT 'bench' || i, ${setup}::jsonb, ${request}::jsonb,
        CASE WHEN i <= ${own} THEN ${me.id} ELSE (${sql.lit(`{${others.join(',')}}`)}::text[])[1 + i % 20] END,
        (${sql.lit(`{${others.join(',')}}`)}::text[])[1 + (i * 7 + 3) % 20],
        true, false, ${key}, 'GAME_OVER', 'STANDARD', i % 2, 400, 380, 26, ${clock}::jsonb,
        now() - make_interval(secs => i)
      FROM generate_series(1, ${count}) i`.execute(db);
    await sql`INSERT INTO game_events (game_id, idx, event)
      SELECT 'bench' || i, e.n - 1, e.ev
      FROM generate_series(1, ${count}) i,
        jsonb_array_elements(${events}::jsonb) WITH ORDINALITY AS e(ev, n)`.execute(db);
    await sql`INSERT INTO rating_changes (game_id, user_id, rating_key, before, after, deviation, created_at)
      SELECT 'bench' || i, ${me.id}, ${key}, 1500 + i % 300, 1500 + (i + 1) % 300, 60,
        now() - make_interval(secs => i)
      FROM generate_series(1, ${own}) i`.execute(db);
    await sql`INSERT INTO ratings (user_id, rating_key, rating, deviation, volatility, games)
      VALUES (${me.id}, ${key}, 1700, 60, 0.06, ${own})`.execute(db);
    await sql`VACUUM ANALYZE`.execute(db);
    const seeded = performance.now() - t0;

    const r0 = performance.now();
    const rebuilt = await server.services.stats.rebuild();
    const ms = performance.now() - r0;
    emit({
      bench: 'stats-rebuild',
      games: rebuilt,
      seconds: +(ms / 1000).toFixed(2),
      gamesPerSec: Math.round((rebuilt * 1000) / ms),
      seedSeconds: +(seeded / 1000).toFixed(1),
      database: base ? 'postgresql' : 'pglite',
    });

    const login = await fetch(`${server.url}/api/tessera.v1.AuthenticationService/Login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'benchopp0', password: 'correct horse' }),
    });
    const cookie = login.headers.getSetCookie()[0].split(';')[0];
    const timed = async (method: string, body: unknown) => {
      const times: number[] = [];
      for (let i = 0; i < 200; i++) {
        const t = performance.now();
        const res = await fetch(`${server.url}/api/tessera.v1.ProfileService/${method}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie },
          body: JSON.stringify(typeof body === 'function' ? body(i) : body),
        });
        if (!res.ok) throw new Error(`${method}: ${res.status} ${await res.text()}`);
        await res.arrayBuffer();
        times.push(performance.now() - t);
      }
      return times;
    };
    const profile = await timed('GetProfile', { username: 'benchplayer' });
    emit({ bench: 'profile-get', games: own, p99Ms: +p99(profile).toFixed(1) });
    const games = await timed('GetGames', (i: number) => ({
      username: 'benchplayer',
      offset: (i * 24 * 17) % own,
    }));
    emit({ bench: 'profile-games', games: own, p99Ms: +p99(games).toFixed(1) });
  } finally {
    await dispose();
  }
}
