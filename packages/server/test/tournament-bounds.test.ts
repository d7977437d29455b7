/**
 * Issue 36, item 13: inputs out of bounds are refused with a catalogue code,
 * never answered with a bare 500; every text field has a length cap (item 10).
 */
import { describe, expect, it } from 'vitest';
import { ERRORS, type ErrorKey } from '@tessera/protocol';
import { DIVISION_NAME_MAX } from '@tessera/tournament';
import { MAX_SETTING_FIELDS, TEXT_CAPS } from '../src/modules/tournament/bounds.ts';
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

/** A refusal whose answer is short: a field's cap is told, never the field echoed back. */
async function refusedBriefly(key: ErrorKey, method: string, body: unknown, cookie?: string) {
  const r = await call(method, body, cookie);
  expect(r.body.message?.split(';')[0], `${method} → ${key}`).toBe(String(ERRORS[key].code));
  expect(r.body.message?.length ?? 0, `${method} → ${key}: the answer's length`).toBeLessThan(
    1_000,
  );
}

describe('every tournament text field has a cap (issue 36 item 10)', () => {
  const huge = 'x'.repeat(1_000_000);

  it('metadata: each field one past its cap, and a megabyte, is refused with 1290', async () => {
    const { td, id, c } = await event();
    for (const [field, cap] of Object.entries(TEXT_CAPS)) {
      if (field === 'settingField') continue;
      for (const value of ['x'.repeat(cap + 1), huge])
        await refusedBriefly(
          'TOURNAMENT_FIELD_TOO_LONG',
          'SetTournamentMetadata',
          { metadata: { id, [field]: value }, setOnlySpecified: true },
          c,
        );
    }
    // At its cap a name is kept.
    const name = 'N'.repeat(TEXT_CAPS.name);
    await call('SetTournamentMetadata', { metadata: { id, name }, setOnlySpecified: true }, c);
    const meta = await call('GetTournamentMetadata', { id });
    expect((meta.body as { metadata: { name: string } }).metadata.name).toBe(name);
    // A new tournament's description, slug and club fields too.
    const fresh = { slug: uniqueName('t'), name: 'T', directorUsernames: [td.username] };
    for (const extra of [
      { description: huge },
      { slug: 'x'.repeat(TEXT_CAPS.slug + 1) },
      { freeformClubSettingFields: ['x'.repeat(TEXT_CAPS.settingField + 1)] },
      {
        freeformClubSettingFields: Array.from({ length: MAX_SETTING_FIELDS + 1 }, () => 'lexicon'),
      },
    ])
      await refusedBriefly('TOURNAMENT_FIELD_TOO_LONG', 'NewTournament', { ...fresh, ...extra }, c);
  });

  it('division names: added or renamed past 24 characters is refused with 1261', async () => {
    const { id, c } = await event();
    for (const name of ['x'.repeat(DIVISION_NAME_MAX + 1), huge]) {
      await refusedBriefly(
        'TOURNAMENT_DIVISION_NAME_LENGTH',
        'AddDivision',
        { id, division: name },
        c,
      );
      await refusedBriefly(
        'TOURNAMENT_DIVISION_NAME_LENGTH',
        'RenameDivision',
        { id, division: 'A', newName: name },
        c,
      );
    }
    // A division named by a megabyte is not found, and the answer does not repeat it.
    await refusedBriefly(
      'TOURNAMENT_DIVISION_NOT_FOUND',
      'PairRound',
      { id, division: huge, round: 0 },
      c,
    );
    await refusedBriefly(
      'TOURNAMENT_DIVISION_NOT_FOUND',
      'AddPlayers',
      { id, division: huge, persons: [{ id: 'someone', rating: 1500 }] },
      c,
    );
  });

  it('player names and classes: past their caps refused with 1277 and 1278, briefly', async () => {
    const { id, c } = await event();
    const p = await registerUser(server);
    const add = (person: Record<string, unknown>) => ({
      id,
      division: 'A',
      persons: [{ id: p.username, rating: 1500, ...person }],
    });
    for (const name of ['x'.repeat(41), huge])
      await refusedBriefly('TOURNAMENT_PLAYER_NAME_INVALID', 'AddPlayers', add({ name }), c);
    for (const className of ['x'.repeat(9), huge])
      await refusedBriefly('TOURNAMENT_CLASS_INVALID', 'AddPlayers', add({ className }), c);
    // A player named by a megabyte is no user; the answer names at most 40 characters of it.
    await refusedBriefly('TOURNAMENT_USER_NOT_FOUND', 'AddPlayers', add({ id: huge }), c);
  });
});
