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
