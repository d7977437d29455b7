import { describe, expect, it } from 'vitest';
import { computeStandings, exportStandingsCsv, exportTsh, importTsh } from '../src/index.ts';
import { createRng, generate, soak } from './support/generate.ts';

const SAMPLE = [
  'Ames, Pat 1820 2 3 0; 420 388 50; p12 1 2 0; board 1 2 0',
  'Boyd, Lee 1755 1 0 3; 350 -50 401; p12 2 0 1; rrank 2 1 1',
  'Cruz, Kim 1600 0 1 2; 50 402 377; p12 0 1 2; class 2',
  'Diaz, Al 1400 0 0 0; 0 0 0; off 1',
]
  .map((l) => `${l}\n`)
  .join('');

describe('TSH .t files', () => {
  it('reads players, pairings, scores, firsts, classes, withdrawals and extra fields', () => {
    const { division: d, extras } = importTsh(SAMPLE);
    expect(d.players.map((p) => p.name)).toEqual([
      'Ames, Pat',
      'Boyd, Lee',
      'Cruz, Kim',
      'Diaz, Al',
    ]);
    expect(d.players[2].class).toBe(2);
    expect(d.players[3].removed).toBe(true);
    expect(d.rounds[0][0]).toEqual({ opponent: 1, first: true, score: 420, opponentScore: 350 });
    expect(d.rounds[0][2]).toEqual({ opponent: 2, outcome: 'bye', score: 50 });
    expect(d.rounds[1][1]).toEqual({ opponent: 1, outcome: 'forfeit_loss', score: -50 });
    expect(extras[0]).toEqual([['board', '1 2 0']]);
    const s = computeStandings(d);
    expect(s[0]).toMatchObject({ player: 0, wins: 2, losses: 1, spread: 70 + -14 + 50 });
  });

  it('round-trips exactly: export(import(file)) is the file', () => {
    const { division, extras } = importTsh(SAMPLE);
    expect(exportTsh(division, extras)).toBe(SAMPLE);
  });

  it('round-trips random tournaments exactly, standings included', () => {
    const rng = createRng(3);
    for (let t = 0; t < soak(30, 2000); t++) {
      const d = generate({
        seed: rng.next(),
        players: 2 + rng.int(40),
        rounds: 1 + rng.int(8),
        method: 'swiss',
        churn: true,
      });
      const text = exportTsh(d);
      const back = importTsh(text, d.numRounds).division;
      expect(exportTsh(back)).toBe(text);
      const key = (x: typeof d) =>
        computeStandings(x).map((s) => [s.player, s.wins, s.losses, s.spread]);
      expect(key(back)).toEqual(key(d));
    }
  });

  it('exports standings only as CSV', () => {
    const csv = exportStandingsCsv(importTsh(SAMPLE).division, 'A');
    expect(csv.split('\n')[0]).toBe('division,rank,name,wins,losses,draws,winpts,spread');
    expect(csv.split('\n')[1]).toBe('A,1,"Ames, Pat",2,1,0,2.0,106');
  });
});
