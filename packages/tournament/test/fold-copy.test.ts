/**
 * Issue 36, item 12: a fold copies only the round its entries change and
 * shares the rest with the state it started from. Folding entry by entry must
 * give what folding the whole log at once gives, and never change the state
 * it started from (the server's cache hands that state out).
 */
import { describe, expect, it } from 'vitest';
import { emptyState, fold, type LogBody, type TState } from '../src/index.ts';
import { fourPlayers, log, P } from './fixtures.ts';

const pairs = (round: number): LogBody => ({
  kind: 'pairings.set',
  division: 'A',
  round,
  pairs: [
    { a: P[0], b: P[round % 2 ? 2 : 1], aFirst: true },
    { a: P[round % 2 ? 1 : 2], b: P[3], aFirst: false },
  ],
});
const result = (round: number, a: string, b: string, scoreA: number): LogBody => ({
  kind: 'result.set',
  division: 'A',
  round,
  a,
  b,
  scoreA,
  scoreB: 350,
  endReason: 2,
});

const bodies: LogBody[] = [
  ...fourPlayers,
  { kind: 'division.added', division: 'B' },
  {
    kind: 'round.controls',
    division: 'A',
    roundControls: [{ pairingMethod: 'manual' }, { pairingMethod: 'manual' }],
  },
  pairs(0),
  { kind: 'round.started', division: 'A', round: 0 },
  { kind: 'ready', division: 'A', round: 0, player: P[0], ready: true },
  { kind: 'game.started', division: 'A', round: 0, a: P[0], b: P[1], gameId: 'g1' },
  result(0, P[0], P[1], 400),
  { kind: 'score.held', division: 'A', round: 0, a: P[2], b: P[3], scoreA: 1, scoreB: 2, by: P[2] },
  result(0, P[2], P[3], 300),
  // A late entry and a withdrawal: the next round's opening gives forfeits.
  { kind: 'players.added', division: 'A', players: [{ id: 'u5:eve', rating: 1500 }] },
  { kind: 'players.removed', division: 'A', ids: [P[3]] },
  pairs(1),
  { kind: 'round.started', division: 'A', round: 1 },
  result(1, P[0], P[2], 420),
  // An amendment of round 1 after round 2 opened.
  result(0, P[0], P[1], 310),
];

describe('fold copies only what its entries change (issue 36 item 12)', () => {
  it('entry by entry gives the whole-log fold, and never changes the state it started from', () => {
    const entries = log(bodies);
    let s: TState = emptyState('t');
    for (let i = 0; i < entries.length; i++) {
      const before = JSON.stringify(s);
      const next = fold([entries[i]], s);
      expect(JSON.stringify(s), `entry ${i} (${entries[i].body.kind}) changed its input`).toBe(
        before,
      );
      expect(next).toEqual(fold(entries.slice(0, i + 1), emptyState('t')));
      s = next;
    }
  });

  it("a result shares the other rounds' rows and the players with the state before it", () => {
    const entries = log(bodies);
    const before = fold(entries.slice(0, -1), emptyState('t'));
    const after = fold(entries.slice(-1), before);
    const [a, b] = [before.divisions[0], after.divisions[0]];
    expect(b.rounds[1]).toBe(a.rounds[1]);
    expect(b.rounds[0]).not.toBe(a.rounds[0]);
    expect(b.players).toBe(a.players);
    expect(after.divisions[1]).toBe(before.divisions[1]);
  });
});
