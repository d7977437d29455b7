import { performance } from 'node:perf_hooks';
import { DEFAULT_LEXICON } from '@tessera/lexica';
import { sql } from 'kysely';
import { startBenchServer } from './bench-server.ts';

type Emit = (record: Record<string, unknown>) => void;

const p99 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.99)];
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * A long collection (issue 40): N finished games (default 1,000) added one by
 * one through AddGameToCollection over real HTTP, then, p99 of 200 calls each:
 * - collection-open: GetCollection's first page (the collection and its first
 *   100 chapters: what the viewer needs to open); the target is under 100 ms;
 * - collection-last-page: the page holding the last chapters;
 * - collection-reorder: ReorderGames moving the last chapter to the front
 *   (every chapter renumbered), then back;
 * - collection-comments: the collection's comments feed, 10 of them.
 * Environment: TESSERA_COLLECTION_BENCH_CHAPTERS (default 1000),
 * TESSERA_COLLECTION_BENCH_DATABASE_URL (a PostgreSQL server; else PGlite).
 */
export async function bench(emit: Emit): Promise<void> {
  const count = Number(process.env.TESSERA_COLLECTION_BENCH_CHAPTERS ?? 1000);
  const base = process.env.TESSERA_COLLECTION_BENCH_DATABASE_URL;
  const { server, dispose } = await startBenchServer('collection', base);
  try {
    const db = server.core.database.db;
    const register = (username: string) =>
      server.core.accounts.register({
        username,
        password: 'correct horse',
        email: `${username}@example.com`,
        birthDate: '1980-01-01',
        firstName: '',
        lastName: '',
        countryCode: '',
      });
    const me = await register('benchcurator');
    const a = await register('benchplayera');
    const b = await register('benchplayerb');
    const request = JSON.stringify({ lexicon: DEFAULT_LEXICON, variant: 'classic' });
    const setup = JSON.stringify({
      options: { lexicon: DEFAULT_LEXICON, variant: 'classic', challengeRule: 'DOUBLE' },
      start: null,
      racksDrawn: true,
    });
    const clock = JSON.stringify({ remaining: [0, 0], running: -1, since: 0 });
    await sql`INSERT INTO games (id, setup, request, player0_id, player1_id, rated, correspondence,
        rating_key, play_state, end_reason, winner, score0, score1, event_count, clock, ended_at)
      SELECT 'cbench' || i, ${setup}::jsonb, ${request}::jsonb, ${a.id}, ${b.id}, false, false,
        '', 'GAME_OVER', 'STANDARD', 0, 400, 380, 26, ${clock}::jsonb, now()
      FROM generate_series(1, ${count}) i`.execute(db);

    const login = await fetch(`${server.url}/api/tessera.v1.AuthenticationService/Login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'benchcurator', password: 'correct horse' }),
    });
    const cookie = login.headers.getSetCookie()[0].split(';')[0];
    const call = async (service: string, method: string, body: unknown) => {
      const res = await fetch(`${server.url}/api/tessera.v1.${service}/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${method}: ${res.status} ${await res.text()}`);
      return res.json() as Promise<Record<string, unknown>>;
    };
    const { collectionUuid } = (await call('CollectionsService', 'CreateCollection', {
      title: 'A thousand games',
      public: true,
    })) as { collectionUuid: string };
    const t0 = performance.now();
    for (let i = 1; i <= count; i++)
      await call('CollectionsService', 'AddGameToCollection', {
        collectionUuid,
        gameId: `cbench${i}`,
      });
    const addMs = (performance.now() - t0) / count;
    await sql`INSERT INTO game_comments (id, game_id, user_id, event_number, comment)
      SELECT 'c' || i, 'cbench' || (1 + i % ${count}), ${me.id}, i % 20, 'A comment'
      FROM generate_series(1, ${count * 2}) i`.execute(db);
    await sql`ANALYZE`.execute(db);

    const timed = async (f: (i: number) => Promise<unknown>) => {
      const times: number[] = [];
      for (let i = 0; i < 200; i++) {
        const t = performance.now();
        await f(i);
        times.push(performance.now() - t);
      }
      return times;
    };
    const database = base ? 'postgresql' : 'pglite';
    emit({ bench: 'collection-add', chapters: count, meanMs: +addMs.toFixed(1), database });
    const open = await timed(async () => {
      const r = (await call('CollectionsService', 'GetCollection', { collectionUuid })) as {
        collection: { games: unknown[] };
      };
      if (r.collection.games.length !== Math.min(100, count)) throw new Error('short first page');
    });
    emit({
      bench: 'collection-open',
      chapters: count,
      p99Ms: +p99(open).toFixed(1),
      medianMs: +median(open).toFixed(1),
      database,
    });
    const last = await timed(() =>
      call('CollectionsService', 'GetCollection', {
        collectionUuid,
        offset: Math.max(0, count - 100),
      }),
    );
    emit({
      bench: 'collection-last-page',
      chapters: count,
      p99Ms: +p99(last).toFixed(1),
      medianMs: +median(last).toFixed(1),
      database,
    });
    let order = Array.from({ length: count }, (_, i) => `cbench${i + 1}`);
    const reorder = await timed(async () => {
      order = [order[order.length - 1], ...order.slice(0, -1)];
      await call('CollectionsService', 'ReorderGames', { collectionUuid, gameIds: order });
    });
    emit({
      bench: 'collection-reorder',
      chapters: count,
      p99Ms: +p99(reorder).toFixed(1),
      medianMs: +median(reorder).toFixed(1),
      database,
    });
    const comments = await timed(() =>
      call('GameCommentService', 'GetCollectionComments', { collectionUuid }),
    );
    emit({
      bench: 'collection-comments',
      chapters: count,
      comments: count * 2,
      p99Ms: +p99(comments).toFixed(1),
      medianMs: +median(comments).toFixed(1),
      database,
    });
  } finally {
    await dispose();
  }
}
