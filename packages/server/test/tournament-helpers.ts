/**
 * The set-up the tournament tests share: a Tournament Manager, a new
 * tournament, a division with its players and controls, all through the
 * real TournamentService over HTTP.
 */
import {
  ERRORS,
  JoinPathSchema,
  MessageType,
  ReadyForTournamentGameSchema,
  type ErrorKey,
} from '@tessera/protocol';
import { expect } from 'vitest';
import type { twoPlayers } from './game-helpers.ts';
import { registerUser, rpc, uniqueName, type TestServer } from './harness.ts';

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
    persons: { id: string; rating?: number; name?: string; className?: string }[];
    roundControls: Body[];
    divisionControls: Body;
    /** Keep the persons in the order listed (the file's own seeding) instead of by rating. */
    keepOrder?: boolean;
  },
): Promise<void> {
  const division = setUp.division ?? 'A';
  await tournamentOk(server, 'AddDivision', { id, division }, td.cookie);
  if (setUp.persons.length)
    await tournamentOk(
      server,
      'AddPlayers',
      { id, division, persons: setUp.persons, ...(setUp.keepOrder ? { keepOrder: true } : {}) },
      td.cookie,
    );
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

/**
 * The calls the service tests make, bound to the test server of the file that
 * asks (a function, as the server starts in beforeAll).
 */
export function tournamentCalls(serverOf: () => TestServer) {
  const t = (method: string, body: unknown, cookie?: string) =>
    rpc<Record<string, never>>(serverOf(), 'TournamentService', method, body, { cookie });
  const pid = (u: User) => `${u.userId}:${u.username}`;

  async function ok(method: string, body: unknown, cookie?: string) {
    const r = await t(method, body, cookie);
    if (r.status !== 200) throw new Error(`${method}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body as Record<string, unknown>;
  }

  async function refused(key: ErrorKey, method: string, body: unknown, cookie?: string) {
    const r = await t(method, body, cookie);
    expect(r.status, `${method} should fail with ${key}`).toBeGreaterThanOrEqual(400);
    expect(r.body.message?.split(';')[0]).toBe(String(ERRORS[key].code));
    return r;
  }

  const manager = () => tournamentManager(serverOf());

  async function newTournament(director: User, extra: Record<string, unknown> = {}) {
    const slug = uniqueName('t');
    return createTournament(serverOf(), director, { slug, name: `Open ${slug}`, ...extra });
  }

  async function divisionState(id: string, division: string) {
    const r = await ok('GetTournament', { id });
    return (r.divisions as Record<string, Record<string, unknown>>)[division];
  }

  /** A game's score in division A, entered by the director: player one's first. */
  async function score(
    id: string,
    td: User,
    round: number,
    one: User,
    two: User,
    s1: number,
    s2: number,
    extra: Body = {},
  ) {
    const body = { id, division: 'A', round, playerOneId: one.username, playerTwoId: two.username };
    await ok('SetResult', { ...body, playerOneScore: s1, playerTwoScore: s2, ...extra }, td.cookie);
  }

  return { t, pid, ok, refused, manager, newTournament, divisionState, score };
}

/**
 * Opens round 1 of division A (its only round-robin pair being the two
 * players), both mark ready, and both join the game's room: the game's id.
 */
export async function playRoundOne(
  server: TestServer,
  p: Awaited<ReturnType<typeof twoPlayers>>,
  id: string,
  td: User,
): Promise<string> {
  await tournamentOk(server, 'StartRoundCountdown', { id, startAllRounds: true }, td.cookie);
  const from = p.sa.received.length;
  for (const s of [p.sa, p.sb])
    s.send(MessageType.READY_FOR_TOURNAMENT_GAME, ReadyForTournamentGameSchema, {
      tournamentId: id,
      division: 'A',
      round: 0,
    });
  const { gameId } = (await p.sa.next(MessageType.NEW_GAME_EVENT, from, 10_000)) as {
    gameId: string;
  };
  for (const s of [p.sa, p.sb]) {
    const at = s.received.length;
    s.send(MessageType.JOIN_PATH, JoinPathSchema, { path: `/game/${gameId}` });
    await s.next(MessageType.GAME_HISTORY_REFRESHER, at);
  }
  return gameId;
}
