import { describe, expect, it } from 'vitest';
import {
  fold,
  emptyState,
  lastAction,
  restoreEntry,
  undoEntry,
  type LogBody,
  type LogEntry,
} from '../src/index.ts';
import { fourPlayers, log, P } from './fixtures.ts';

const result = (round: number, a: string, b: string, scoreA: number, scoreB: number): LogBody => ({
  kind: 'result.set',
  division: 'A',
  round,
  a,
  b,
  scoreA,
  scoreB,
  endReason: 2,
});

const bodies: LogBody[] = [
  ...fourPlayers,
  {
    kind: 'round.controls',
    division: 'A',
    roundControls: [{ pairingMethod: 'manual' }, { pairingMethod: 'manual' }],
  },
  {
    kind: 'pairings.set',
    division: 'A',
    round: 0,
    pairs: [
      { a: P[0], b: P[1] },
      { a: P[2], b: P[3] },
    ],
  },
  { kind: 'round.started', division: 'A', round: 0 },
  result(0, P[0], P[1], 400, 300),
  result(0, P[2], P[3], 350, 360),
];

/** Appends `body` to the log as `actor` (one millisecond after the last entry). */
function append(entries: LogEntry[], body: LogBody, actor = 'u0:td'): LogEntry[] {
  const last = entries.at(-1)!;
  return [...entries, { seq: last.seq + 1, actor, at: last.at + 1, body }];
}

const folded = (entries: LogEntry[]) => fold(entries, emptyState('t'));

describe('undo', () => {
  it("skips players' and games' entries, and each undo goes one action further back", () => {
    let entries = log(bodies);
    entries = append(
      entries,
      { kind: 'ready', division: 'A', round: 0, player: P[0], ready: true },
      P[0],
    );
    expect(lastAction(entries)).toMatchObject({ fromSeq: 8, kinds: ['result.set'] });
    entries = append(entries, undoEntry(entries, folded(entries), true));
    expect(folded(entries).divisions[0].rounds[0][2]?.score).toBeUndefined();
    expect(lastAction(entries)).toMatchObject({ fromSeq: 7 });
    entries = append(entries, undoEntry(entries, folded(entries), true));
    expect(folded(entries).divisions[0].rounds[0][0]?.score).toBeUndefined();
    // A player's own kiosk score is not the director's action.
    entries = append(entries, result(0, P[0], P[1], 410, 300), P[0]);
    expect(lastAction(entries)).toMatchObject({ fromSeq: 6, kinds: ['round.started'] });
  });

  it('asks before removing a result and refuses while a game is in progress', () => {
    let entries = log(bodies);
    expect(() => undoEntry(entries, folded(entries), false)).toThrow(/^1311;1$/);
    entries = log(bodies.slice(0, -2));
    entries = append(
      entries,
      { kind: 'game.started', division: 'A', round: 0, a: P[0], b: P[1], gameId: 'g1' },
      'system',
    );
    expect(() => undoEntry(entries, folded(entries), true)).toThrow(/^1312;ann;bob;1$/);
  });

  it('restores the state the log had before the round after opened, and needs one to have opened', () => {
    let entries = log(bodies);
    expect(() => restoreEntry(entries, folded(entries), 0, true)).toThrow(/^1313;/);
    entries = append(entries, {
      kind: 'pairings.set',
      division: 'A',
      round: 1,
      pairs: [
        { a: P[0], b: P[2] },
        { a: P[1], b: P[3] },
      ],
    });
    // Paired ahead by its own call: the state before the opening holds those pairings.
    const before = folded(entries);
    entries = append(entries, { kind: 'round.started', division: 'A', round: 1 });
    entries = append(entries, result(1, P[0], P[2], 500, 200));
    entries = append(entries, restoreEntry(entries, folded(entries), 0, true));
    const after = folded(entries);
    expect(after.divisions).toEqual(before.divisions);
    expect(after.seq).toBe(entries.length);
  });
});
