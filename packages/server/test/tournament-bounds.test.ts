/**
 * Issue 36, item 13: inputs out of bounds are refused with a catalogue code,
 * never answered with a bare 500; every text field has a length cap (item 10).
 */
import { describe, expect, it } from 'vitest';
import { ERRORS, type ErrorKey } from '@tessera/protocol';
import { gameRequest } from './game-helpers.ts';
import { registerUser, rpc, uniqueName, useTestServer } from './harness.ts';
import { createTournament, setUpDivision, tournamentManager } from './tournament-helpers.ts';

const server = useTestServer();

const call = (method: string, body: unknown, cookie?: string) =>
  rpc(server, 'TournamentService', method, body, { cookie });
async function refused(key: ErrorKey, method: string, body: unknown, cookie?: string) {
  const r = await call(method, body, cookie);
  expect(r.status, `${method} → ${key}: ${r.body.message}`).toBeLessThan(500);
  expect(r.body.message?.split(';')[0], `${method} → ${key}: ${r.body.message}`).toBe(
    String(ERRORS[key].code),
  );
}

const MAX_INT64 = '9223372036854775807';

async function event() {
  const td = await tournamentManager(server);
  const slug = uniqueName('b');
  const id = await createTournament(server, td, { slug, name: 'Bounds' });
  const ps = [await registerUser(server), await registerUser(server)];
  await setUpDivision(server, td, id, {
    persons: ps.map((p, i) => ({ id: p.username, rating: 2000 - i })),
    roundControls: [1, 2].map(() => ({ pairingMethod: 'PAIRING_METHOD_ROUND_ROBIN' })),
    divisionControls: {
      suspendedResult: 'TOURNAMENT_GAME_RESULT_FORFEIT_LOSS',
      gameRequest: gameRequest(),
    },
  });
  return { td, id, c: td.cookie };
}

describe('bounds (issue 36 item 13)', () => {
  it('GetTournamentLog with a negative limit or seq', async () => {
    const { id, c } = await event();
    await refused('TOURNAMENT_LOG_RANGE', 'GetTournamentLog', { id, limit: -1 }, c);
    await refused('TOURNAMENT_LOG_RANGE', 'GetTournamentLog', { id, afterSeq: '-5' }, c);
    const r = await call('GetTournamentLog', { id, limit: 2 }, c);
    expect(r.status).toBe(200);
  });

  it('a schedule time of max int64, on creation, metadata and a round opening', async () => {
    const { td, id, c } = await event();
    await refused(
      'TOURNAMENT_TIME_INVALID',
      'NewTournament',
      {
        slug: uniqueName('t'),
        name: 'T',
        directorUsernames: [td.username],
        scheduledStartTime: { seconds: MAX_INT64 },
      },
      c,
    );
    await refused(
      'TOURNAMENT_TIME_INVALID',
      'SetTournamentMetadata',
      { metadata: { id, scheduledEndTime: { seconds: MAX_INT64 } }, setOnlySpecified: true },
      c,
    );
    await refused(
      'TOURNAMENT_TIME_INVALID',
      'StartRoundCountdown',
      { id, division: 'A', round: 0, startsAt: { seconds: MAX_INT64 } },
      c,
    );
  });

  it('StartRoundCountdown with round -7 or a division that does not exist', async () => {
    const { id, c } = await event();
    await refused(
      'TOURNAMENT_ROUND_RANGE',
      'StartRoundCountdown',
      { id, division: 'A', round: -7 },
      c,
    );
    const future = { seconds: String(Math.floor(Date.now() / 1000) + 3600) };
    await refused(
      'TOURNAMENT_ROUND_RANGE',
      'StartRoundCountdown',
      { id, division: 'A', round: -7, startsAt: future },
      c,
    );
    await refused(
      'TOURNAMENT_DIVISION_NOT_FOUND',
      'StartRoundCountdown',
      { id, division: 'Nope', round: 0 },
      c,
    );
    await refused(
      'TOURNAMENT_DIVISION_NOT_FOUND',
      'StartRoundCountdown',
      { id, division: 'Nope', round: 0, startsAt: future },
      c,
    );
  });

  it('a 1 MB name, description or logo is refused with its cap', async () => {
    const { td, id, c } = await event();
    // A megabyte, less room for the rest of the request (the server reads 1 MiB at most).
    const huge = 'x'.repeat(1_000_000);
    await refused(
      'TOURNAMENT_FIELD_TOO_LONG',
      'NewTournament',
      { slug: uniqueName('t'), name: huge, directorUsernames: [td.username] },
      c,
    );
    for (const field of ['name', 'description', 'logo', 'disclaimer', 'color'])
      await refused(
        'TOURNAMENT_FIELD_TOO_LONG',
        'SetTournamentMetadata',
        { metadata: { id, [field]: huge }, setOnlySpecified: true },
        c,
      );
  });
});
