import { describe, expect, it } from 'vitest';
import type { Refusal } from '@tessera/protocol';
import {
  checkDivisionName,
  checkPairAhead,
  emptyState,
  fold,
  type LogBody,
  type TState,
} from '../src/index.ts';
import { fourPlayers, log } from './fixtures.ts';

const state = (bodies: LogBody[]): TState => fold(log(bodies), emptyState('t'));

function refusal(f: () => unknown): string | undefined {
  try {
    f();
  } catch (err) {
    return (err as Refusal).key;
  }
  return undefined;
}

describe('division names (issue 36, item 5)', () => {
  const s = state(fourPlayers);
  it('are normalised before the duplicate check', () => {
    expect(refusal(() => checkDivisionName(s, 'A '))).toBe('TOURNAMENT_DIVISION_EXISTS');
    expect(refusal(() => checkDivisionName(s, ' A'))).toBe('TOURNAMENT_DIVISION_EXISTS');
    // NFC: "é" as e + combining acute equals the precomposed one.
    const t = state([...fourPlayers, { kind: 'division.added', division: 'Pr\u00e9' }]);
    expect(refusal(() => checkDivisionName(t, 'Pre\u0301'))).toBe('TOURNAMENT_DIVISION_EXISTS');
    expect(checkDivisionName(s, '  Top   section ')).toBe('Top section');
  });
  it('refuse control and invisible characters', () => {
    for (const bad of ['B\u200b', '\u202eB', 'B\nC', 'B\u0007', 'B\u2028C', '\u2066B'])
      expect(
        refusal(() => checkDivisionName(s, bad)),
        JSON.stringify(bad),
      ).toBe('TOURNAMENT_DIVISION_NAME_CHARACTERS');
  });
  it('removing a division removes that one, never every division of the same name', () => {
    // An old log made before the check could hold two divisions named "A".
    const t = state([
      ...fourPlayers,
      { kind: 'division.added', division: 'A' },
      { kind: 'division.removed', division: 'A' },
    ]);
    expect(t.divisions).toHaveLength(1);
  });
});

describe('pairing ahead (issue 36, item 6; decision 0120)', () => {
  const s = state([
    ...fourPlayers,
    {
      kind: 'round.controls',
      division: 'A',
      roundControls: [
        { pairingMethod: 'swiss' },
        { pairingMethod: 'swiss' },
        { pairingMethod: 'round_robin' },
        { pairingMethod: 'king_of_the_hill' },
      ],
    },
  ]);
  const d = s.divisions[0];
  it('a method that pairs by results pairs the next round to open, never one beyond it', () => {
    expect(refusal(() => checkPairAhead(d, 0))).toBeUndefined();
    expect(refusal(() => checkPairAhead(d, 1))).toBe('TOURNAMENT_PAIRING_TOO_EARLY');
    expect(refusal(() => checkPairAhead(d, 3))).toBe('TOURNAMENT_PAIRING_TOO_EARLY');
  });
  it('a method that does not depend on results pairs any round', () => {
    expect(refusal(() => checkPairAhead(d, 2))).toBeUndefined();
  });
});
