import { describe, expect, it } from 'vitest';
import { emptyMeta, emptyState, fold, type LogBody } from '../src/index.ts';
import { log } from './fixtures.ts';

const created: LogBody[] = [
  {
    kind: 'created',
    meta: { ...emptyMeta(), name: 'T', slug: '/tournament/t' },
    executiveDirector: 'u0:td',
    directors: [{ id: 'u0:td', readOnly: false }],
  },
  { kind: 'division.added', division: 'A' },
];

const seeds = (bodies: LogBody[]) =>
  fold(log([...created, ...bodies]), emptyState('t')).divisions[0].players.map((p) => p.id);

describe('initial seeding', () => {
  it('seeds by rating, highest first, ties in the order added, across several additions', () => {
    expect(
      seeds([
        {
          kind: 'players.added',
          division: 'A',
          seedByRating: true,
          players: [{ id: 'u1:low', rating: 1200 }],
        },
        {
          kind: 'players.added',
          division: 'A',
          seedByRating: true,
          players: [
            { id: 'u2:mid', rating: 1600 },
            { id: 'u3:top', rating: 2000 },
            { id: 'u4:mid2', rating: 1600 },
          ],
        },
        {
          kind: 'players.added',
          division: 'A',
          seedByRating: true,
          players: [{ id: 'u5:mid3', rating: 1600 }],
        },
      ]),
    ).toEqual(['u3:top', 'u2:mid', 'u4:mid2', 'u5:mid3', 'u1:low']);
  });

  it('a late entry, after pairings exist, joins at the end and nobody else moves', () => {
    expect(
      seeds([
        {
          kind: 'players.added',
          division: 'A',
          seedByRating: true,
          players: [
            { id: 'u1:a', rating: 1500 },
            { id: 'u2:b', rating: 1400 },
          ],
        },
        {
          kind: 'round.controls',
          division: 'A',
          roundControls: [{ pairingMethod: 'manual' }, { pairingMethod: 'manual' }],
        },
        { kind: 'pairings.set', division: 'A', round: 0, pairs: [{ a: 'u1:a', b: 'u2:b' }] },
        {
          kind: 'players.added',
          division: 'A',
          seedByRating: true,
          players: [{ id: 'u3:c', rating: 2100 }],
        },
      ]),
    ).toEqual(['u1:a', 'u2:b', 'u3:c']);
  });

  it('keeps the listed order where the director gave it (or the entry predates seeding by rating)', () => {
    expect(
      seeds([
        {
          kind: 'players.added',
          division: 'A',
          players: [
            { id: 'u1:low', rating: 1200 },
            { id: 'u2:top', rating: 2000 },
          ],
        },
      ]),
    ).toEqual(['u1:low', 'u2:top']);
  });
});
