import { emptyMeta, type LogBody, type LogEntry } from '../src/index.ts';

/** Four players, strongest first, as `<user id>:<username>`. */
export const P = ['u1:ann', 'u2:bob', 'u3:cat', 'u4:dan'];

/** Log entries of the given bodies, numbered and a millisecond apart, by the director. */
export function log(bodies: LogBody[]): LogEntry[] {
  return bodies.map((body, i) => ({ seq: i + 1, actor: 'u0:td', at: 1_700_000_000_000 + i, body }));
}

/** A tournament with one division, A, holding the four players. */
export const fourPlayers: LogBody[] = [
  {
    kind: 'created',
    meta: { ...emptyMeta(), name: 'T', slug: '/tournament/t' },
    executiveDirector: 'u0:td',
    directors: [{ id: 'u0:td', readOnly: false }],
  },
  { kind: 'division.added', division: 'A' },
  { kind: 'players.added', division: 'A', players: P.map((id, i) => ({ id, rating: 2000 - i })) },
];
