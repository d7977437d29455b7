import { DEFAULT_LEXICON } from '@tessera/lexica';
import {
  ChallengeRule,
  ClientGameplayEvent_Type,
  ClientGameplayEventSchema,
  GameMode,
  MessageType,
  RatingMode,
  SeekRequestSchema,
  SoughtGameProcessEventSchema,
} from '@tessera/protocol';
import type { Page } from 'playwright-core';
import { sessionCookie } from './accounts.ts';
import type { AppServer } from './app-server.ts';
import type { BrowserSession } from './browser.ts';
import { bestPlays, position } from './game-oracle.ts';
import { NodeSocket } from './node-socket.ts';

/** Game set-up for browser tests, done from Node so the tests do not depend on the lobby UI. */

/**
 * Creates a game between the two users from Node (a match request and its
 * acceptance), real time under the double challenge rule unless told otherwise.
 */
export async function createGame(
  server: AppServer,
  a: BrowserSession,
  b: BrowserSession,
  bName: string,
  challengeRule: ChallengeRule = ChallengeRule.DOUBLE,
  gameMode: GameMode = GameMode.REAL_TIME,
) {
  // A first rack with no opening play (no vowel, no blank: about one game
  // in a hundred) would leave a test nothing to play; such a game is
  // resigned (a player in a live game cannot accept another) and another
  // made.
  for (let tries = 1; ; tries++) {
    const gameId = await matchGame(server, a, b, bName, challengeRule, gameMode);
    const { g } = await position(server.services, gameId);
    if (tries >= 5 || bestPlays(g, 1).length > 0) return gameId;
    await resign(server, a, gameId);
  }
}

/** `a` resigns the game; waits until the server has ended it. */
export async function resign(server: AppServer, a: BrowserSession, gameId: string) {
  const s = await NodeSocket.connect(server.url, await sessionCookie(a.context));
  try {
    s.send(MessageType.CLIENT_GAMEPLAY_EVENT, ClientGameplayEventSchema, {
      gameId,
      type: ClientGameplayEvent_Type.RESIGN,
    });
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      if ((await server.services.games.row(gameId))?.ended_at) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`game ${gameId} did not end when resigned`);
  } finally {
    s.close();
  }
}

async function matchGame(
  server: AppServer,
  a: BrowserSession,
  b: BrowserSession,
  bName: string,
  challengeRule: ChallengeRule,
  gameMode: GameMode,
) {
  const correspondence = gameMode === GameMode.CORRESPONDENCE;
  const sa = await NodeSocket.connect(server.url, await sessionCookie(a.context));
  const sb = await NodeSocket.connect(server.url, await sessionCookie(b.context));
  try {
    sa.send(MessageType.MATCH_REQUEST, SeekRequestSchema, {
      gameRequest: {
        lexicon: DEFAULT_LEXICON,
        rules: { variantName: 'classic', boardLayoutName: 'CrosswordGame' },
        initialTimeSeconds: correspondence ? 86_400 : 900,
        maxOvertimeMinutes: correspondence ? 0 : 1,
        challengeRule,
        gameMode,
        ratingMode: RatingMode.RATED,
      },
      receivingUser: { displayName: bName },
      receiverIsPermanent: true,
    });
    const seek = await sb.next(MessageType.SEEK_REQUEST);
    const requestId = (seek.gameRequest as { requestId: string }).requestId;
    sb.send(MessageType.SOUGHT_GAME_PROCESS_EVENT, SoughtGameProcessEventSchema, { requestId });
    return (await sa.next(MessageType.NEW_GAME_EVENT)).gameId as string;
  } finally {
    sa.close();
    sb.close();
  }
}

/**
 * Waits until the server's game has more than `count` events. A bot's turn
 * may take longer than a person's: a bot move that failed is prompted again
 * by the server's stall sweep (BOT_STALL_MS, 20 s), so `waitMs` must outlast it.
 */
export async function serverPast(
  server: AppServer,
  gameId: string,
  count: number,
  pages: Page[],
  waitMs = 15_000,
) {
  const deadline = Date.now() + waitMs;
  while (Date.now() < deadline) {
    const row = await server.services.games.row(gameId);
    if (row && row.event_count > count) return row.event_count;
    await new Promise((r) => setTimeout(r, 100));
  }
  const toasts = await Promise.all(pages.map((p) => p.locator('.notification').allTextContents()));
  throw new Error(
    `the game did not move past ${count} events in ${waitMs} ms; toasts: ${JSON.stringify(toasts)}`,
  );
}

/** Starts a game against a bot for the session's user; the error text when bots cannot be seated. */
export async function createBotGame(
  server: AppServer,
  s: BrowserSession,
  botType: string,
): Promise<{ gameId: string } | { error: string }> {
  const socket = await NodeSocket.connect(server.url, await sessionCookie(s.context));
  try {
    socket.send(MessageType.SEEK_REQUEST, SeekRequestSchema, {
      gameRequest: {
        lexicon: DEFAULT_LEXICON,
        rules: { variantName: 'classic', boardLayoutName: 'CrosswordGame' },
        initialTimeSeconds: 900,
        maxOvertimeMinutes: 1,
        challengeRule: ChallengeRule.DOUBLE,
        gameMode: GameMode.REAL_TIME,
        ratingMode: RatingMode.CASUAL,
        playerVsBot: true,
        botType,
      },
    });
    const quiet = <T>(p: Promise<T>) => p.catch(() => undefined);
    const first = await Promise.race([
      quiet(socket.next(MessageType.NEW_GAME_EVENT)),
      quiet(socket.next(MessageType.ERROR_MESSAGE)),
    ]);
    if (first && typeof first.gameId === 'string') return { gameId: first.gameId };
    return { error: String(first?.message ?? 'no answer') };
  } finally {
    socket.close();
  }
}
