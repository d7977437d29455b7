import { describe, expect, it } from 'vitest';
import { computeStandings, standingsByRound, type Division } from '../src/index.ts';

const four = (rounds: Division['rounds'], extra: Partial<Division> = {}): Division => ({
  players: ['Ann', 'Bob', 'Cat', 'Dan'].map((name, i) => ({ name, rating: 1500 - i })),
  numRounds: 4,
  rounds,
  ...extra,
});

const game = (opp: number, a: number, b: number) => ({ opponent: opp, score: a, opponentScore: b });

describe('standings', () => {
  it('splits a draw as half a win and half a loss for both', () => {
    const d = four([[game(1, 400, 400), game(0, 400, 400), game(3, 450, 300), game(2, 300, 450)]]);
    const s = computeStandings(d);
    const ann = s.find((x) => x.player === 0)!;
    expect([ann.wins, ann.losses, ann.draws, ann.netWins]).toEqual([0.5, 0.5, 1, 0]);
    expect(s.map((x) => x.player)).toEqual([2, 0, 1, 3]);
  });

  it('counts a bye +50 and a forfeit loss −50 by default, and a bye as entered (+100)', () => {
    const d = four([
      [
        { opponent: 0, outcome: 'bye' },
        { opponent: 1, outcome: 'forfeit_loss' },
        { opponent: 2, outcome: 'bye', score: 100 },
        { opponent: 3, outcome: 'void' },
      ],
    ]);
    const by = Object.fromEntries(computeStandings(d).map((s) => [s.player, s]));
    expect([by[0].wins, by[0].spread]).toEqual([1, 50]);
    expect([by[1].losses, by[1].spread]).toEqual([1, -50]);
    expect([by[2].wins, by[2].spread]).toEqual([1, 100]);
    expect([by[3].played, by[3].wins, by[3].losses]).toEqual([0, 0, 0]);
  });

  it('caps game spreads by the division cap and by a round override, but not byes', () => {
    const rounds = [
      [
        game(1, 600, 200),
        game(0, 200, 600),
        { opponent: 2, outcome: 'bye' as const, score: 400 },
        null,
      ],
      [game(1, 500, 300), game(0, 300, 500), null, null],
    ];
    const d = four(rounds, {
      controls: { spreadCap: 250 },
      roundControls: [{}, { spreadCapOverride: 100 }],
    });
    const by = Object.fromEntries(computeStandings(d).map((s) => [s.player, s]));
    expect(by[0].spread).toBe(250 + 100);
    expect(by[2].spread).toBe(400);
  });

  it('leaves unscored games out (results may lag pairings)', () => {
    const d = four([[{ opponent: 1 }, { opponent: 0 }, game(3, 400, 350), game(2, 350, 400)]]);
    const by = Object.fromEntries(computeStandings(d).map((s) => [s.player, s]));
    expect(by[0].played).toBe(0);
    expect(by[2].wins).toBe(1);
  });

  it('orders by the configured tiebreaks, then seed', () => {
    const rounds = [[game(1, 500, 300), game(0, 300, 500), game(3, 420, 410), game(2, 410, 420)]];
    expect(computeStandings(four(rounds)).map((s) => s.player)).toEqual([0, 2, 3, 1]);
    const byPoints = four(rounds, { controls: { tiebreaks: ['netWins', 'points'] } });
    expect(computeStandings(byPoints).map((s) => s.player)).toEqual([0, 2, 3, 1]);
    const byRating = four(rounds, { controls: { tiebreaks: ['rating'] } });
    expect(computeStandings(byRating).map((s) => s.player)).toEqual([0, 1, 2, 3]);
  });

  it('gibsonizes a leader nobody can catch, within the minimum placement', () => {
    // Ann 3-0 +600 with one round left; the others at most 1-2.
    const r = (a: number, b: number) => [game(b, 500, 300)];
    void r;
    const rounds = [0, 1, 2].map((k) => [
      game(1 + k, 500, 300),
      k === 0 ? game(0, 300, 500) : game(k === 1 ? 3 : 2, 350, 400),
      k === 1 ? game(0, 300, 500) : game(k === 0 ? 3 : 1, 400, 350),
      k === 2 ? game(0, 300, 500) : game(k === 0 ? 2 : 1, 350, 400),
    ]);
    const d = four(rounds, {
      controls: { gibsonize: true, gibsonSpread: 200, minimumPlacement: 0 },
    });
    const s = computeStandings(d);
    expect(s[0].player).toBe(0);
    expect(s[0].gibsonized).toBe(true);
    expect(s.slice(1).some((x) => x.gibsonized)).toBe(false);
    const off = computeStandings({ ...d, controls: { gibsonize: false } });
    expect(off[0].gibsonized).toBe(false);
  });

  it('gives standings after every round', () => {
    const d = four([
      [game(1, 500, 300), game(0, 300, 500), game(3, 420, 410), game(2, 410, 420)],
      [game(2, 300, 500), game(3, 500, 300), game(0, 500, 300), game(1, 300, 500)],
    ]);
    const per = standingsByRound(d);
    expect(per).toHaveLength(2);
    expect(per[0][0].player).toBe(0);
    expect(per[1].find((s) => s.player === 0)!.wins).toBe(1);
    expect(per[1].find((s) => s.player === 2)!.wins).toBe(2);
  });
});
