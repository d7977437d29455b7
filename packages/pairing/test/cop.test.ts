import { describe, expect, it } from 'vitest';
import { pairRound, type PairingResult } from '../src/index.ts';
import { createRng, generate, soak } from './support/generate.ts';
import { checkComplete, checkWellFormed } from './support/invariants.ts';
import { repeat, scenario } from './support/scenario.ts';

/** Rank pairs of the final "Pairings (ranks)" line of a COP log. */
function rankPairs(res: PairingResult): [number, number][] {
  const line = res.log.filter((l) => l.startsWith('Pairings (ranks)')).at(-1)!;
  return [...line.matchAll(/(\d+)v(\d+)/g)].map((m) => [Number(m[1]) - 1, Number(m[2]) - 1]);
}
const opponentOfRank = (res: PairingResult, r: number) =>
  rankPairs(res).find(([a, b]) => a === r || b === r);

describe('COP, two rounds left (two-rounds-left scenarios, our own fixtures)', () => {
  it('one leader and two players two wins behind: both lose control, so 1st plays 2nd', () => {
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
    const res = pairRound(d, 6);
    expect(res.ok).toBe(true);
    expect(opponentOfRank(res, 0)).toEqual([0, 1]);
    expect(res.log.join('\n')).toMatch(/lose control/);
  });

  it('2nd can still win by winning out: 1st does not play 2nd', () => {
    const d = scenario(
      8,
      8,
      [
        '425 400 430 400 420 400 415 400',
        '425 400 430 400 380 400 385 400',
        '425 400 430 400 420 400 415 400',
        '425 400 430 400 380 400 385 400',
        '425 400 385 400 420 400 415 400',
        '400 425 385 400 380 400 385 400',
      ],
      { placePrizes: 1 },
    );
    const res = pairRound(d, 6);
    expect(res.ok).toBe(true);
    expect(opponentOfRank(res, 0)![1]).toBeGreaterThan(1);
  });

  it('five tied at the top with four prizes: the contenders meet each other', () => {
    const d = scenario(
      10,
      8,
      [
        ...repeat('432 368 422 378 417 383 412 388 407 393', 5),
        '390 410 390 410 390 410 390 410 390 410',
      ],
      {
        placePrizes: 4,
      },
    );
    const res = pairRound(d, 6);
    expect(res.ok).toBe(true);
    const top = rankPairs(res).filter(([a]) => a < 5);
    expect(top.filter(([, b]) => b < 5).length).toBeGreaterThanOrEqual(2);
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
