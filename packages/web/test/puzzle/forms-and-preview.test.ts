import { PuzzleTag } from '@tessera/protocol';
import { describe, expect, it } from 'vitest';
import {
  defaultJobForm,
  jobFormErrors,
  jobRequest,
  MISSING_BUCKET_SIZE,
} from '../../src/features/admin/puzzle-job-form.ts';
import { readCgpPreview } from '../../src/features/puzzle/cgp-board.ts';

describe('the lobby preview’s reading of a CGP line', () => {
  it('lays out the rows and the on-turn rack, with blanks in lower case', () => {
    const rows = ['15', '15', '15', '15', '15', '15', '15', '4CAt8', ...Array(7).fill('15')];
    const p = readCgpPreview(`${rows.join('/')} AEI?RST/ 10/5 0 lex SCOWL-EN;`)!;
    expect(p.rows).toHaveLength(15);
    expect(p.rows.every((r) => r.length === 15)).toBe(true);
    expect(p.rows[7].slice(3, 8)).toEqual(['', 'C', 'A', 't', '']);
    expect(p.rack.join('')).toBe('AEI?RST');
  });

  it('gives nothing for a line that is not a board', () => {
    expect(readCgpPreview('')).toBeNull();
    expect(readCgpPreview('4A/3 AB/ 0/0 0')).toBeNull();
  });
});

describe('the Puzzle Generator form', () => {
  it('starts from the documented defaults and needs a bucket size', () => {
    const f = defaultJobForm();
    expect(f.lexicon).toBe('CSW24');
    expect(f.gameConsiderationLimit).toBe('6000');
    expect(f.equityLossTotalLimit).toBe('150');
    expect(f.daysPerChunk).toBe('1');
    expect(jobFormErrors(f)).toEqual({ bucket0: MISSING_BUCKET_SIZE });
  });

  it('sends numbers and tags once it is filled in', () => {
    const f = defaultJobForm('SCOWL-EN');
    f.buckets = [
      { size: '5', includes: [PuzzleTag.BINGO], excludes: [] },
      { size: '2', includes: [], excludes: [PuzzleTag.BINGO] },
    ];
    expect(jobFormErrors(f)).toEqual({});
    const { request } = jobRequest(f);
    expect(request.gameConsiderationLimit).toBe(6000);
    expect(request.buckets).toEqual([
      { size: 5, includes: [PuzzleTag.BINGO], excludes: [] },
      { size: 2, includes: [], excludes: [PuzzleTag.BINGO] },
    ]);
  });

  it('refuses a start date in another form and a chunk of no days', () => {
    const f = { ...defaultJobForm(), startDate: '3/4/2026', daysPerChunk: '0' };
    f.buckets = [{ size: '1', includes: [], excludes: [] }];
    expect(Object.keys(jobFormErrors(f)).sort()).toEqual(['daysPerChunk', 'startDate']);
  });
});
