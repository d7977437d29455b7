import { describe, expect, it } from 'vitest';
import type { Refusal } from '@tessera/protocol';
import { checkDivisionName, emptyState, fold, type LogBody, type TState } from '../src/index.ts';
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
