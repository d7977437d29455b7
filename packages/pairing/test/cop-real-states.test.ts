/**
 * COP on real division states (test/fixtures/: facts of published events in
 * Tessera's own layout). Every state is paired and checked against COP's hard
 * constraints; where PAIRING.md's rules decide the pairing, the pairing is
 * asserted too. Where Tessera's answer differs from the peer's published
 * expectation, decision 0107 says which is right and why.
 */
import { describe, expect, it } from 'vitest';
import { pairRound, type Division, type PairingResult, type Slot } from '../src/index.ts';
import * as ALBANY_24 from './fixtures/albany-2024-24.ts';
import * as ALBANY_30 from './fixtures/albany-2024-30.ts';
import { BLS_AFTER_31 } from './fixtures/bls.ts';
import * as MORE from './fixtures/more-events.ts';
import {
  KINGSTON_2023_AFTER_15,
  nextRound,
  realDivision,
  type RealState,
} from './fixtures/real-states.ts';
import { checkCopRound, loggedStandings, meetings, rankPairs } from './support/cop-checks.ts';

const STATES: Record<string, RealState> = {
  KINGSTON_2023_AFTER_15,
  ...ALBANY_30,
  ...ALBANY_24,
  ...MORE,
  BLS_AFTER_31,
};

/**
 * Pairs `round` of `d` and checks the hard constraints. The phase caps are
 * wall-clock time; a loaded test machine must not turn these into TIMEOUTs
 * (the caps have their own tests in cop.test.ts).
 */
function pair(d: Division, round: number): PairingResult & { ok: true } {
  const res = pairRound(d, round, { copPhaseMillis: 120_000 });
  checkCopRound(d, round, res);
  return res as PairingResult & { ok: true };
}

/** The division with `pairs` as the director's pairs of `round` (others unpaired). */
function withDirectorPairs(d: Division, round: number, pairs: [number, number][]): Division {
  const row: (Slot | null)[] = d.players.map(() => null);
  for (const [a, b] of pairs) {
    row[a] = { opponent: b };
    row[b] = { opponent: a };
  }
  return { ...d, rounds: [...d.rounds.slice(0, round), row] };
}

/** The division with this round's pairing added, unscored (results lag pairings). */
function withPairing(d: Division, round: number, opponent: number[]): Division {
  const row = opponent.map((o, p): Slot | null =>
    o < 0
      ? d.players[p].removed
        ? { opponent: p, outcome: 'forfeit_loss', score: -50 }
        : null
      : { opponent: o },
  );
  return { ...d, rounds: [...d.rounds.slice(0, round), row] };
}

/**
 * The hard constraints hold whatever the simulation count, so these checks
 * run the smallest count the controls allow (the pairings the rules decide,
 * below, keep the fixtures' counts).
 */
const FEWEST_SIMS = { divisionSims: 1000, controlLossSims: 1000 };

describe('COP on real division states: hard constraints hold', () => {
  for (const [name, state] of Object.entries(STATES)) {
    it(`${name}: ${state.event}`, () => {
      const d = realDivision(state, FEWEST_SIMS);
      const round = nextRound(state);
      const res = pair(d, round);
      // No pair meets for a third time, unless a king of the hill forces it
      // (2nd and 3rd of a 31-round event have met three times already).
      const ranks = loggedStandings(d, res);
      const forced = res.log
        .filter((l) => /king of the hill/.test(l))
        .flatMap((l) => [...l.matchAll(/(\d+)v(\d+)/g)].map((m) => `${m[1]}v${m[2]}`));
      for (const [a, b] of rankPairs(res)) {
        if (forced.includes(`${a + 1}v${b + 1}`)) continue;
        const [pa, pb] = [ranks[a].player, ranks[b].player];
        expect(meetings(d, round, pa, pb), `ranks ${a + 1}v${b + 1}`).toBeLessThan(3);
      }
    });
  }
});

const { ALBANY_24_AFTER_16, ALBANY_24_FIRST_FOURTH_EIGHTH_GIBSONIZED, ALBANY_24_THIRD_GIBSONIZED } =
  ALBANY_24;
const { ALBANY_30_AFTER_21, ALBANY_30_AFTER_24_ODD } = ALBANY_30;
const { BELLEVILLE_AFTER_12, BELLEVILLE_FOURTH_LOSES_CONTROL, ONLINE_ALMOST_GIBSONIZED } = MORE;

describe('COP on real division states: the pairings the rules decide', () => {
  it('Belleville after 12 of 15, control loss on: 2nd loses control, so 1st meets 2nd', () => {
    const d = realDivision({ ...BELLEVILLE_AFTER_12, peerActivationRound: 12 });
    const res = pair(d, 12);
    expect(res.log.join('\n')).toMatch(/Destiny's Child: P0 \(rank 2\)/);
    expect(res.pairing.opponent[3]).toBe(0);
  });

  it('Belleville after 12: the director’s pairs 3v10 and 9v11 stay', () => {
    const d = withDirectorPairs(realDivision(BELLEVILLE_AFTER_12), 12, [
      [3, 10],
      [9, 11],
    ]);
    const res = pair(d, 12);
    expect([res.pairing.opponent[3], res.pairing.opponent[9]]).toEqual([10, 11]);
  });

  it('Belleville, 4th can lose control: 1st meets 2nd or 3rd while 4th is not hopeful enough', () => {
    const d = realDivision({ ...BELLEVILLE_FOURTH_LOSES_CONTROL, peerActivationRound: 11 });
    const res = pair(d, 11);
    expect([2, 0]).toContain(res.pairing.opponent[3]);
  });

  it('Belleville, 4th can lose control, hopefulness 1 %: 2nd loses control first, so 1st still meets 2nd', () => {
    // The peer expects 1st v 4th here: its binary search over ranks 2–6 finds
    // 4th. PAIRING.md asks for the highest-ranked player who loses control,
    // and 2nd does (every event won when moved to the leader, about two
    // thirds as scheduled), as the peer itself finds at 2 % (decision 0107).
    const d = realDivision({
      ...BELLEVILLE_FOURTH_LOSES_CONTROL,
      peerActivationRound: 11,
      hopefulness: 0.01,
    });
    const res = pair(d, 11);
    expect(res.log.join('\n')).toMatch(/Destiny's Child: P2 \(rank 2\)/);
    expect(res.pairing.opponent[3]).toBe(2);
  });

  it('Albany (24) with 3rd gibsonized: 1st meets 2nd, the gibsonized 3rd takes the bye, director’s pairs stay', () => {
    const d = withDirectorPairs(realDivision(ALBANY_24_THIRD_GIBSONIZED), 25, [
      [3, 14],
      [20, 21],
    ]);
    const res = pair(d, 25);
    const o = res.pairing.opponent;
    expect([o[0], o[4], o[3], o[20]]).toEqual([1, 4, 14, 21]);
  });

  const finalRound = (
    placePrizes: number,
    classes: Record<number, number> = {},
    classPrizes: number[] = [],
  ) => {
    const d = realDivision({
      ...ALBANY_24_THIRD_GIBSONIZED,
      numRounds: 26,
      placePrizes,
      classPrizes,
    });
    for (const [p, c] of Object.entries(classes)) d.players[Number(p)].class = c;
    return pair(d, 25).pairing.opponent;
  };
  const members = (ps: number[], c: number) => Object.fromEntries(ps.map((p) => [p, c]));

  it('Albany (24), final round: king of the hill for the prize places', () => {
    const o = finalRound(5);
    expect([o[0], o[2], o[12]]).toEqual([1, 9, 15]);
    const eight = finalRound(8);
    expect([eight[0], eight[2], eight[12], eight[5], eight[8]]).toEqual([1, 9, 15, 6, 10]);
  });

  it('Albany (24), final round: class prizes pair the members who can still take them', () => {
    // One prize each: class 1 has a member who can cash anyway, class 2 pairs its top two.
    const one = finalRound(
      5,
      { ...members([9, 2, 12, 15, 5, 8], 1), ...members([14, 13, 17, 21, 23, 19, 20], 2) },
      [1, 1],
    );
    expect([one[0], one[2], one[12], one[14]]).toEqual([1, 9, 15, 13]);
    // Two prizes: 1v2 and 3v4 of the class.
    const two = finalRound(5, members([14, 13, 17, 21, 23, 19, 20], 1), [2]);
    expect([two[14], two[17]]).toEqual([13, 21]);
    // Three prizes, the top two out of reach of the rest: they meet, and so do the next two.
    const three = finalRound(5, members([5, 8, 13, 17, 21, 23, 19, 20], 1), [3]);
    expect([three[5], three[13]]).toEqual([8, 17]);
  });

  it('Albany (24) with 1st, 4th and 8th gibsonized: 2nd meets 3rd, the gibsonized 1st takes the bye; next round a gibsonized player again', () => {
    const d = realDivision(ALBANY_24_FIRST_FOURTH_EIGHTH_GIBSONIZED);
    const res = pair(d, 25);
    const o = res.pairing.opponent;
    expect([o[0], o[1], o[11]]).toEqual([4, 1, -1]);
    // Paired again before round 26 is scored: the final round for pairing
    // purposes. Its king of the hill stays inside the gibson groups (8th,
    // gibsonized, plays 7th in their group: no relaxation needed).
    const next = pair(withPairing(d, 25, o), 26);
    const log = next.log.join('\n');
    expect(log).toContain('Final round king of the hill for the prize places: 2v3, 5v6, 7v8,');
    expect(log).not.toMatch(/Relaxed/);
    expect(next.pairing.opponent[0]).toBe(4);
    // 1st (a bye last round) and 4th (a bye in round 19) are the gibsonized
    // players of the bottom group; either bye is a repeat, the peer gives it
    // to 1st, Tessera's other costs pick 4th (decision 0107).
    const bye = next.pairing.opponent.findIndex((x, p) => x === p);
    expect([1, 2]).toContain(bye);
  });

  it('Albany (30) after 24, leader withdrawn: the gibsonized player takes the bye, twice', () => {
    const d = realDivision(ALBANY_30_AFTER_24_ODD);
    const o = pair(d, 24).pairing.opponent;
    expect(o[10]).toBe(10);
    expect(pair(withPairing(d, 24, o), 25).pairing.opponent[10]).toBe(10);
  });

  it('an online event, 1st nearly gibsonized: the only hopeful winner meets the player just below', () => {
    const res = pair(realDivision(ONLINE_ALMOST_GIBSONIZED), 8);
    expect(res.pairing.opponent[1]).toBe(3);
  });

  it('Albany (24) after 16: the director’s pairs and bye stay, the withdrawn player stays out', () => {
    const res = pair(realDivision(ALBANY_24_AFTER_16), 16);
    const o = res.pairing.opponent;
    expect([o[0], o[19]]).toEqual([22, 19]);
  });

  it('Albany (24) after 16, top-down byes: the bye goes down the standings, one each', () => {
    const state = { ...ALBANY_24_AFTER_16, rounds: ALBANY_24_AFTER_16.rounds.slice(0, 16) };
    let d = realDivision(state, { topDownByes: true, allowRepeatByes: false });
    const byes: number[] = [];
    for (let round = 16; round < 20; round++) {
      const o = pair(d, round).pairing.opponent;
      byes.push(o.findIndex((x, p) => x === p));
      d = withPairing(d, round, o);
    }
    expect(byes).toEqual([1, 4, 2, 5]);
  });

  it('Albany (30) after 21, control loss from this round: the leader meets 4th; with 4th already paired the round is still paired', () => {
    // The peer's figures make 4th Destiny's Child and fail the round
    // (OVERCONSTRAINED) when the director has paired 4th elsewhere. Here 4th
    // stays under the control-loss threshold (wins every event when moved to
    // the leader, 79 % as scheduled: 21 % < 25 %) and meets the leader through
    // prize contention; paired elsewhere by the director, the leader takes
    // the next contender and nothing fails (decision 0107).
    const d = realDivision({ ...ALBANY_30_AFTER_21, peerActivationRound: 21 });
    const res = pair(d, 21);
    expect(res.log.join('\n')).toMatch(/Control loss, P6 \(rank 4\) winning out/);
    expect(res.pairing.opponent[10]).toBe(6);
    const directed = pair(withDirectorPairs(d, 21, [[6, 25]]), 21);
    expect(directed.pairing.opponent[6]).toBe(25);
    expect([4, 0]).toContain(directed.pairing.opponent[10]);
  });

  it('Albany (30) after 21 of 26, second round of control loss: the leader meets the next contender', () => {
    const d = withDirectorPairs(
      realDivision({ ...ALBANY_30_AFTER_21, numRounds: 26, peerActivationRound: 20 }),
      21,
      [[6, 25]],
    );
    const res = pair(d, 21);
    expect(res.pairing.opponent[0]).toBe(10);
  });

  it('BLS after 31 of 32: the gibsonized leader meets a player outside the cashing zone, and the prize places play king of the hill', () => {
    const d = realDivision(BLS_AFTER_31);
    const res = pair(d, 31);
    const log = res.log.join('\n');
    expect(log).toContain(
      'Final round king of the hill for the prize places: 2v3, 4v5, 6v7, 8v9, 10v11, 12v13.',
    );
    const ranks = loggedStandings(d, res);
    expect(ranks[0]).toMatchObject({ player: 9, gibsonized: true });
    const lowestAbsolute = Number(/lowest absolute casher rank (\d+)/.exec(log)![1]) - 1;
    const leaderOpp = rankPairs(res).find(([a]) => a === 0)![1];
    // The peer expects rank 49 (P46), Tessera pairs rank 15 (P4): both are
    // below the cashing zone, which is all the rules decide; the rest is the
    // weights (gap² for a gibsonized player either way; decision 0107).
    expect(leaderOpp).toBeGreaterThan(lowestAbsolute);
    expect(res.pairing.opponent[9]).toBe(4);
  });
});
