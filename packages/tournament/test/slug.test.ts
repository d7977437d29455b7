import { describe, expect, it } from 'vitest';
import {
  isSlug,
  normalizeSlug,
  slugFromUrl,
  slugName,
  slugNameOfPath,
  tournamentRealm,
} from '../src/index.ts';

/** A tournament's address (docs/product/tournaments.md §2), read the same way by server and web. */
describe('slugs', () => {
  it('are /tournament/ or /club/ and a name of 1 to 100 letters, digits, _ and -', () => {
    expect(isSlug('/tournament/spring-open_2')).toBe(true);
    expect(isSlug('/club/madison')).toBe(true);
    expect(isSlug('/club/' + 'x'.repeat(101))).toBe(false);
    expect(isSlug('/game/abc')).toBe(false);
    expect(isSlug('/club/a b')).toBe(false);
    expect(normalizeSlug(' madison ', true)).toBe('/club/madison');
  });

  it('give one realm whether the slug or its name is at hand', () => {
    expect(slugName('/club/madison')).toBe('madison');
    expect(tournamentRealm('/club/madison')).toBe('tournament.madison');
    expect(tournamentRealm('madison')).toBe('tournament.madison');
    expect(slugNameOfPath('/tournament/spring/standings')).toBe('spring');
    expect(slugNameOfPath('/game/abc')).toBeUndefined();
    expect(slugFromUrl('https://tessera.example/tournament/spring/standings')).toBe(
      '/tournament/spring',
    );
  });
});
