/**
 * The set-up the tournament tests share: a Tournament Manager, a new
 * tournament, a division with its players and controls, all through the
 * real TournamentService over HTTP.
 */
import { registerUser, rpc, type TestServer } from './harness.ts';

export type User = Awaited<ReturnType<typeof registerUser>>;
type Body = Record<string, unknown>;

/** Calls TournamentService and expects it to succeed: the reply's body. */
export async function tournamentOk(
  server: TestServer,
  method: string,
  body: unknown,
  cookie?: string,
): Promise<Body> {
  const r = await rpc(server, 'TournamentService', method, body, { cookie });
  if (r.status !== 200) throw new Error(`${method}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body as Body;
}

/** A newly registered user with the Tournament Manager role. */
export async function tournamentManager(server: TestServer): Promise<User> {
  const u = await registerUser(server);
  await server.core.roles.grant(u.userId, 'Tournament Manager');
  return u;
}

/** NewTournament by `director` (its executive director): the tournament's id. */
export async function createTournament(
  server: TestServer,
  director: User,
  fields: Body,
): Promise<string> {
  const r = await tournamentOk(
    server,
    'NewTournament',
    { directorUsernames: [director.username], ...fields },
    director.cookie,
  );
  return r.id as string;
}

/**
 * Adds a division, its players (when there are any), its round controls and
 * its division controls, as its director would in that order.
 */
export async function setUpDivision(
  server: TestServer,
  td: User,
  id: string,
  setUp: {
    division?: string;
    persons: { id: string; rating?: number }[];
    roundControls: Body[];
    divisionControls: Body;
  },
): Promise<void> {
  const division = setUp.division ?? 'A';
  await tournamentOk(server, 'AddDivision', { id, division }, td.cookie);
  if (setUp.persons.length)
    await tournamentOk(server, 'AddPlayers', { id, division, persons: setUp.persons }, td.cookie);
  await tournamentOk(
    server,
    'SetRoundControls',
    { id, division, roundControls: setUp.roundControls },
    td.cookie,
  );
  await tournamentOk(
    server,
    'SetDivisionControls',
    { id, division, ...setUp.divisionControls },
    td.cookie,
  );
}
