import { create } from '@bufbuild/protobuf';
import { toDocument } from '@tessera/engine';
import { DEFAULT_LEXICON } from '@tessera/lexica';
import { ClientGameplayEventSchema, clientMove } from '@tessera/protocol';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { bestMove, startGame, twoPlayers } from './game-helpers.ts';
import { registerUser, rpc, useTestServer } from './harness.ts';
import { puzzleCall as call, type PuzzleView, type SubmitView } from './puzzle-helpers.ts';

/**
 * Issue 37, items 2 and 3, through real HTTP on a real database (run it with
 * DATABASE_URL for PostgreSQL, where the vote race showed):
 * - an unanswered puzzle names nothing that leads to the game it comes from
 *   (its id, its turn, its players' names), and names it once answered;
 * - one user's parallel votes count once, and the total is the votes' sum.
 */
const server = useTestServer();

type User = Awaited<ReturnType<typeof registerUser>>;
let puzzleId = '';
let gameId = '';
let names: string[] = [];

async function act(id: string, text: string) {
  const row = (await server.services.games.row(id))!;
  const userId = row.player_on_turn === 0 ? row.player0_id : row.player1_id;
  await server.services.games.act(
    id,
    userId,
    create(ClientGameplayEventSchema, clientMove(id, text, 0)),
  );
}

beforeAll(async () => {
  const made = await server.services.puzzles.generateNow({
    lexicon: DEFAULT_LEXICON,
    buckets: [{ size: 1 }],
    seed: 29,
    simulate: false,
  });
  expect(made.puzzlesCreated).toBe(1);
  const db = server.core.database.db;
  puzzleId = (await sql<{ id: string }>`SELECT id FROM puzzles LIMIT 1`.execute(db)).rows[0].id;

  // A real game between two people, two moves in: the puzzle is made to come
  // from it, with its record (the players' names, their clocks) as the position,
  // as a job over stored games makes them.
  const players = await twoPlayers(server);
  gameId = await startGame(players.sa, players.sb, { rated: false });
  for (let i = 0; i < 2; i++) await act(gameId, (await bestMove(server, gameId)).text);
  const row = (await server.services.games.row(gameId))!;
  const doc = toDocument(await server.services.games.state(row));
  players.close();
  names = [players.a.username, players.b.username];
  await sql`UPDATE puzzles SET source_game_id = ${gameId}, turn_number = 3,
    position = ${JSON.stringify(doc)}::jsonb WHERE id = ${puzzleId}`.execute(db);
}, 180_000);

const open = async (u: User) => {
  const r = await call<PuzzleView & Record<string, unknown>>(
    server,
    'GetPuzzle',
    { puzzleId },
    u.cookie,
  );
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
};

describe('a puzzle from a stored game', () => {
  it('names neither the game nor its turn nor its players until it is answered', async () => {
    const u = await registerUser(server);
    const before = await open(u);
    const text = JSON.stringify(before);
    expect(text).not.toContain(gameId);
    for (const n of names) expect(text.toLowerCase()).not.toContain(n.toLowerCase());
    const answer = before.answer as unknown as { gameId?: string; turnNumber?: number };
    expect(answer.gameId ?? '').toBe('');
    expect(answer.turnNumber ?? 0).toBe(0);
    const history = before.history as unknown as {
      gameId?: string;
      players: { nickname: string }[];
    };
    expect(history.gameId ?? '').toBe('');
    expect(history.players.map((p) => p.nickname).sort()).toEqual(['Opponent', 'You']);
    // The position is still the game's: its events are there, without names or clocks.
    const events = (before.history.events ?? []) as {
      nickname?: string;
      millisRemaining?: number;
    }[];
    expect(events.length).toBe(2);
    for (const e of events) {
      expect(e.nickname ?? '').toBe('');
      expect(e.millisRemaining ?? 0).toBe(0);
    }
    // Asking for the answer is refused, and the other calls of the page carry no id either.
    const hidden = await call(server, 'GetPuzzleAnswer', { puzzleId }, u.cookie);
    expect(hidden.status).not.toBe(200);
    expect(JSON.stringify(hidden.body)).not.toContain(gameId);
    const wrongs = await call(server, 'GetPuzzleHistory', { lexicon: DEFAULT_LEXICON }, u.cookie);
    expect(JSON.stringify(wrongs.body)).not.toContain(gameId);

    // Giving up answers it: the answer, and every later GetPuzzle, names the game and the turn.
    const gaveUp = await call<SubmitView>(
      server,
      'SubmitAnswer',
      { puzzleId, showSolution: true },
      u.cookie,
    );
    expect(gaveUp.status).toBe(200);
    const shown = gaveUp.body.answer as unknown as { gameId: string; turnNumber: number };
    expect(shown.gameId).toBe(gameId);
    expect(shown.turnNumber).toBe(3);
    const after = await open(u);
    const afterAnswer = after.answer as unknown as { gameId: string; turnNumber: number };
    expect(afterAnswer.gameId).toBe(gameId);
    expect(afterAnswer.turnNumber).toBe(3);
    expect((after.history as { gameId?: string }).gameId).toBe(gameId);
    // And the game's record is there to look at.
    const game = await rpc(
      server,
      'GameMetadataService',
      'GetGameHistory',
      { gameId },
      { cookie: u.cookie },
    );
    expect(game.status).toBe(200);
  });
});

describe('votes', () => {
  it('count one per user, however many arrive at once, and the total is their sum', async () => {
    const [a, b, c] = [
      await registerUser(server),
      await registerUser(server),
      await registerUser(server),
    ];
    const vote = (u: User, v: number) =>
      call<{ voteTotal?: number }>(server, 'SetPuzzleVote', { puzzleId, vote: v }, u.cookie);
    const db = server.core.database.db;
    const stored = async () => {
      const r = await sql<{ total: number; sum: number }>`
        SELECT p.vote_total AS total,
          (SELECT coalesce(sum(vote), 0)::integer FROM puzzle_votes WHERE puzzle_id = p.id) AS sum
        FROM puzzles p WHERE p.id = ${puzzleId}`.execute(db);
      return r.rows[0];
    };
    // Five rounds of 25 parallel +1 votes by one user, with two others voting alongside.
    for (let round = 0; round < 5; round++) {
      const all = await Promise.all([
        ...Array.from({ length: 25 }, () => vote(a, 1)),
        vote(b, round % 2 ? 1 : -1),
        vote(c, 1),
      ]);
      for (const r of all) expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
    // b's last vote was -1 (round 4), so the sum is 1 + (-1) + 1.
    expect(await stored()).toEqual({ total: 1, sum: 1 });
    // Withdrawing votes in parallel too.
    await Promise.all([...Array.from({ length: 10 }, () => vote(a, 0)), vote(c, 0), vote(b, 0)]);
    expect(await stored()).toEqual({ total: 0, sum: 0 });
    expect((await vote(a, -1)).body.voteTotal).toBe(-1);
  });
});
