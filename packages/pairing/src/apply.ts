import type { Division, RoundPairing, Slot } from './types.ts';

/**
 * Writes a round's pairings into a copy of the division (no results yet):
 * what a caller stores after `pairRound`, and what the generators use.
 */
export function applyPairing(d: Division, pairing: RoundPairing): Division {
  const rounds = d.rounds.map((r) => [...r]);
  while (rounds.length <= pairing.round) rounds.push([]);
  const slots: (Slot | null)[] = d.players.map((_, p) => rounds[pairing.round][p] ?? null);
  pairing.opponent.forEach((o, p) => {
    if (o < 0 || slots[p]) return;
    slots[p] = o === p ? { opponent: p, outcome: 'bye' } : { opponent: o, first: pairing.first[p] };
  });
  rounds[pairing.round] = slots;
  return { ...d, rounds };
}
