import { describe, expect, it } from 'vitest';
import { emptyState, fold, gameOutcomes, type LogBody } from '@tessera/tournament';
import { fourPlayers, log, P } from '../../tournament/test/fixtures.ts';
import { standingsView } from '../src/modules/tournament/views.ts';

// The server's readings of a folded tournament: a game's result, the standings.

const setup = fourPlayers;

describe('a finished tournament game records', () => {
  it('void for an abort or cancel, a forfeit for a forced forfeit, the winner otherwise, a draw by the scores', () => {
    expect(gameOutcomes('ABORTED', -1)).toEqual({ outcomeA: 'void', outcomeB: 'void' });
    expect(gameOutcomes('CANCELLED', 0)).toEqual({ outcomeA: 'void', outcomeB: 'void' });
    expect(gameOutcomes('FORCE_FORFEIT', 1)).toEqual({
      outcomeA: 'forfeit_loss',
      outcomeB: 'forfeit_win',
    });
    expect(gameOutcomes('TIME', 0)).toEqual({ outcomeA: 'win', outcomeB: 'loss' });
    expect(gameOutcomes('RESIGNED', 1)).toEqual({ outcomeA: 'loss', outcomeB: 'win' });
    expect(gameOutcomes('STANDARD', -1)).toEqual({});
  });
});

describe('gibsonization', () => {
  it('a leader nobody can catch with one round left is flagged in the standings', () => {
    const bodies: LogBody[] = [
      ...setup,
      {
        kind: 'round.controls',
        division: 'A',
        roundControls: [1, 2, 3].map(() => ({ pairingMethod: 'manual' as const })),
      },
      {
        kind: 'division.controls',
        division: 'A',
        controls: { gibsonize: true, gibsonSpread: 100, minimumPlacement: 0 },
        extras: { suspendedResult: 'forfeit_loss', suspendedSpread: -50, autoStart: false },
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
      {
        kind: 'result.set',
        division: 'A',
        round: 0,
        a: P[0],
        b: P[1],
        scoreA: 500,
        scoreB: 200,
        endReason: 2,
      },
      {
        kind: 'result.set',
        division: 'A',
        round: 0,
        a: P[2],
        b: P[3],
        scoreA: 400,
        scoreB: 390,
        endReason: 2,
      },
      {
        kind: 'pairings.set',
        division: 'A',
        round: 1,
        pairs: [
          { a: P[0], b: P[2] },
          { a: P[1], b: P[3] },
        ],
      },
      { kind: 'round.started', division: 'A', round: 1 },
      {
        kind: 'result.set',
        division: 'A',
        round: 1,
        a: P[0],
        b: P[2],
        scoreA: 500,
        scoreB: 200,
        endReason: 2,
      },
      {
        kind: 'result.set',
        division: 'A',
        round: 1,
        a: P[1],
        b: P[3],
        scoreA: 400,
        scoreB: 390,
        endReason: 2,
      },
    ];
    const d = fold(log(bodies), emptyState('t')).divisions[0];
    const after2 = standingsView(d)[1].standings!;
    expect(after2[0]).toMatchObject({ playerId: P[0], gibsonized: true });
    expect(after2.slice(1).every((x) => !x.gibsonized)).toBe(true);
    expect(standingsView(d)[0].standings![0].gibsonized).toBe(false);
  });
});
