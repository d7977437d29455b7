import { create } from '@bufbuild/protobuf';
import {
  FullTournamentDivisionsSchema,
  TournamentDivisionSchema,
  TournamentGameResult,
} from '@tessera/protocol';
import { describe, expect, it } from 'vitest';
import { stateFrom } from '../../src/features/tournament/from-proto.ts';
import { roundsLoaded } from '../../src/features/tournament/live-updates.ts';
import { meetings } from '../../src/features/tournament/pairings.ts';
import { ANN, BOB, springDivision } from './harness.ts';

/**
 * Issue 36, item 12: the page asks for a page of rounds. It knows which
 * rounds it holds, merges a round fetched when shown, and counts repeat
 * meetings as the server does (the earlier rounds may not be there).
 */
const NO = TournamentGameResult.NO_RESULT;

describe('a page of rounds', () => {
  it('knows the rounds it holds, and a round fetched later joins them', () => {
    const paged = stateFrom(
      create(FullTournamentDivisionsSchema, { divisions: { Open: springDivision() } }),
      true,
    );
    expect(paged.divisions[0].loadedRounds).toEqual([0]);
    const whole = stateFrom(
      create(FullTournamentDivisionsSchema, { divisions: { Open: springDivision() } }),
    );
    expect(whole.divisions[0].loadedRounds).toBeUndefined();

    const page = create(TournamentDivisionSchema, {
      ...springDivision(),
      pairingMap: {
        2: {
          roundPairings: [
            { players: [1, 0], round: 2, games: [], outcomes: [NO, NO], pairingCount: 2 },
          ],
        },
      },
      standingsMap: { 2: { standings: [{ playerId: BOB, wins: 2 }] } },
    });
    const s = roundsLoaded(paged, page, [2]);
    const open = s.divisions[0];
    expect(open.loadedRounds).toEqual([0, 2]);
    expect(open.pairings[0].map((p) => p.players)).toEqual([[ANN, BOB]]);
    expect(open.pairings[2].map((p) => p.players)).toEqual([[BOB, ANN]]);
    expect(open.standings[2][0].playerId).toBe(BOB);
    // Round 1 is not held, yet this is their second meeting, as the server says.
    expect(meetings(open, 2, ANN, BOB)).toBe(2);
  });
});
