import { expect } from 'vitest';
import type { Division, PairingResult, RoundPairing } from '../../src/index.ts';

/** Symmetric, inside the field, removed players never paired. */
export function checkWellFormed(d: Division, res: PairingResult): RoundPairing {
  if (!res.ok) throw new Error(`${res.error.code}: ${res.error.message}\n${res.log.join('\n')}`);
  const { opponent, first } = res.pairing;
  opponent.forEach((o, p) => {
    if (o < 0) return;
    expect(o).toBeLessThan(d.players.length);
    expect(opponent[o], `symmetric ${p}-${o}`).toBe(p);
    if (o !== p) expect(first[p] !== first[o], `one of ${p}, ${o} goes first`).toBe(true);
    const existing = d.rounds[res.pairing.round]?.[p];
    if (!existing) expect(d.players[p].removed, `removed player ${p} paired`).toBeFalsy();
  });
  return res.pairing;
}

/** Everyone active is paired or has a bye, with at most `maxByes` new byes. */
export function checkComplete(d: Division, pairing: RoundPairing, maxByes = 1): void {
  const current = d.rounds[pairing.round] ?? [];
  let byes = 0;
  pairing.opponent.forEach((o, p) => {
    if (d.players[p].removed || current[p]) return;
    expect(o, `${d.players[p].name} left unpaired`).toBeGreaterThanOrEqual(0);
    if (o === p) byes++;
  });
  expect(byes).toBeLessThanOrEqual(maxByes);
}
