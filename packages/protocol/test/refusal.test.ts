import { describe, expect, it } from 'vitest';
import { ERRORS, refuse, Refusal, renderError, type ErrorParams } from '../src/index.ts';

// Compiled by `tsc -b` (the root tsconfig takes packages/*/test): each line
// marked as an expected type error fails the build if it stops being one.
describe('refusals', () => {
  it('take exactly as many parameters as their text has markers', () => {
    const r = refuse('TOURNAMENT_ROUND_RANGE', 12);
    expect(r.params).toEqual([12]);
    expect(renderError(r.message)).toBe('Round number must be between 1 and 12.');
    // @ts-expect-error one marker, no parameter
    refuse('TOURNAMENT_ROUND_RANGE');
    // @ts-expect-error one marker, two parameters
    refuse('TOURNAMENT_ROUND_RANGE', 12, 13);
    // @ts-expect-error no marker, one parameter
    refuse('NOT_LOGGED_IN', 'x');
    const three: ErrorParams<'TOURNAMENT_PREVIOUS_ROUND_INCOMPLETE'> = [2, 'cat', 1];
    expect(refuse('TOURNAMENT_PREVIOUS_ROUND_INCOMPLETE', ...three).message).toBe(
      `${ERRORS.TOURNAMENT_PREVIOUS_ROUND_INCOMPLETE.code};2;cat;1`,
    );
  });

  it('carry their key’s Connect code, or another one the catalogue lists for it', () => {
    expect(refuse('TOURNAMENT_ROUND_RANGE', 12).connect).toBe('invalid_argument');
    expect(refuse('NOT_LOGGED_IN').connect).toBe('unauthenticated');
    // INVALID_REQUEST lists three codes; the first is the usual one.
    expect(refuse('INVALID_REQUEST', 'x').connect).toBe('invalid_argument');
    const other = refuse('INVALID_REQUEST', 'x').as('unimplemented');
    expect(other).toBeInstanceOf(Refusal);
    expect(other.connect).toBe('unimplemented');
    expect(other.message).toBe(`${ERRORS.INVALID_REQUEST.code};x`);
    // @ts-expect-error not one of INVALID_REQUEST's codes
    refuse('INVALID_REQUEST', 'x').as('not_found');
    // @ts-expect-error a key with one code has no other
    refuse('NOT_LOGGED_IN').as('permission_denied');
  });
});
