import { printTiles } from '@tessera/engine';
import { Movegen } from '@tessera/engine/ai';
import { DEFAULT_LEXICON, loadLexicon } from '@tessera/lexica';
import {
  ChallengeRule,
  ClientGameplayEventSchema,
  clientMove,
  GameMode,
  JoinPathSchema,
  MessageType,
  RatingMode,
  SeekRequestSchema,
  SoughtGameProcessEventSchema,
} from '@tessera/protocol';
import { registerUser, type TestServer, TestSocket } from './harness.ts';

export interface RequestOptions {
  challengeRule?: ChallengeRule;
  correspondence?: boolean;
  rated?: boolean;
  initialTimeSeconds?: number;
  maxOvertimeMinutes?: number;
  lexicon?: string;
}

export function gameRequest(o: RequestOptions = {}) {
  return {
    lexicon: o.lexicon ?? DEFAULT_LEXICON,
    rules: { variantName: 'classic', boardLayoutName: 'CrosswordGame' },
    initialTimeSeconds: o.initialTimeSeconds ?? (o.correspondence ? 0 : 600),
    challengeRule: o.challengeRule ?? ChallengeRule.DOUBLE,
    gameMode: o.correspondence ? GameMode.CORRESPONDENCE : GameMode.REAL_TIME,
    ratingMode: o.rated === false ? RatingMode.CASUAL : RatingMode.RATED,
    maxOvertimeMinutes: o.maxOvertimeMinutes ?? 1,
  };
}

/**
 * Two signed-in players with a socket each, on the lobby page. The second
 * player is connected to the server's peer: another process in two-process
 * mode (harness.ts), so every game between them crosses processes.
 */
export async function twoPlayers(server: TestServer) {
  const a = await registerUser(server);
  const b = await registerUser(server);
  const other = await server.peer();
  const sa = await TestSocket.withToken(server, a.cookie, '/');
  const sb = await TestSocket.withToken(other, b.cookie, '/');
  await Promise.all([sa.next(MessageType.SESSION_INFO), sb.next(MessageType.SESSION_INFO)]);
  const byId = (id: string) => (id === a.userId ? sa : sb);
  return { a, b, sa, sb, byId, close: () => [sa, sb].forEach((s) => s.close()) };
}

/** A seeks, B accepts from the lobby; both land in the game's room. Returns the game id. */
export async function startGame(
  a: TestSocket,
  b: TestSocket,
  o: RequestOptions = {},
): Promise<string> {
  const fromA = a.received.length;
  const fromB = b.received.length;
  a.send(MessageType.SEEK_REQUEST, SeekRequestSchema, {
    gameRequest: gameRequest(o),
    minimumRatingRange: -500,
    maximumRatingRange: 500,
  });
  const seek = (await b.next(MessageType.SEEK_REQUEST, fromB)) as {
    gameRequest: { requestId: string };
  };
  b.send(MessageType.SOUGHT_GAME_PROCESS_EVENT, SoughtGameProcessEventSchema, {
    requestId: seek.gameRequest.requestId,
  });
  const started = (await a.next(MessageType.NEW_GAME_EVENT, fromA)) as { gameId: string };
  await b.next(MessageType.NEW_GAME_EVENT, fromB);
  for (const s of [a, b]) {
    const from = s.received.length;
    s.send(MessageType.JOIN_PATH, JoinPathSchema, { path: `/game/${started.gameId}` });
    await s.next(MessageType.GAME_HISTORY_REFRESHER, from);
  }
  return started.gameId;
}

/** The best move (by score-and-leave equity) for the player on turn, as the test's oracle sees it. */
export async function bestMove(server: TestServer, gameId: string) {
  const row = (await server.services.games.row(gameId))!;
  const g = await server.services.games.state(row);
  const gen = new Movegen(loadLexicon(g.rules.lexicon), g.set, g.rules.boardLayout);
  const list = gen.generate(g.board.squares, g.racks[g.playerOnTurn].counts, {
    top: 1,
    bagSize: g.bag.size,
  });
  // After the opponent goes out, the only moves are to pass (accepting it) or challenge.
  const text =
    g.playState === 'WAITING_FOR_FINAL_PASS' ? '-' : gen.moveText(list, list.sortedByEquity()[0]);
  return {
    player: g.playerOnTurn,
    text,
    rack: printTiles(g.set, g.racks[g.playerOnTurn].tiles(), 'rack'),
    g,
    eventCount: row.event_count,
  };
}

/** Waits for the server's update that carries the game past `eventCount` events. */
export function updateAfter(s: TestSocket, eventCount: number, from = 0) {
  return s.nextWhere(
    MessageType.SERVER_GAMEPLAY_EVENT,
    (m) => (m.eventCount as number) > eventCount,
    from,
  );
}

/** Sends a move in GCG text ("8D WORD", "-ABC", "-") as a client event. */
export function sendMove(s: TestSocket, gameId: string, text: string, eventCount = 0) {
  s.send(
    MessageType.CLIENT_GAMEPLAY_EVENT,
    ClientGameplayEventSchema,
    clientMove(gameId, text, eventCount),
  );
}
