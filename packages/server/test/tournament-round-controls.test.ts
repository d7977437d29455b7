/**
 * Changing one round's controls (SetSingleRoundControls) and clearing every
 * check-in (UncheckAllIn), as a director does between rounds and before the
 * start; and who may not.
 */
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@tessera/pairing';
import { gameRequest } from './game-helpers.ts';
import { registerUser, useTestServer } from './harness.ts';
import { setUpDivision, tournamentCalls } from './tournament-helpers.ts';

const server = useTestServer();

const { ok, refused, manager, newTournament, divisionState } = tournamentCalls(() => server);

const KOTH = { pairingMethod: 'PAIRING_METHOD_KING_OF_THE_HILL' };

async function event(n: number) {
  const td = await manager();
  const id = await newTournament(td);
  const ps = [];
  for (let i = 0; i < n; i++) ps.push(await registerUser(server));
  await setUpDivision(server, td, id, {
    persons: ps.map((p, i) => ({ id: p.username, rating: 2000 - i })),
    roundControls: [KOTH, KOTH, KOTH],
    divisionControls: {
      suspendedResult: 'TOURNAMENT_GAME_RESULT_FORFEIT_LOSS',
      gameRequest: gameRequest(),
    },
  });
  return { td, id, ps };
}

/** The refusal's text of a call refused as TOURNAMENT_CONTROLS_INVALID. */
async function refusedText(method: string, body: unknown, cookie: string) {
  const r = await refused('TOURNAMENT_CONTROLS_INVALID', method, body, cookie);
  return String(r.body.message);
}

/** A text as the wire carries it (a parameter's semicolons replaced). */
const wire = (text: string) => text.replaceAll(';', ',');

const methods = async (id: string) =>
  ((await divisionState(id, 'A')).roundControls as { pairingMethod: string }[]).map(
    (r) => r.pairingMethod,
  );

describe('one round’s controls and the check-ins', () => {
  it('SetSingleRoundControls changes that round only, drops its stale pairings, and never an open round', async () => {
    const { td, id, ps } = await event(4);
    await ok('StartRoundCountdown', { id, division: 'A', round: 0 }, td.cookie);
    // Round 2 paired ahead of time (the next round: a results-based method
    // pairs no further ahead, decision 0120), then its method changes: the
    // pairings go.
    await ok('PairRound', { id, division: 'A', round: 1 }, td.cookie);
    const single = (round: number, control: Record<string, unknown>) => ({
      id,
      division: 'A',
      roundControls: { round, ...control },
    });
    await ok(
      'SetSingleRoundControls',
      single(1, { pairingMethod: 'PAIRING_METHOD_SWISS', maxRepeats: 1 }),
      td.cookie,
    );
    expect(await methods(id)).toEqual([
      'PAIRING_METHOD_KING_OF_THE_HILL',
      'PAIRING_METHOD_SWISS',
      'PAIRING_METHOD_KING_OF_THE_HILL',
    ]);
    const d = await divisionState(id, 'A');
    const r2 = (d.pairingMap as Record<string, { roundPairings?: unknown[] }>)['1'];
    expect(r2?.roundPairings ?? []).toEqual([]);

    // Round 1 is open: its controls stay.
    await refused(
      'TOURNAMENT_ROUND_ALREADY_OPEN',
      'SetSingleRoundControls',
      single(0, { pairingMethod: 'PAIRING_METHOD_SWISS', maxRepeats: 1 }),
      td.cookie,
    );
    await refused(
      'TOURNAMENT_CONTROLS_INVALID',
      'SetSingleRoundControls',
      { id, division: 'A' },
      td.cookie,
    );
    // COP is refused before the second half of the event (PAIRING.md).
    await refused(
      'TOURNAMENT_CONTROLS_INVALID',
      'SetSingleRoundControls',
      single(1, { pairingMethod: 'PAIRING_METHOD_COP' }),
      td.cookie,
    );
    // A player and a read-only director may not.
    const ro = await registerUser(server);
    await ok('AddDirectors', { id, persons: [{ id: ro.username, rating: -1 }] }, td.cookie);
    await refused(
      'TOURNAMENT_NOT_DIRECTOR',
      'SetSingleRoundControls',
      single(2, { pairingMethod: 'PAIRING_METHOD_SWISS', maxRepeats: 1 }),
      ps[0].cookie,
    );
    await refused(
      'TOURNAMENT_READ_ONLY_DIRECTOR',
      'SetSingleRoundControls',
      single(2, { pairingMethod: 'PAIRING_METHOD_SWISS', maxRepeats: 1 }),
      ro.cookie,
    );
    expect((await methods(id))[2]).toBe('PAIRING_METHOD_KING_OF_THE_HILL');
  });

  it('SetRoundControls refuses what the director form refuses, never renumbering or defaulting', async () => {
    const { td, id } = await event(4);
    const set = (roundControls: Record<string, unknown>[]) =>
      refusedText('SetRoundControls', { id, division: 'A', roundControls }, td.cookie);
    const at = (round: number) => ({ ...KOTH, round });
    // Skipped, duplicate, decreasing and negative rounds: the form's words (validateRoundRanges).
    expect(await set([at(0), at(2)])).toContain(wire(MESSAGES.noSkip));
    expect(await set([at(0), at(1), at(1)])).toContain(wire(MESSAGES.consecutive));
    expect(await set([at(1), at(0)])).toContain(wire(MESSAGES.noSkip));
    expect(await set([at(0), at(2), at(1)])).toContain(wire(MESSAGES.noSkip));
    expect(await set([at(-1), at(0)])).toContain(wire(MESSAGES.positiveRound));
    // Games per round 0 and COP's place prizes 0 are refused, not taken for the defaults.
    await refused(
      'TOURNAMENT_ZERO_GAMES_PER_ROUND',
      'SetRoundControls',
      { id, division: 'A', roundControls: [KOTH, { ...KOTH, gamesPerRound: 0 }, KOTH] },
      td.cookie,
    );
    const cop = { pairingMethod: 'PAIRING_METHOD_COP' };
    expect(await set([KOTH, KOTH, { ...cop, placePrizes: 0 }])).toContain(
      wire(MESSAGES.placePrizes),
    );
    await refused(
      'TOURNAMENT_ZERO_GAMES_PER_ROUND',
      'SetSingleRoundControls',
      { id, division: 'A', roundControls: { ...KOTH, round: 1, gamesPerRound: 0 } },
      td.cookie,
    );
    expect(await methods(id)).toEqual(Array(3).fill('PAIRING_METHOD_KING_OF_THE_HILL'));
    // Numbered in order, or not numbered at all, is accepted.
    await ok(
      'SetRoundControls',
      { id, division: 'A', roundControls: [at(0), at(1), at(2)] },
      td.cookie,
    );
    await ok(
      'SetRoundControls',
      { id, division: 'A', roundControls: [KOTH, KOTH, KOTH, KOTH] },
      td.cookie,
    );
    expect(await methods(id)).toHaveLength(4);
  });

  it('UncheckAllIn clears every check-in, for directors only', async () => {
    const { td, id, ps } = await event(3);
    await ok('OpenCheckins', { id }, td.cookie);
    for (const p of ps.slice(0, 2)) await ok('CheckIn', { id, checkin: true }, p.cookie);
    const checked = async () =>
      ((await divisionState(id, 'A')).players as { checkedIn?: boolean }[]).map(
        (p) => p.checkedIn ?? false,
      );
    expect(await checked()).toEqual([true, true, false]);
    await refused('TOURNAMENT_NOT_DIRECTOR', 'UncheckAllIn', { id }, ps[0].cookie);
    expect(await checked()).toEqual([true, true, false]);
    await ok('UncheckAllIn', { id }, td.cookie);
    expect(await checked()).toEqual([false, false, false]);
    // Check-ins are still open: players check in again.
    await ok('CheckIn', { id, checkin: true }, ps[2].cookie);
    expect(await checked()).toEqual([false, false, true]);
  });
});
