import { describe, expect, it } from 'vitest';
import { pairRound, type PairingResult, type RoundControls } from '../src/index.ts';
import { createRng, generate, soak } from './support/generate.ts';
import { checkComplete, checkWellFormed } from './support/invariants.ts';
import { mirrored, repeat, scenario } from './support/scenario.ts';
import { KINGSTON_2023_AFTER_15, realDivision } from './fixtures/real-states.ts';

/** Rank pairs of the final "Pairings (ranks)" line of a COP log. */
function rankPairs(res: PairingResult): [number, number][] {
  const line = res.log.filter((l) => l.startsWith('Pairings (ranks)')).at(-1)!;
  return [...line.matchAll(/(\d+)v(\d+)/g)].map((m) => [Number(m[1]) - 1, Number(m[2]) - 1]);
}
const opponentOfRank = (res: PairingResult, r: number) =>
  rankPairs(res).find(([a, b]) => a === r || b === r);

/**
 * Two rounds left (round 7 of 8, six scored), players 2k and 2k+1 meeting
 * every round: the states of the two-rounds-left scenarios PAIRING.md points
 * to, as facts in our own compact form (`mirrored`: player 2k's margin per
 * round). `expected` is COP's full pairing by rank; `why` the log line that
 * decides it. Where the peer's comments expect something else, decision 0080
 * says why Tessera's answer is the one PAIRING.md gives.
 */
const TWO_LEFT: {
  name: string;
  margins: string[];
  controls: Partial<RoundControls>;
  expected: string;
  why: RegExp;
}[] = [
  {
    name: 'five tied at the top with four prizes: 5th loses control, so 1st plays 5th',
    margins: ['+64*5 -20', '+44*5 -20', '+34*5 -20', '+24*5 -20', '+14*5 -20'],
    controls: { placePrizes: 4 },
    expected: '1v5 2v4 3v6 7v8 9v10',
    why: /Destiny's Child: P8 \(rank 5\)/,
  },
  {
    name: 'two at N and two at N−1 with close spreads: nothing forced, 1v3 2v4',
    margins: ['+30*5 -50', '+26*5 -50', '+25*4 -25*2', '+20*4 -20*2'],
    controls: { placePrizes: 2 },
    expected: '1v3 2v4 5v6 7v8',
    why: /Control loss: nobody loses control/,
  },
  {
    name: 'two at N and two at N−1 far behind on spread: only 2nd can catch 1st, 1v2',
    margins: ['+110*5 -50', '+90*5 -50', '+25*4 -100*2', '+25*4 -125*2'],
    controls: { placePrizes: 2 },
    expected: '1v2 3v4 5v6 7v8',
    why: /Lowest hopeful per place: 1: rank 2,/,
  },
  {
    name: '2nd can still win by winning out: 1st does not play 2nd (factor-3: 1v4 2v5 3v6)',
    margins: ['+25*5 -25', '+30*4 -15*2', '+20 -20 +20 -20 +20 -20', '+15 -15 +15 -15 +15 -15'],
    controls: { placePrizes: 1 },
    expected: '1v4 2v5 3v6 7v8',
    why: /Factor-3 check: forcing 1v4, 2v5, 3v6\./,
  },
  {
    name: 'two at N and two at N−2: with a final king of the hill only 2nd can win, 1v2',
    margins: ['+70*5 -50', '+50*5 -50', '+20 -20 +20 -20 +20 -20', '+10 -26 +10 -26 +10 -26'],
    controls: { placePrizes: 2 },
    expected: '1v2 3v5 4v6 7v8',
    why: /Lowest hopeful per place: 1: rank 2,/,
  },
  {
    name: 'one at N and two at N−2: 2nd would lose control under 1v4, so 1st plays 2nd',
    margins: ['+50*5 -50', '+40*3 -23*3', '+20 -20 +20 -20 +20 -20', '+20 -20 +20 -20 +20 -20'],
    controls: { placePrizes: 2 },
    expected: '1v2 3v6 4v5 7v8',
    why: /P2 \(rank 2\) would lose control under 1v4 2v5 3v6/,
  },
  {
    name: 'six close contenders for three prizes: factor 3, 1v4 2v5 3v6',
    margins: ['+20*5 -20', '+12*5 -12', '+8*5 -8', '+4*5 -4', '+2*5 -2', '+1*5 -1'],
    controls: { placePrizes: 3 },
    expected: '1v4 2v5 3v6 7v8 9v10 11v12',
    why: /4th, 5th and 6th can each hopefully reach 1st, 2nd and 3rd/,
  },
  {
    name: '4th with the best spread: nobody loses control under factor 3, no factor-3 pairs',
    margins: [
      '+20*5 -95',
      '+15*4 -26 -30',
      '+14*4 -27 -26',
      '+110 -10 +110 -10 +110 -10',
      '+22 -17 +22 -17 +22 -17',
      '+20 -22 +20 -22 +20 -22',
    ],
    controls: { placePrizes: 3, controlLossThreshold: 0.3 },
    expected: '1v3 2v6 4v8 5v7 9v10 11v12',
    why: /Control loss: nobody loses control/,
  },
];

const rankLine = (res: PairingResult) =>
  rankPairs(res)
    .map(([a, b]) => `${a + 1}v${b + 1}`)
    .join(' ');

describe('COP, two rounds left (two-rounds-left scenarios, our own fixtures)', () => {
  for (const s of TWO_LEFT) {
    it(s.name, () => {
      const res = pairRound(mirrored(s.margins, 8, s.controls), 6);
      expect(res.ok, res.log.join('\n')).toBe(true);
      expect(rankLine(res)).toBe(s.expected);
      expect(res.log.join('\n')).toMatch(s.why);
    });
  }

  it('does not claim to force a factor-3 pair the director has already paired', () => {
    const d = mirrored(['+20*5 -20', '+12*5 -12', '+8*5 -8', '+4*5 -4', '+2*5 -2', '+1*5 -1'], 8, {
      placePrizes: 3,
    });
    // Ranks 2 and 5 are P2 and P8; the director has paired them already.
    d.rounds.push(
      d.players.map((_, p) => (p === 2 ? { opponent: 8 } : p === 8 ? { opponent: 2 } : null)),
    );
    const res = pairRound(d, 6);
    expect(res.ok).toBe(true);
    expect(res.log).toContain('Factor-3 check: forcing 1v4, 3v6.');
    expect(res.log).toContain(
      'Factor-3 check: not forcing 2v5 (P2 and P8 already paired by the director).',
    );
    if (res.ok) expect([res.pairing.opponent[0], res.pairing.opponent[2]]).toEqual([6, 8]);
  });

  it('the final round is king of the hill down to the lowest absolute casher', () => {
    const d = scenario(
      8,
      8,
      [
        ...repeat('430 400 420 400 410 400 405 400', 4),
        ...repeat('400 430 400 420 400 410 400 405', 3),
      ],
      {
        placePrizes: 2,
      },
    );
    const res = pairRound(d, 7);
    expect(res.ok).toBe(true);
    expect(rankPairs(res)).toContainEqual([0, 1]);
  });

  describe('class-prize king of the hill in the final round', () => {
    // P0 7-0 runs away with the one place prize; class 1 (P3 2-5 −90, P5 3-4
    // −20, P7 3-4 −10) has one prize, which all three can still take.
    const state = () => {
      const d = mirrored(['+50*7', '+30*5 -30*2', '+20*4 -20*3', '+10*4 -10*3', '-40*4 +40*3'], 8, {
        placePrizes: 1,
        classPrizes: [1],
      });
      for (const p of [3, 5, 7]) d.players[p].class = 1;
      return d;
    };

    it('pairs the two best class members who can still take the prize', () => {
      const res = pairRound(state(), 7);
      expect(res.ok).toBe(true);
      expect(res.log).toContain('Class 1 prize king of the hill: 6v7.');
      if (res.ok) expect(res.pairing.opponent[7]).toBe(5);
    });

    it('passes over a member the director has already paired', () => {
      const d = state();
      d.rounds.push(
        d.players.map((_, p) => (p === 7 ? { opponent: 0 } : p === 0 ? { opponent: 7 } : null)),
      );
      const res = pairRound(d, 7);
      expect(res.ok).toBe(true);
      expect(res.log).toContain(
        'Class 1 prize king of the hill: 7v9 (passed over, already paired: P7).',
      );
      if (res.ok) expect(res.pairing.opponent[5]).toBe(3);
    });

    it('forces nothing when no other class member can still catch the leader', () => {
      const d = state();
      d.players[5].class = 0;
      d.players[7].class = 0;
      d.players[1].class = 1; // P1 (0-7) is four net wins behind P3 (2-5)
      const res = pairRound(d, 7);
      expect(res.ok).toBe(true);
      expect(res.log.join('\n')).not.toMatch(/Class 1 prize/);
    });
  });

  it('is deterministic from the seed', () => {
    const d = scenario(10, 8, repeat('432 368 422 378 417 383 412 388 407 393', 6), {
      placePrizes: 3,
    });
    const a = pairRound(d, 6);
    const b = pairRound(d, 6);
    expect(a.ok && b.ok && a.pairing).toEqual(b.ok && b.pairing);
    const untimed = (r: PairingResult) => r.log.map((l) => l.replace(/ in \d+ ms/, ''));
    expect(untimed(a)).toEqual(untimed(b));
  });

  it('relaxes an impossible constraint, says which and why, and still pairs the round', () => {
    // As in the first scenario, but the director has already paired Destiny's
    // Child (P2) with P3: the leader has no legal opponent left.
    const d = scenario(
      8,
      8,
      [
        '450 400 440 400 420 400 420 400',
        '450 400 440 400 380 400 380 400',
        '450 400 440 400 420 400 420 400',
        '450 400 400 423 380 400 380 400',
        '450 400 400 423 420 400 420 400',
        '400 450 400 423 380 400 380 400',
      ],
      { placePrizes: 2 },
    );
    d.rounds.push(
      d.players.map((_, p) => (p === 2 ? { opponent: 3 } : p === 3 ? { opponent: 2 } : null)),
    );
    const res = pairRound(d, 6);
    expect(res.ok).toBe(true);
    const log = res.log.join('\n');
    expect(log).toMatch(/Destiny's Child: P2/);
    expect(log).toMatch(/Relaxed control loss: P0\b.* had no legal opponent with it\./);
    if (res.ok) expect(res.pairing.opponent[2]).toBe(3);
  });
});

describe('COP on real division states', () => {
  it('Kingston 2023 after 15 of 23 rounds: contenders meet by rank, no repeats among them', () => {
    const d = realDivision(KINGSTON_2023_AFTER_15);
    // The phase caps are wall-clock time: a busy machine must not turn this into a TIMEOUT.
    const res = pairRound(d, 15, { copPhaseMillis: 120_000 });
    expect(res.ok, res.log.join('\n')).toBe(true);
    expect(rankLine(res)).toBe(
      '1v4 2v3 5v8 6v9 7v10 11v12 13v24 14v22 15v21 16v17 18v20 19v23 25v26',
    );
    expect(res.log.join('\n')).toMatch(
      /lowest hopeful casher rank 10, lowest absolute casher rank 19\./,
    );
    if (!res.ok) return;
    const met = (a: number, b: number) => d.rounds.filter((r) => r[a]?.opponent === b).length;
    const top = res.log.find((l) => l.startsWith('   1  '))!;
    expect(top).toMatch(/Eric Goldstein +12-3 +822/);
    // The ten hopeful cashers (ranks 1–10) meet nobody for a third time.
    for (const [x, y] of rankPairs(res).filter(([x]) => x < 10)) {
      const pa = d.players.findIndex((p) =>
        res.log.some((l) => l.startsWith(`${String(x + 1).padStart(4)}  ${p.name}`)),
      );
      const pb = d.players.findIndex((p) =>
        res.log.some((l) => l.startsWith(`${String(y + 1).padStart(4)}  ${p.name}`)),
      );
      expect(met(pa, pb), `ranks ${x + 1}v${y + 1}`).toBeLessThan(2);
    }
  });
});

describe('COP time caps: out of time, fewer simulations, never a failed round (issue 36)', () => {
  const state = () =>
    mirrored(['+64*5 -20', '+44*5 -20', '+34*5 -20', '+24*5 -20', '+14*5 -20'], 8, {
      placePrizes: 4,
      divisionSims: 200_000,
    });

  it('decides on the minimum of simulations with a cap of 0, and says so', () => {
    const res = pairRound(state(), 6, { copPhaseMillis: { simulation: 0 } });
    expect(res.ok, res.log.join('\n')).toBe(true);
    expect(res.log.join('\n')).toMatch(
      /Time cap of 0 ms reached: deciding on 1024 of 200000 simulations\./,
    );
  });

  it('decides the control-loss and factor-3 checks on fewer simulations, and says so', () => {
    const d = state();
    d.roundControls![6].divisionSims = 1000;
    const f3 = pairRound(d, 6, { copPhaseMillis: { factor3: 0 } });
    expect(f3.ok, f3.log.join('\n')).toBe(true);
    expect(f3.log.join('\n')).toMatch(
      /Time cap of 0 ms reached: factor-3 check decided on fewer than \d+ simulations\./,
    );
    const cl = pairRound(d, 6, { copPhaseMillis: { controlLoss: 0 } });
    expect(cl.ok, cl.log.join('\n')).toBe(true);
    expect(cl.log.join('\n')).toMatch(
      /Time cap reached: control loss decided on fewer than \d+ simulations per candidate\./,
    );
    expect(cl.log.join('\n')).toMatch(/winning out: wins \d+\/512 when moved/);
  });

  it('out of time with enough simulated, decides on fewer simulations and says so (issue 36)', () => {
    // 50 million asked: a fast machine runs 200,000 in under 150 ms, so the
    // request must be far beyond what any machine finishes within the cap.
    const d = state();
    d.roundControls![6].divisionSims = 50_000_000;
    const res = pairRound(d, 6, { copPhaseMillis: { simulation: 150 } });
    expect(res.ok, res.log.join('\n')).toBe(true);
    expect(res.log.join('\n')).toMatch(
      /Time cap of 150 ms reached: deciding on \d+ of 50000000 simulations\./,
    );
  });

  it('answers as usual under the default caps', () => {
    const d = state();
    d.roundControls![6].divisionSims = 1000;
    expect(pairRound(d, 6).ok).toBe(true);
  });
});

describe('COP on random tournaments: hard constraints hold in every round it pairs', () => {
  it("groups, Destiny's Child and the final-round king of the hill", () => {
    const rng = createRng(21);
    const runs = soak(5, 1000);
    for (let t = 0; t < runs; t++) {
      const players = 4 + rng.int(soak(14, 40));
      const rounds = 4 + rng.int(8);
      generate({
        seed: rng.next(),
        players,
        rounds,
        method: (r) => (r >= Math.ceil(rounds / 2) ? 'cop' : 'swiss'),
        controls: {
          divisionSims: 1000,
          controlLossSims: 1000,
          placePrizes: 1 + rng.int(4),
          gibsonSpreads: [250, 200],
          hopefulnessThresholds: [0.1, 0.05],
        },
        churn: rng.int(2) === 0,
        check: (d, r, res) => {
          const pairing = checkWellFormed(d, res);
          checkComplete(d, pairing);
          if (d.roundControls![r].pairingMethod !== 'cop') return;
          const log = res.log.join('\n');
          const pairs = rankPairs(res);
          const groups = /Gibson groups by rank: ([\d ]+)/.exec(log)?.[1].split(' ').map(Number);
          if (groups && !log.includes('Relaxed gibson groups')) {
            for (const [a, b] of pairs)
              expect(groups[a], `ranks ${a + 1}v${b + 1} cross groups`).toBe(groups[b]);
          }
          const child = /Destiny's Child: .* \(rank (\d+)\)/.exec(log);
          if (child && !log.includes('Relaxed control loss')) {
            const c = Number(child[1]) - 1;
            expect([c, c - 1]).toContain(opponentOfRank(res, 0)![1]);
          }
          const koth = /Final round king of the hill for the prize places: (.*)\./.exec(log);
          if (koth && !log.includes('Relaxed final-round')) {
            for (const m of koth[1].matchAll(/(\d+)v(\d+)/g))
              expect(pairs).toContainEqual([Number(m[1]) - 1, Number(m[2]) - 1]);
          }
        },
      });
    }
  });
});

describe('COP time caps in a big field', () => {
  it('decides a 24-player field with a cap of 1 ms on fewer simulations', () => {
    const players = 24;
    const margins = Array.from({ length: players / 2 }, (_, k) => `+${60 - 4 * k}*5 -20`);
    const d = mirrored(margins, 8, { placePrizes: 8, divisionSims: 200_000 });
    const res = pairRound(d, 6, { copPhaseMillis: 1 });
    expect(res.ok, res.log.join('\n')).toBe(true);
    expect(res.log.join('\n')).toMatch(
      /Time cap of 1 ms reached: deciding on \d+ of 200000 simulations\./,
    );
  });
});
