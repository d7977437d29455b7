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

  it('round-trips a file in its own form: tabs, spacing, field order, comments, CRLF', () => {
    const file = [
      '# Division A, exported by hand',
      'Ames, Pat\t1820\t2  3 0 ;420  388 50; board 1 2 0 ;p12 1 2 0',
      '',
      'Boyd, Lee   1755 1 0 3;350 -50 401;rrank 2 1 1;p12 2 0 1   # late pairing fixed',
      'Cruz, Kim 1600 0 1 2;50 402 377;class 2;p12 0 1 2',
      'Diaz, Al 1400 0 0 0; 0 0 0; off 1',
    ].join('\r\n');
    const { division, extras, source } = importTsh(file);
    expect(division.players[1].name).toBe('Boyd, Lee');
    expect(division.rounds[0][0]).toEqual({
      opponent: 1,
      first: true,
      score: 420,
      opponentScore: 350,
    });
    expect(exportTsh(division, extras, source)).toBe(file);
    expect(exportTsh(division, extras, source)).toBe(file); // nothing consumed
    const ended = importTsh(`${file}\r\n`);
    expect(exportTsh(ended.division, ended.extras, ended.source)).toBe(`${file}\r\n`);

    // A corrected score rewrites only the two lines it touches, in Tessera's layout.
    division.rounds[2][1]!.score = 411;
    division.rounds[2][2]!.opponentScore = 411;
    const out = exportTsh(division, extras, source).split('\r\n');
    const before = file.split('\r\n');
    expect(out[0]).toBe(before[0]);
    expect(out[1]).toBe(before[1]);
    expect(out[2]).toBe('');
    expect(out[3]).toBe('Boyd, Lee 1755 1 0 3; 350 -50 411; p12 2 0 1; rrank 2 1 1');
    expect(out[4]).toBe(before[4]);
    expect(out[5]).toBe(before[5]);

    // A late entry is added at the end.
    division.players.push({ name: 'Egan, Jo', rating: 1300 });
    for (const r of division.rounds) r.push(null);
    expect(exportTsh(division, extras, source).split('\r\n').at(-2)).toBe(
      'Egan, Jo 1300 0 0 0; 0 0 0',
    );
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
