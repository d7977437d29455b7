import type { Division, RoundControls, Slot } from '../../src/index.ts';

/**
 * A division where players 2k and 2k+1 meet every round (so results alone set
 * the standings), with one line of scores per round ("own score of player 0,
 * player 1, …"), paired by COP from `copFrom`.
 */
export function scenario(
  players: number,
  numRounds: number,
  scoreLines: string[],
  controls: Partial<RoundControls> = {},
): Division {
  const rounds = scoreLines.map((line) => {
    const s = line.trim().split(/\s+/).map(Number);
    return Array.from({ length: players }, (_, p): Slot => {
      const o = p ^ 1;
      return { opponent: o, score: s[p], opponentScore: s[o], first: p % 2 === 0 };
    });
  });
  return {
    players: Array.from({ length: players }, (_, i) => ({ name: `P${i}`, rating: 2000 - i })),
    numRounds,
    rounds,
    roundControls: Array.from({ length: numRounds }, (_, r) => ({
      pairingMethod: r >= Math.ceil(numRounds / 2) ? ('cop' as const) : ('swiss' as const),
      gibsonSpreads: [250, 200],
      hopefulnessThresholds: [0.02],
      controlLossThreshold: 0.25,
      divisionSims: 20_000,
      controlLossSims: 10_000,
      controlLossActivationRound: numRounds - 3,
      ...controls,
    })),
  };
}

export function repeat(line: string, times: number): string[] {
  return Array.from({ length: times }, () => line);
}

/**
 * A two-rounds-left state in a compact form: players 2k and 2k+1 meet every
 * round, and `margins[k]` lists player 2k's margin per round ("+25*5 -25":
 * won five rounds by 25, lost the sixth by 25; 0 is a tie). Player 2k+1's
 * record is the mirror image. Scores are 400 for the loser.
 */
export function mirrored(
  margins: string[],
  numRounds: number,
  controls: Partial<RoundControls> = {},
): Division {
  const perPair = margins.map((m) =>
    m
      .trim()
      .split(/\s+/)
      .flatMap((tok) => {
        const [v, times] = tok.split('*');
        return Array.from({ length: Number(times ?? 1) }, () => Number(v));
      }),
  );
  const played = perPair[0].length;
  if (perPair.some((p) => p.length !== played)) throw new Error('uneven margins');
  const lines = Array.from({ length: played }, (_, r) =>
    perPair
      .map((p) => {
        const m = p[r];
        return m >= 0 ? `${400 + m} 400` : `400 ${400 - m}`;
      })
      .join(' '),
  );
  return scenario(margins.length * 2, numRounds, lines, controls);
}
