/**
 * Issue 36, item 12, through the real TournamentService over HTTP: a
 * 1,000-player division of 12 rounds (manual pairings, each round paired in
 * one SetPairing and opened), every result entered one at a time by its
 * director with SetResult.
 * - tournament-setresult: SetResult's p50, p99 and max over every result
 *   (the target is a p99 under 20 ms), and the CPU time this process (server
 *   and client) spent per call, which a loaded machine inflates less;
 * - tournament-get: GetTournament once all is played, bytes and median time:
 *   the whole answer, a page of the current round, and of its first 100 rows.
 * Environment: TESSERA_TOURNAMENT_BENCH_PLAYERS (default 1000),
 * TESSERA_TOURNAMENT_BENCH_ROUNDS (default 12),
 * TESSERA_TOURNAMENT_BENCH_DATABASE_URL (a PostgreSQL server; else PGlite).
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { startBenchServer } from './bench-server.ts';
import { rng } from '../test/fixtures/big-event.ts';
import { gameRequest } from '../test/game-helpers.ts';

type Emit = (record: Record<string, unknown>) => void;

const at = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))];
const round1 = (x: number) => Math.round(x * 10) / 10;

export async function bench(emit: Emit): Promise<void> {
  const n = Number(process.env.TESSERA_TOURNAMENT_BENCH_PLAYERS ?? 1000);
  const rounds = Number(process.env.TESSERA_TOURNAMENT_BENCH_ROUNDS ?? 12);
  const base = process.env.TESSERA_TOURNAMENT_BENCH_DATABASE_URL;
  const { server, dispose } = await startBenchServer('tournament', base);
  try {
    const db = server.core.database.db;
    const td = await server.core.accounts.register({
      username: 'benchtd',
      password: 'correct horse',
      email: 'benchtd@example.com',
      birthDate: '1980-01-01',
      firstName: '',
      lastName: '',
      countryCode: '',
    });
    await server.core.roles.grant(td.id, 'Tournament Manager');
    // The players only need to exist: one insert instead of 1,000 sign-ups.
    await sql`INSERT INTO users (id, username, username_key, email, email_key, password_hash)
      SELECT 'bp' || i, 'benchp' || i, 'benchp' || i, 'benchp' || i || '@example.com',
        'benchp' || i || '@example.com', 'x'
      FROM generate_series(0, ${n - 1}) i`.execute(db);
    const login = await fetch(`${server.url}/api/tessera.v1.AuthenticationService/Login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'benchtd', password: 'correct horse' }),
    });
    const cookie = login.headers.getSetCookie()[0].split(';')[0];
    const call = async (method: string, body: unknown) => {
      const res = await fetch(`${server.url}/api/tessera.v1.TournamentService/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify(body),
      });
      const text = await res.text();
      if (!res.ok) throw new Error(`${method}: ${res.status} ${text}`);
      return text;
    };
    const { id } = JSON.parse(
      await call('NewTournament', {
        slug: '/tournament/bench-results',
        name: 'Bench results',
        directorUsernames: ['benchtd'],
      }),
    ) as { id: string };
    const ids = Array.from({ length: n }, (_, i) => `bp${i}:benchp${i}`);
    await call('AddDivision', { id, division: 'A' });
    await call('AddPlayers', {
      id,
      division: 'A',
      persons: ids.map((p, i) => ({ id: p, rating: 2000 - i })),
    });
    await call('SetRoundControls', {
      id,
      division: 'A',
      roundControls: Array.from({ length: rounds }, () => ({
        pairingMethod: 'PAIRING_METHOD_MANUAL',
      })),
    });

    await call('SetDivisionControls', {
      id,
      division: 'A',
      suspendedResult: 'TOURNAMENT_GAME_RESULT_FORFEIT_LOSS',
      gameRequest: gameRequest(),
    });

    const next = rng(n * 7 + rounds);
    const times: number[] = [];
    const cpu: number[] = [];
    for (let r = 0; r < rounds; r++) {
      const order = [...ids].sort(() => next() - 0.5);
      const pairs: [string, string][] = [];
      for (let i = 0; i + 1 < order.length; i += 2) pairs.push([order[i], order[i + 1]]);
      await call('SetPairing', {
        id,
        division: 'A',
        pairings: pairs.map(([a, b]) => ({ playerOneId: a, playerTwoId: b, round: r })),
      });
      await call('StartRoundCountdown', { id, division: 'A', round: r });
      for (const [a, b] of pairs) {
        const body = {
          id,
          division: 'A',
          round: r,
          playerOneId: a,
          playerTwoId: b,
          playerOneScore: 300 + Math.floor(next() * 200),
          playerTwoScore: 300 + Math.floor(next() * 200),
          gameEndReason: 'GAME_END_REASON_STANDARD',
        };
        const t = performance.now();
        const c = process.cpuUsage();
        await call('SetResult', body);
        times.push(performance.now() - t);
        const used = process.cpuUsage(c);
        cpu.push((used.user + used.system) / 1000);
      }
    }
    const database = base ? 'postgresql' : 'pglite';
    emit({
      bench: 'tournament-setresult',
      players: n,
      rounds,
      results: times.length,
      p50Ms: round1(at(times, 0.5)),
      p99Ms: round1(at(times, 0.99)),
      maxMs: round1(Math.max(...times)),
      // CPU time of this process (server and client) per call: what a loaded machine does not inflate.
      cpuP50Ms: round1(at(cpu, 0.5)),
      cpuP99Ms: round1(at(cpu, 0.99)),
      database,
    });

    const get = async (body: Record<string, unknown>) => {
      const xs: number[] = [];
      let bytes = 0;
      for (let i = 0; i < 5; i++) {
        const t = performance.now();
        bytes = (await call('GetTournament', body)).length;
        xs.push(performance.now() - t);
      }
      return { bytes, medianMs: round1(at(xs, 0.5)) };
    };
    emit({ bench: 'tournament-get', players: n, rounds, page: 'all', ...(await get({ id })) });
    emit({
      bench: 'tournament-get',
      players: n,
      rounds,
      page: 'current round',
      ...(await get({ id, paged: true, division: 'A', currentRound: true })),
    });
    emit({
      bench: 'tournament-get',
      players: n,
      rounds,
      page: 'current round, 100 rows',
      ...(await get({ id, paged: true, division: 'A', currentRound: true, limit: 100 })),
    });
  } finally {
    await dispose();
  }
}
