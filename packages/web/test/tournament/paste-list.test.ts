import { describe, expect, it } from 'vitest';
import { toolGroups } from '../../src/features/tournament/director-tools.ts';
import { lineNamed, readPastedList } from '../../src/features/tournament/director/paste-list.ts';

/** Add players, a pasted list (issue 36, item 19): each accepted form, each line's error. */
describe('a pasted player list', () => {
  it('reads every accepted form, skipping blank and # lines', () => {
    const lines = readPastedList(
      [
        'alice 1830',
        '',
        '# March ratings',
        'bob 1720 Bob  Baker',
        'cat,1650',
        'dan,1500,Dunn, Dan',
        'eve;1400;Evans, Eve;B',
        'fay\t1300\tFoley, Fay\tC',
      ].join('\r\n'),
      true,
    );
    expect(lines.map((l) => [l.line, l.error, l.person])).toEqual([
      [1, undefined, { id: 'alice', rating: 1830 }],
      [4, undefined, { id: 'bob', rating: 1720, name: 'Bob Baker' }],
      [5, undefined, { id: 'cat', rating: 1650 }],
      [6, undefined, { id: 'dan', rating: 1500, name: 'Dunn, Dan' }],
      [7, undefined, { id: 'eve', rating: 1400, name: 'Evans, Eve', className: 'B' }],
      [8, undefined, { id: 'fay', rating: 1300, name: 'Foley, Fay', className: 'C' }],
    ]);
  });

  it('names what is wrong on each line', () => {
    const errors = readPastedList(
      [
        'Alice Smith 1830',
        'bob',
        'cat 4001',
        'dan -5',
        'eve 1500 Evans 2',
        'fay;1300;Foley;C-1',
        'gus;1;2;3;4',
        'héctor 1500',
        'alice2 1500',
        'ALICE2 1400',
        'taken 1500',
      ].join('\n'),
      true,
      new Map([['taken', 'B']]),
    ).map((l) => l.error);
    expect(errors).toEqual([
      '"Smith" is not a rating: write the username, then a whole number from 0 to 4000',
      'Missing rating',
      '"4001" is not a rating: write the username, then a whole number from 0 to 4000',
      '"-5" is not a rating: write the username, then a whole number from 0 to 4000',
      'Names are 1 to 40 characters, without ; or #, and do not end in a number',
      'Classes are 1 to 8 letters or digits',
      'Too many fields: username, rating, name, class',
      '"héctor" is not a username (letters, digits, . _ -)',
      undefined,
      'ALICE2 is listed twice (line 9)',
      'taken already plays in division B',
    ]);
  });

  it('without ratings takes a username alone, and finds the line a refusal names', () => {
    const lines = readPastedList('alice\nbob 1500', false);
    expect(lines.map((l) => l.person)).toEqual([
      { id: 'alice', rating: 0 },
      { id: 'bob', rating: 0 },
    ]);
    expect(lineNamed(lines, 'User bob not found.')).toBe(2);
    expect(lineNamed(lines, 'Something else.')).toBeUndefined();
  });
});

describe('the Print tool', () => {
  it('is in In-Tournament, for read-only directors too; clubs have none', () => {
    const ids = (o: { canDirect: boolean; finished: boolean }) =>
      toolGroups('standard', o).flatMap((g) => g.tools.map((t) => t.id));
    expect(ids({ canDirect: true, finished: false })).toContain('printouts');
    expect(ids({ canDirect: false, finished: false })).toEqual(['tournament-log', 'printouts']);
    expect(toolGroups('club').flatMap((g) => g.tools.map((t) => t.id))).not.toContain('printouts');
  });
});
