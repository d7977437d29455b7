import { describe, expect, it } from 'vitest';
import { ERRORS, type ErrorKey } from '@tessera/protocol';
import { emptyMeta } from '@tessera/tournament';
import { clubSessionsMigration } from '../src/modules/tournament/club-sessions.ts';
import { TournamentStore } from '../src/modules/tournament/store.ts';
import { registerUser, rpc, uniqueName, useTestServer } from './harness.ts';
import {
  createTournament,
  setUpDivision,
  tournamentManager,
  tournamentOk,
} from './tournament-helpers.ts';
import { gameRequest } from './game-helpers.ts';

/**
 * Club sessions (issue 36, item 16): a session is a child tournament of its
 * club (paired, with the standard tools), listed under the club by its name;
 * only the club's full directors start one, and only for a club. Sessions made
 * the old way (free-form copies) are given their club by a migration.
 */
const server = useTestServer();

const call = (method: string, body: unknown, cookie?: string) =>
  rpc(server, 'TournamentService', method, body, { cookie });
const ok = (method: string, body: unknown, cookie?: string) =>
  tournamentOk(server, method, body, cookie);
async function refused(key: ErrorKey, method: string, body: unknown, cookie?: string) {
  const r = await call(method, body, cookie);
  expect(r.body.message?.split(';')[0], `${method} → ${key}: ${r.body.message}`).toBe(
    String(ERRORS[key].code),
  );
}

/** 2026-01-01T00:00:00Z. */
const NEW_YEAR = { seconds: '1767225600' };

async function club() {
  const td = await tournamentManager(server);
  const slug = uniqueName('club');
  const id = await createTournament(server, td, {
    slug,
    name: 'Friday Club',
    type: 'TOURNAMENT_TYPE_CLUB',
  });
  return { td, id };
}

describe('club sessions', () => {
  it('a session is a paired child of its club, listed under the club by its name', async () => {
    const { td, id } = await club();
    const made = await ok('CreateClubSession', { clubId: id, date: NEW_YEAR }, td.cookie);
    expect(made.name).toBe('Friday Club – Jan 1, 2026');
    const { metadata } = (await ok('GetTournamentMetadata', { id: made.tournamentId })) as {
      metadata: { type: string; name: string; clubSlug: string; firstDirector: string };
    };
    const clubMeta = (await ok('GetTournamentMetadata', { id })) as {
      metadata: { slug: string };
    };
    expect(metadata.type).toBe('TOURNAMENT_TYPE_CHILD');
    expect(metadata.clubSlug).toBe(clubMeta.metadata.slug);
    expect(metadata.firstDirector).toBe(`${td.userId}:${td.username}`);

    // Paired with the standard tools: a division, players, a round opened
    // (and when it opened, which the player card's late state reads).
    const sid = made.tournamentId as string;
    const players = [await registerUser(server), await registerUser(server)];
    await setUpDivision(server, td, sid, {
      persons: players.map((p) => ({ id: p.username, rating: 1500 })),
      roundControls: [{ pairingMethod: 'PAIRING_METHOD_ROUND_ROBIN' }],
      divisionControls: {
        gameRequest: gameRequest(),
        suspendedResult: 'TOURNAMENT_GAME_RESULT_FORFEIT_LOSS',
      },
    });
    const before = Date.now();
    await ok('StartRoundCountdown', { id: sid, startAllRounds: true }, td.cookie);
    const full = (await ok('GetTournament', { id: sid })) as {
      divisions: Record<string, { currentRound?: number; roundStartedAt: { seconds: string } }>;
    };
    expect(full.divisions.A!.currentRound ?? 0).toBe(0);
    expect(Number(full.divisions.A!.roundStartedAt.seconds) * 1000).toBeGreaterThanOrEqual(
      before - 1000,
    );

    const listed = (await ok('GetRecentClubSessions', { id, count: 10 })) as {
      sessions: { tournamentId: string; slug: string; name: string }[];
    };
    expect(listed.sessions).toEqual([
      { tournamentId: made.tournamentId, slug: made.slug, name: 'Friday Club – Jan 1, 2026' },
    ]);
  });

  it('only the club’s full directors start a session, and only for a club', async () => {
    const { td, id } = await club();
    const player = await registerUser(server);
    const ro = await registerUser(server);
    await ok('AddDirectors', { id, persons: [{ id: ro.username, rating: -1 }] }, td.cookie);
    await refused('TOURNAMENT_NOT_DIRECTOR', 'CreateClubSession', { clubId: id }, player.cookie);
    await refused('TOURNAMENT_READ_ONLY_DIRECTOR', 'CreateClubSession', { clubId: id }, ro.cookie);
    await refused('NOT_LOGGED_IN', 'CreateClubSession', { clubId: id });
    await refused(
      'TOURNAMENT_NOT_FOUND',
      'CreateClubSession',
      { clubId: 'no-such-club' },
      td.cookie,
    );
    await refused(
      'TOURNAMENT_TIME_INVALID',
      'CreateClubSession',
      { clubId: id, date: { seconds: '9223372036854775807' } },
      td.cookie,
    );
    const standard = await createTournament(server, td, { slug: uniqueName('std'), name: 'Open' });
    await refused('TOURNAMENT_NOT_A_CLUB', 'CreateClubSession', { clubId: standard }, td.cookie);
    const session = await ok('CreateClubSession', { clubId: id, date: NEW_YEAR }, td.cookie);
    await refused(
      'TOURNAMENT_SESSION_OF_SESSION',
      'CreateClubSession',
      { clubId: session.tournamentId },
      td.cookie,
    );
    const listed = (await ok('GetRecentClubSessions', { id })) as { sessions: unknown[] };
    expect(listed.sessions).toHaveLength(1);
  });

  it('a session made the old way (a free-form copy) is given its club by the migration', async () => {
    const { td, id } = await club();
    const db = server.core.database.db;
    const store = new TournamentStore(db);
    const clubState = (await store.state(id))!;
    const oldId = uniqueName('old');
    const slug = `${clubState.meta.slug}-2025-12-05`;
    await store.create(
      db,
      oldId,
      `${td.userId}:${td.username}`,
      {
        kind: 'created',
        meta: { ...emptyMeta(), ...clubState.meta, slug, name: 'Friday Club 2025-12-05' },
        executiveDirector: clubState.executiveDirector,
        directors: clubState.directors,
      },
      id,
    );
    await clubSessionsMigration.up(db);

    const { metadata } = (await ok('GetTournamentMetadata', { id: oldId })) as {
      metadata: { clubSlug: string; type: string };
    };
    expect(metadata.clubSlug).toBe(clubState.meta.slug);
    expect(metadata.type).toBe('TOURNAMENT_TYPE_CLUB');
    // The log says so too: a refold keeps it.
    expect((await store.refold(oldId)).meta.club).toEqual({ id, slug: clubState.meta.slug });
    await refused(
      'TOURNAMENT_SESSION_OF_SESSION',
      'CreateClubSession',
      { clubId: oldId },
      td.cookie,
    );
    const listed = (await ok('GetRecentClubSessions', { id })) as {
      sessions: { name: string }[];
    };
    expect(listed.sessions.map((s) => s.name)).toEqual(['Friday Club 2025-12-05']);
    // The club itself is untouched.
    expect((await store.refold(id)).meta.club).toBeUndefined();
  });
});
