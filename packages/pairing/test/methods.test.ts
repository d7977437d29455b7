import { describe, expect, it } from 'vitest';
import { fontesGroups } from '../src/methods/initial-fontes.ts';
import { eliminationField } from '../src/methods/elimination.ts';
import { createRng, generate, soak } from './support/generate.ts';
import { checkComplete, checkWellFormed } from './support/invariants.ts';
import { pairRound, quickpair, type Division, type PairingMethod } from '../src/index.ts';

const RUNS = soak(25, 2000);

/** Random sizes: mostly small, sometimes large. */
function size(rng: ReturnType<typeof createRng>, max = soak(60, 512)): number {
  // One in 40 up to the maximum (512 in the soak), the rest small.
  return rng.int(40) === 0 ? 2 + rng.int(max - 1) : 2 + rng.int(Math.min(max, 24) - 1);
}

function pairs(d: Division, r: number): [number, number][] {
  const out: [number, number][] = [];
  d.rounds[r].forEach((s, p) => {
    if (s && s.opponent > p) out.push([p, s.opponent]);
  });
  return out;
}

describe('every method on random tournaments', () => {
  const methods: PairingMethod[] = [
    'random',
    'king_of_the_hill',
    'swiss',
    'quickpair',
    'australian',
    'factor',
    'manual',
  ];
  for (const method of methods) {
    it(`${method}: well-formed, complete rounds with withdrawals, late entries, byes and lagging results`, () => {
      const rng = createRng(method.length * 7919);
      for (let t = 0; t < RUNS; t++) {
        const players = Math.max(size(rng), method === 'factor' ? 6 : 2);
        const rounds = 1 + rng.int(6);
        generate({
          seed: rng.next(),
          players,
          rounds,
          method,
          controls: { factor: 1 + rng.int(2) },
          churn: method !== 'factor',
          lag: rng.int(2) === 0,
          check: (d, _r, res) => {
            const pairing = checkWellFormed(d, res);
            if (method !== 'manual') checkComplete(d, pairing);
          },
        });
      }
    });
  }

  it('round robin: every pair exactly once per cycle, later cycles swap firsts', () => {
    const rng = createRng(11);
    for (let t = 0; t < RUNS; t++) {
      const n = 2 + rng.int(soak(14, 24));
      const cycle = n % 2 ? n : n - 1;
      const d = generate({
        seed: rng.next(),
        players: n,
        rounds: 2 * cycle,
        method: 'round_robin',
        check: (dd, _r, res) => checkComplete(dd, checkWellFormed(dd, res)),
      });
      for (let c = 0; c < 2; c++) {
        const seen = new Set<string>();
        for (let r = c * cycle; r < (c + 1) * cycle; r++)
          for (const [a, b] of pairs(d, r)) seen.add(`${a}:${b}`);
        expect(seen.size).toBe((n * (n - 1)) / 2);
      }
      for (let r = 0; r < cycle; r++) {
        for (const [a, b] of pairs(d, r)) {
          expect(d.rounds[r + cycle][a]!.opponent).toBe(b);
          expect(d.rounds[r + cycle][a]!.first).toBe(!d.rounds[r][a]!.first);
        }
      }
    }
  });

  it('initial Fontes: each opening round pairs players of one group only, a round robin inside each', () => {
    const rng = createRng(12);
    for (let t = 0; t < RUNS; t++) {
      const k = [1, 3, 5][rng.int(3)];
      const n = 2 * (k + 1) + rng.int(soak(30, 120));
      const d = generate({
        seed: rng.next(),
        players: n,
        rounds: k + 2,
        method: (r) => (r < k ? 'initial_fontes' : 'swiss'),
        controls: { initialFontes: k },
        check: (dd, _r, res) => checkComplete(dd, checkWellFormed(dd, res)),
      });
      const groups = fontesGroups(n, k);
      const groupOf = new Map<number, number>();
      groups.forEach((g, i) => g.forEach((p) => groupOf.set(p, i)));
      for (const g of groups) expect(g.length % 2).toBe(0);
      for (let r = 0; r < k; r++)
        for (const [a, b] of pairs(d, r)) expect(groupOf.get(a)).toBe(groupOf.get(b));
      // Groups of exactly k+1 meet everyone once.
      for (const g of groups.filter((x) => x.length === k + 1 && !x.includes(-1))) {
        const met = new Set<string>();
        for (let r = 0; r < k; r++)
          for (const [a, b] of pairs(d, r)) if (g.includes(a)) met.add(`${a}:${b}`);
        expect(met.size).toBe(((k + 1) * k) / 2);
      }
    }
  });

  it('team round robin crosses teams only; every A meets every B gamesPerRound times in a row', () => {
    const rng = createRng(13);
    for (let t = 0; t < RUNS; t++) {
      const n = 2 * (1 + rng.int(soak(8, 16)));
      const gpr = 1 + rng.int(2);
      const d = generate({
        seed: rng.next(),
        players: n,
        rounds: gpr * (n / 2),
        method: 'team_round_robin',
        controls: { gamesPerRound: gpr },
        check: (dd, _r, res) => checkComplete(dd, checkWellFormed(dd, res), 0),
      });
      const met = new Map<string, number>();
      d.rounds.forEach((_, r) => {
        for (const [a, b] of pairs(d, r)) {
          expect(a < n / 2 !== b < n / 2, `team-mates ${a} ${b}`).toBe(true);
          met.set(`${a}:${b}`, (met.get(`${a}:${b}`) ?? 0) + 1);
          if (r % gpr) expect(d.rounds[r - 1][a]!.opponent).toBe(b);
        }
      });
      expect(met.size).toBe((n / 2) ** 2);
      for (const v of met.values()) expect(v).toBe(gpr);
    }
  });

  it('interleaved round robin pairs odd seeds with even seeds only', () => {
    const rng = createRng(14);
    for (let t = 0; t < RUNS; t++) {
      const n = 2 + rng.int(soak(20, 40));
      const rounds = Math.ceil(n / 2);
      const d = generate({
        seed: rng.next(),
        players: n,
        rounds,
        method: 'interleaved_round_robin',
        check: (dd, _r, res) => checkComplete(dd, checkWellFormed(dd, res)),
      });
      const met = new Set<string>();
      d.rounds.forEach((_, r) => {
        for (const [a, b] of pairs(d, r)) {
          expect((a + b) % 2).toBe(1);
          met.add(`${a}:${b}`);
        }
      });
      expect(met.size).toBe(Math.floor(n / 2) * Math.ceil(n / 2) - (n % 2 ? 0 : 0));
    }
  });

  it('elimination keeps the bracket: only undefeated players meet, the field halves each match', () => {
    const rng = createRng(15);
    for (let t = 0; t < RUNS; t++) {
      const matches = 1 + rng.int(soak(4, 9));
      const gpr = 1 + rng.int(3);
      const n = 2 ** matches;
      const d = generate({
        seed: rng.next(),
        players: n,
        rounds: matches * gpr,
        method: 'elimination',
        controls: { gamesPerRound: gpr },
        check: (dd, _r, res) => void checkWellFormed(dd, res),
      });
      for (let m = 0; m < matches; m++) {
        const field = eliminationField(d, gpr, m);
        expect(field).toHaveLength(n >> m);
        const paired = new Set(pairs(d, m * gpr).flat());
        expect([...paired].sort((a, b) => a - b)).toEqual([...field].sort((a, b) => a - b));
        // Bracket: in match m, players meet only within their block of 2^(m+1) seeds' subtree.
        for (const [a, b] of pairs(d, m * gpr))
          expect(bracketBlock(d, a, m, gpr)).toBe(bracketBlock(d, b, m, gpr));
      }
    }
  });
});

/** The block of the bracket a player is in at match m: its first-round pair, halved upwards. */
function bracketBlock(_d: Division, p: number, m: number, _g: number): number {
  return p >> (m + 1);
}

describe('Australian draw: blocked pairs', () => {
  const division = (n: number, blockedPairs: [number, number][]): Division => ({
    players: Array.from({ length: n }, (_, i) => ({ name: `P${i}`, rating: 2000 - 10 * i })),
    numRounds: 3,
    rounds: [],
    roundControls: Array.from({ length: 3 }, () => ({
      pairingMethod: 'australian' as const,
      blockedPairs,
    })),
  });
  const opp = (res: ReturnType<typeof pairRound>) => (res.ok ? res.pairing.opponent : []);

  it('round 1: a blocked casement partner gives way to the nearest bottom-half player', () => {
    expect(opp(pairRound(division(8, []), 0))).toEqual([4, 5, 6, 7, 0, 1, 2, 3]);
    expect(opp(pairRound(division(8, [[4, 0]]), 0))).toEqual([5, 4, 6, 7, 1, 0, 2, 3]);
  });

  it('later rounds: the leader skips a blocked player as it skips one already met', () => {
    const d = division(4, [[0, 1]]);
    d.rounds.push(
      [2, 3, 0, 1].map((o, p) => ({
        opponent: o,
        score: p < 2 ? 420 : 380,
        opponentScore: p < 2 ? 380 : 420,
      })),
    );
    // Standings P0, P1 (2–0 … 1–0), P2, P3: P1 is blocked, P2 already met, so P0 v P3.
    expect(opp(pairRound(d, 1))).toEqual([3, 2, 1, 0]);
  });

  it('keeps blocked pairs apart even when it has to fall back to Swiss, or says who cannot be paired', () => {
    const d = division(4, [
      [0, 1],
      [0, 2],
    ]);
    d.rounds.push(
      [3, 2, 1, 0].map((o, p) => ({
        opponent: o,
        score: p < 2 ? 420 : 380,
        opponentScore: p < 2 ? 380 : 420,
      })),
    );
    const res = pairRound(d, 1);
    expect(opp(res)).toEqual([3, 2, 1, 0]);
    expect(res.log.join('\n')).toMatch(/paired by Swiss .* blocked pairs still apart/);
    const none = pairRound(division(2, [[0, 1]]), 0);
    expect(!none.ok && none.error.code).toBe('OVERCONSTRAINED');
    const bad = pairRound(division(4, [[0, 9]]), 0);
    expect(!bad.ok && bad.error.code).toBe('INVALID_CONTROLS');
  });
});

describe('round robin: a late entry does not shift the schedule', () => {
  const base = (n: number): Division => ({
    players: Array.from({ length: n }, (_, i) => ({ name: `Q${i}`, rating: 1900 - i })),
    numRounds: 6,
    rounds: [],
    roundControls: Array.from({ length: 6 }, () => ({ pairingMethod: 'round_robin' as const })),
  });
  const play = (d: Division, r: number): Division => {
    const res = pairRound(d, r);
    if (!res.ok) throw new Error(res.error.message);
    d.rounds[r] = res.pairing.opponent.map((o, p) =>
      o < 0
        ? null
        : {
            opponent: o,
            score: o === p ? 50 : 400 + p,
            opponentScore: o === p ? undefined : 400 + o,
          },
    );
    return d;
  };

  for (const n of [5, 6]) {
    it(`${n} players, a sixth/seventh entering after two rounds`, () => {
      const plain = play(play(base(n), 0), 1);
      const late = structuredClone(plain);
      late.players.push({ name: 'Late', rating: 1500 });
      for (const r of late.rounds) r.push(null);
      for (let r = 2; r < 5; r++) {
        const a = pairRound(plain, r);
        const b = pairRound(late, r);
        if (!a.ok || !b.ok) throw new Error('unpaired');
        for (let p = 0; p < n; p++) {
          const was = a.pairing.opponent[p];
          if (n % 2 === 1) expect(b.pairing.opponent[p]).toBe(was === p ? n : was);
          else expect(b.pairing.opponent[p]).toBe(was);
        }
        if (n % 2 === 0) expect(b.pairing.opponent[n]).toBe(n); // off the schedule: the bye
        play(plain, r);
        play(late, r);
      }
    });
  }
});

describe('elimination: a level match goes to extra games', () => {
  const division = (numRounds: number): Division => ({
    players: ['A', 'B', 'C', 'D'].map((name, i) => ({ name, rating: 2000 - i })),
    numRounds,
    rounds: [
      // A and B draw 400–400 (level on points and spread); C beats D.
      [
        { opponent: 1, score: 400, opponentScore: 400 },
        { opponent: 0, score: 400, opponentScore: 400 },
        { opponent: 3, score: 450, opponentScore: 380 },
        { opponent: 2, score: 380, opponentScore: 450 },
      ],
    ],
    roundControls: Array.from({ length: numRounds }, () => ({
      pairingMethod: 'elimination' as const,
    })),
  });
  const opp = (res: ReturnType<typeof pairRound>) => (res.ok ? res.pairing.opponent : []);

  it('pairs the level pair again while the event has a round to spare, then goes on', () => {
    const d = division(3);
    const extra = pairRound(d, 1);
    expect(opp(extra)).toEqual([1, 0, -1, -1]);
    expect(extra.log.join('\n')).toMatch(/Extra game: A \(#1\) and B \(#2\) are level/);
    d.rounds.push([
      { opponent: 1, score: 390, opponentScore: 420 },
      { opponent: 0, score: 420, opponentScore: 390 },
      null,
      null,
    ]);
    expect(opp(pairRound(d, 2))).toEqual([-1, 2, 1, -1]); // B won the extra game: B v C
  });

  it('with no round to spare, the higher seed goes through and the log says so', () => {
    const res = pairRound(division(2), 1);
    expect(opp(res)).toEqual([2, -1, 0, -1]);
    expect(res.log.join('\n')).toMatch(
      /no round left for an extra game: the higher seed, A \(#1\), went through/,
    );
  });
});

describe('quickpair for the lobby', () => {
  const sorted = (pairs: [number, number][]) => pairs.map((p) => [...p].sort()).sort();

  it('pairs the nearest ratings', () => {
    expect(
      sorted(quickpair([{ rating: 1500 }, { rating: 2000 }, { rating: 1510 }, { rating: 2010 }])),
    ).toEqual([
      [0, 2],
      [1, 3],
    ]);
  });

  it('lets a long wait outweigh a rating gap, up to 400', () => {
    const seekers = [{ rating: 1500 }, { rating: 1510 }, { rating: 1600, misses: 30 }];
    expect(sorted(quickpair(seekers))).toEqual([[1, 2]]);
    // The credit is capped: a wait cannot bridge 600 points.
    expect(
      sorted(quickpair([{ rating: 1500 }, { rating: 1510 }, { rating: 2200, misses: 99 }])),
    ).toEqual([[0, 1]]);
  });

  it('prefers seekers inside each other’s range', () => {
    const r = (lo: number, hi: number): [number, number] => [lo, hi];
    const seekers = [
      { rating: 1500, range: r(1550, 1700) },
      { rating: 1480, range: r(1600, 1700) },
      { rating: 1600, range: r(1400, 1500) },
      { rating: 1620, range: r(1400, 1500) },
    ];
    // 0v1 and 2v3 are nearest (20 + 20) but nobody is in the other's range;
    // 0v2 and 1v3 (100 + 140) are both mutually in range (−200 each).
    expect(sorted(quickpair(seekers))).toEqual([
      [0, 2],
      [1, 3],
    ]);
    const open = seekers.map(({ rating }) => ({ rating }));
    expect(sorted(quickpair(open))).toEqual([
      [0, 1],
      [2, 3],
    ]);
  });
});
