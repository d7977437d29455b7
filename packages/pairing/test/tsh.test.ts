import { describe, expect, it } from 'vitest';
import { computeStandings, exportStandingsCsv, exportTsh, importTsh } from '../src/index.ts';
import { createRng, generate, soak } from './support/generate.ts';

/** A `.t` file this test knows to be readable. */
function readTsh(text: string, numRounds?: number) {
  const r = importTsh(text, numRounds);
  if (!r.ok) throw new Error(r.message);
  return r.value;
}

// Written as TSH writes it: name in 22 columns, rating in 5, named fields in
// alphabetical order, `rrank` worked out by hand (Diaz left before round 1:
// ranked before it, then placed among the others after it, then no more).
const SAMPLE = [
  'Ames, Pat               1820 2 3 0; 420 388 50; board 1 2; p12 1 2 0; rrank 1 1 2 1',
  'Boyd, Lee               1755 1 0 3; 350 -50 401; p12 2 0 1; rrank 2 3 3 3',
  'Cruz, Kim               1600 0 1 2; 50 402 377; class B; p12 0 1 2; rrank 3 2 1 2',
  'Diaz, Al                1400 0 0 0; -50 -50 -50; class A; off -50; rrank 4 3',
]
  .map((l) => `${l}\n`)
  .join('');

describe('TSH .t files', () => {
  it('names the first line it cannot read instead of throwing', () => {
    const text = `${SAMPLE}Nobody without a rating\n`;
    expect(importTsh(text)).toEqual({
      ok: false,
      code: 'BAD_TSH',
      line: 5,
      message: 'TSH line 5: cannot read name, rating and opponents: Nobody without a rating',
    });
    expect(importTsh(SAMPLE).ok).toBe(true);
  });

  it('reads players, pairings, scores, firsts, boards, classes, withdrawals and extra fields', () => {
    const { division: d, extras } = readTsh(SAMPLE.replace('off -50', 'off -50; time 1142377028'));
    expect(d.players.map((p) => p.name)).toEqual([
      'Ames, Pat',
      'Boyd, Lee',
      'Cruz, Kim',
      'Diaz, Al',
    ]);
    // Lettered classes are numbered alphabetically for the pairing engine.
    expect(d.players[2]).toMatchObject({ class: 2, className: 'B' });
    expect(d.players[3]).toMatchObject({ class: 1, className: 'A', removed: true });
    expect(d.rounds[0][0]).toEqual({
      opponent: 1,
      first: true,
      score: 420,
      opponentScore: 350,
      board: 1,
    });
    expect(d.rounds[0][2]).toEqual({ opponent: 2, outcome: 'bye', score: 50 });
    expect(d.rounds[1][1]).toEqual({ opponent: 1, outcome: 'forfeit_loss', score: -50 });
    // Derived fields (rrank) are worked out again; unknown ones are kept.
    expect(extras[0]).toEqual([]);
    expect(extras[3]).toEqual([['time', '1142377028']]);
    const s = computeStandings(d);
    expect(s[0]).toMatchObject({ player: 0, wins: 2, losses: 1, spread: 70 + -14 + 50 });
  });

  it('writes TSH layout: export(import(file)) is the file, with no source kept', () => {
    const { division, extras } = readTsh(SAMPLE);
    expect(exportTsh(division, extras)).toBe(SAMPLE);
  });

  it('ranks as TSH does: shared ranks for equal wins and spread, by rating before round 1', () => {
    const { division: d } = readTsh(
      ['A 1500 2; 400', 'B 1500 1; 300', 'C 1400 4; 400', 'D 1300 3; 300'].join('\n'),
    );
    expect(exportTsh(d).match(/rrank [\d ]+/g)).toEqual([
      'rrank 1 1',
      'rrank 1 3',
      'rrank 3 1',
      'rrank 4 3',
    ]);
  });

  it('round-trips a file in its own form: tabs, spacing, field order, comments, CRLF', () => {
    const file = [
      '# Division A, exported by hand',
      'Ames, Pat\t1820\t2  3 0 ;420  388 50; board 1 2 0 ;p12 1 2 0',
      '',
      'Boyd, Lee   1755 1 0 3;350 -50 401;rrank 2 1 1;p12 2 0 1   # late pairing fixed',
      'Cruz, Kim 1600 0 1 2;50 402 377;class 2;p12 0 1 2',
      'Diaz, Al 1400 0 0 0; -50 -50 -50; off -50',
    ].join('\r\n');
    const { division, extras, source } = readTsh(file);
    expect(division.players[1].name).toBe('Boyd, Lee');
    expect(division.rounds[0][0]).toEqual({
      opponent: 1,
      first: true,
      score: 420,
      opponentScore: 350,
      board: 1,
    });
    expect(exportTsh(division, extras, source)).toBe(file);
    expect(exportTsh(division, extras, source)).toBe(file); // nothing consumed
    const ended = readTsh(`${file}\r\n`);
    expect(exportTsh(ended.division, ended.extras, ended.source)).toBe(`${file}\r\n`);

    // A corrected score rewrites only the lines it changes, in TSH's layout
    // (Cruz's own scores and ranks stay, so her line does too).
    division.rounds[2][1]!.score = 411;
    division.rounds[2][2]!.opponentScore = 411;
    const out = exportTsh(division, extras, source).split('\r\n');
    const before = file.split('\r\n');
    expect(out[0]).toBe(before[0]);
    expect(out[1]).toBe(before[1]);
    expect(out[2]).toBe('');
    expect(out[3]).toBe(
      'Boyd, Lee               1755 1 0 3; 350 -50 411; p12 2 0 1; rrank 2 3 3 3',
    );
    expect(out[4]).toBe(before[4]);
    expect(out[5]).toBe(before[5]);

    // A late entry is added at the end.
    division.players.push({ name: 'Egan, Jo', rating: 1300 });
    for (const r of division.rounds) r.push(null);
    expect(exportTsh(division, extras, source).split('\r\n').at(-2)).toBe(
      'Egan, Jo                1300 0 0 0; 0 0 0; rrank 5 3 3 4',
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
      const back = readTsh(text, d.numRounds).division;
      expect(exportTsh(back)).toBe(text);
      const key = (x: typeof d) =>
        computeStandings(x).map((s) => [s.player, s.wins, s.losses, s.spread]);
      expect(key(back)).toEqual(key(d));
    }
  });

  it('exports standings only as CSV', () => {
    const csv = exportStandingsCsv(readTsh(SAMPLE).division, 'A');
    expect(csv.split('\n')[0]).toBe('division,rank,name,wins,losses,draws,winpts,spread');
    expect(csv.split('\n')[1]).toBe('A,1,"Ames, Pat",2,1,0,2.0,106');
  });
});
