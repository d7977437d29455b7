import { create, type DescMessage, type MessageInitShape } from '@bufbuild/protobuf';
import {
  DivisionControlsMessageSchema,
  DivisionDeletedMessageSchema,
  DivisionPairingsDeletedMessageSchema,
  DivisionPairingsMessageSchema,
  DivisionPlayersMessageSchema,
  DivisionRoundControlsMessageSchema,
  FullTournamentDivisionsSchema,
  PairingMethod,
  PlayerCheckinMessageSchema,
  TournamentDivisionMessageSchema,
  TournamentFinishedMessageSchema,
  TournamentGameResult,
  TournamentMetadataMessageSchema,
  TournamentRoundStartedSchema,
  TournamentType,
} from '@tessera/protocol';
import { describe, expect, it } from 'vitest';
import { stateFrom, type TournamentState } from '../../src/features/tournament/from-proto.ts';
import * as live from '../../src/features/tournament/live-updates.ts';
import { ANN, BOB, CAT, DAN, springDivision, TID } from './harness.ts';

/**
 * The tournament realm's messages (docs/product/tournaments.md §4 "Client
 * events") as the page's state sees them: one test per handler.
 */

const BYE = TournamentGameResult.BYE;
const NO = TournamentGameResult.NO_RESULT;
const EVE = 'eeeeeeee-0005:eve';

/** Open (ann, bob, cat, dan; round 1 ann–bob) and an empty Masters, started. */
function state(): TournamentState {
  const masters = { ...springDivision(), divisionId: 'Masters', players: [], pairingMap: {} };
  return stateFrom(
    create(FullTournamentDivisionsSchema, {
      divisions: { Open: springDivision(), Masters: masters },
      started: true,
    }),
  );
}

const msg = <D extends DescMessage>(schema: D, init: MessageInitShape<D>) => create(schema, init);
const open = (s: TournamentState) => s.divisions.find((d) => d.id === 'Open')!;
const pairs = (s: TournamentState, round: number) =>
  open(s).pairings[round]?.map((p) => p.players) ?? [];
const standings = { 0: { standings: [{ playerId: ANN, wins: 1, spread: 50 }] } };

describe('the live updates of a tournament page', () => {
  it('division pairings set: a round’s pairings and standings replace ours, others stay', () => {
    const s = live.pairingsSet(
      state(),
      msg(DivisionPairingsMessageSchema, {
        tournamentId: TID,
        division: 'Open',
        pairings: {
          1: {
            roundPairings: [
              { players: [2, 3], round: 1, games: [], outcomes: [NO, NO] },
              { players: [0], round: 1, games: [], outcomes: [BYE, BYE] },
            ],
          },
        },
        standings,
      }),
    );
    expect(pairs(s, 0)).toEqual([[ANN, BOB]]);
    expect(pairs(s, 1)).toEqual([
      [CAT, DAN],
      [ANN, ANN],
    ]);
    expect(open(s).pairings[1][1].outcomes).toEqual(['BYE', 'BYE']);
    expect(open(s).standings[0]).toEqual([
      { playerId: ANN, wins: 1, losses: 0, draws: 0, spread: 50, gibsonized: false },
    ]);
    // A message for a division the page does not know changes nothing.
    const before = state();
    expect(
      live.pairingsSet(before, msg(DivisionPairingsMessageSchema, { division: 'Nowhere' })),
    ).toBe(before);
  });

  it('division pairings deleted: that round has no pairings left', () => {
    const s = live.pairingsDeleted(
      state(),
      msg(DivisionPairingsDeletedMessageSchema, { tournamentId: TID, division: 'Open', round: 0 }),
    );
    expect(pairs(s, 0)).toEqual([]);
  });

  it('division players changed: the new list, and pairings read against it', () => {
    const s = live.playersChanged(
      state(),
      msg(DivisionPlayersMessageSchema, {
        tournamentId: TID,
        division: 'Open',
        players: [ANN, BOB, CAT, EVE].map((id) => ({ id, rating: 1500, checkedIn: true })),
        pairings: { 0: { roundPairings: [{ players: [3, 2], round: 0, games: [] }] } },
        standings,
      }),
    );
    expect(open(s).players.map((p) => p.id)).toEqual([ANN, BOB, CAT, EVE]);
    expect(pairs(s, 0)).toEqual([[EVE, CAT]]);
    expect(open(s).standings[0][0]).toMatchObject({ playerId: ANN, wins: 1 });
  });

  it('round controls: the division’s controls and its number of rounds follow them', () => {
    const roundControls = [0, 1, 2, 3].map((round) => ({
      round,
      pairingMethod: PairingMethod.SWISS,
      maxRepeats: 2,
    }));
    const s = live.roundControls(
      state(),
      msg(DivisionRoundControlsMessageSchema, {
        tournamentId: TID,
        division: 'Open',
        roundControls,
        pairings: { 1: { roundPairings: [{ players: [1, 3], round: 1, games: [] }] } },
      }),
    );
    expect(open(s).numRounds).toBe(4);
    expect(open(s).roundControls?.map((c) => [c.round, c.pairingMethod, c.maxRepeats])).toEqual(
      roundControls.map((c) => [c.round, PairingMethod.SWISS, 2]),
    );
    expect(pairs(s, 1)).toEqual([[BOB, DAN]]);
  });

  it('division controls: the division’s new settings and standings', () => {
    const s = live.divisionControls(
      state(),
      msg(DivisionControlsMessageSchema, {
        tournamentId: TID,
        division: 'Open',
        divisionControls: { gibsonize: true, gibsonSpread: 300, spreadCap: 250 },
        standings,
      }),
    );
    expect(open(s).controls).toMatchObject({ gibsonize: true, gibsonSpread: 300, spreadCap: 250 });
    expect(open(s).standings[0][0]).toMatchObject({ playerId: ANN, spread: 50 });
  });

  it('round started: the round opened at the server’s time, the same time a reload reads', () => {
    const at = Date.UTC(2026, 0, 1, 10, 0, 0);
    const seconds = BigInt(at / 1000);
    const started = live.roundStarted(
      state(),
      msg(TournamentRoundStartedSchema, {
        tournamentId: TID,
        division: 'Open',
        round: 1,
        startedAt: { seconds },
      }),
      at + 5_000,
    );
    expect(open(started).currentRound).toBe(1);
    expect(open(started).roundStartedAt).toBe(at);
    // A reload: the whole tournament as GetTournament answers it.
    const reloaded = stateFrom(
      create(FullTournamentDivisionsSchema, {
        divisions: {
          Open: { ...springDivision(), currentRound: 1, roundStartedAt: { seconds } },
        },
        started: true,
      }),
    );
    expect(open(reloaded).roundStartedAt).toBe(at);
    // An older server says nothing: the page's own time.
    const unsaid = live.roundStarted(
      state(),
      msg(TournamentRoundStartedSchema, { tournamentId: TID, division: 'Open', round: 1 }),
      at + 5_000,
    );
    expect(open(unsaid).roundStartedAt).toBe(at + 5_000);
  });

  it('tournament finished: the page knows the event is over, and reopened again', () => {
    const done = live.tournamentFinished(
      state(),
      msg(TournamentFinishedMessageSchema, { tournamentId: TID, finished: true }),
    );
    expect(done.finished).toBe(true);
    const reopened = live.tournamentFinished(
      done,
      msg(TournamentFinishedMessageSchema, { tournamentId: TID, finished: false }),
    );
    expect(reopened.finished).toBe(false);
  });

  it('player check-in: the player’s mark changes, in every division when none is named', () => {
    const checkedIn = (s: TournamentState) =>
      open(s)
        .players.filter((p) => p.checkedIn)
        .map((p) => p.id);
    expect(checkedIn(state())).toEqual([ANN, BOB, CAT]);
    const s = live.checkin(
      state(),
      msg(PlayerCheckinMessageSchema, { division: 'Open', playerId: DAN, checkedIn: true }),
    );
    expect(checkedIn(s)).toEqual([ANN, BOB, CAT, DAN]);
    const out = live.checkin(
      s,
      msg(PlayerCheckinMessageSchema, { playerId: ANN, checkedIn: false }),
    );
    expect(checkedIn(out)).toEqual([BOB, CAT, DAN]);
  });

  it('division deleted: the division is gone from the page', () => {
    const s = live.divisionDeleted(
      state(),
      msg(DivisionDeletedMessageSchema, { tournamentId: TID, division: 'Masters' }),
    );
    expect(s.divisions.map((d) => d.id)).toEqual(['Open']);
  });

  it('tournament metadata: the new settings and directors, read-only ones last', () => {
    const update = live.metadataUpdate(
      TID,
      msg(TournamentMetadataMessageSchema, {
        metadata: {
          id: TID,
          name: 'Spring Classic',
          type: TournamentType.STANDARD,
          registrationOpen: true,
          irlMode: true,
        },
        directors: ['d2:rita:readonly', 'd1:dora'],
      }),
    );
    expect(update?.meta).toMatchObject({
      name: 'Spring Classic',
      type: 'standard',
      registrationOpen: true,
      checkinsOpen: false,
      irlMode: true,
    });
    expect(update?.directors.list.map((d) => [d.username, d.readOnly])).toEqual([
      ['dora', false],
      ['rita', true],
    ]);
    expect(
      live.metadataUpdate(TID, msg(TournamentMetadataMessageSchema, { metadata: { id: 'T-x' } })),
    ).toBeUndefined();
  });

  it('whole division: a renamed division replaces its old name, in name order', () => {
    const renamed = { ...springDivision(1), divisionId: 'Amateurs' };
    const s = live.wholeDivision(
      state(),
      msg(TournamentDivisionMessageSchema, {
        tournamentId: TID,
        division: 'Amateurs',
        renamedFrom: 'Open',
        full: renamed,
        started: true,
      }),
    );
    expect(s.divisions.map((d) => d.id)).toEqual(['Amateurs', 'Masters']);
    expect(s.divisions[0].currentRound).toBe(1);
    expect(s.divisions[0].players.map((p) => p.id)).toEqual([ANN, BOB, CAT, DAN]);
    // Unstarted: the page goes back to before the start.
    const unstarted = live.wholeDivision(
      state(),
      msg(TournamentDivisionMessageSchema, {
        division: 'Open',
        full: springDivision(-1),
        started: false,
      }),
    );
    expect(unstarted.started).toBe(false);
    expect(unstarted.divisions.find((d) => d.id === 'Open')?.currentRound).toBe(-1);
    // Without the division there is nothing to show.
    const before = state();
    expect(
      live.wholeDivision(before, msg(TournamentDivisionMessageSchema, { division: 'Open' })),
    ).toBe(before);
  });
});
