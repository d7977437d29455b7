/**
 * Initial seeding (issue 36 item 18): players are seeded by rating, highest
 * first, ties in the order added, unless the director keeps their own order
 * (a TSH file's player numbers).
 */
import { describe, expect, it } from 'vitest';
import { registerUser, uniqueName, useTestServer } from './harness.ts';
import { createTournament, tournamentManager, tournamentOk } from './tournament-helpers.ts';

const server = useTestServer();

async function seeds(keepOrder: boolean): Promise<string[]> {
  const td = await tournamentManager(server);
  const id = await createTournament(server, td, { slug: uniqueName('seed'), name: 'Seeding' });
  await tournamentOk(server, 'AddDivision', { id, division: 'A' }, td.cookie);
  const [low, top, mid, mid2] = await Promise.all([1, 2, 3, 4].map(() => registerUser(server)));
  const add = (persons: { id: string; rating: number }[]) =>
    tournamentOk(server, 'AddPlayers', { id, division: 'A', persons, keepOrder }, td.cookie);
  await add([{ id: low.username, rating: 1200 }]);
  await add([
    { id: mid.username, rating: 1600 },
    { id: top.username, rating: 2000 },
    { id: mid2.username, rating: 1600 },
  ]);
  const t = await tournamentOk(server, 'GetTournament', { id });
  const div = (t.divisions as Record<string, { players: { id: string }[] }>).A;
  const name = new Map(
    [low, top, mid, mid2].map((u, i) => [u.username, ['low', 'top', 'mid', 'mid2'][i]]),
  );
  return div.players.map((p) => name.get(p.id.split(':')[1])!);
}

describe('tournaments: initial seeding', () => {
  it('seeds players by rating, highest first, ties in the order added', async () => {
    expect(await seeds(false)).toEqual(['top', 'mid', 'mid2', 'low']);
  });

  it('keeps the order listed when the director asks for it', async () => {
    expect(await seeds(true)).toEqual(['low', 'mid', 'top', 'mid2']);
  });
});
