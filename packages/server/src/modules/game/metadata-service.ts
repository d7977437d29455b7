import type { ConnectRouter, HandlerContext } from '@connectrpc/connect';
import { type GameState, toDocument, gcg } from '@tessera/engine';
import { GameMetadataService, refuse } from '@tessera/protocol';
import type { Accounts, SessionResolver } from '../auth/index.ts';
import type { GameLists } from './game-lists.ts';
import type { Games } from './games.ts';
import type { GameRow } from './migrations.ts';
import type { Sights } from './sight.ts';
import { gameInfo, historyView } from './views.ts';

/** Profile lists: 24 games a page (docs/product/community.md §9). */
export const RECENT_GAMES_PAGE = 24;
const RECENT_GAMES_MAX = 100;
const GAME_ID = /^[A-Za-z0-9_-]{1,64}$/;
const SAFE_NAME = /^[A-Za-z0-9_.-]+$/;

export function gameMetadataRoutes(
  router: ConnectRouter,
  d: {
    games: Games;
    lists: GameLists;
    sessions: SessionResolver;
    accounts: Accounts;
    /** Asks the game's bot to move; false when it is already thinking. */
    unfreezeBot: (row: GameRow, g: GameState) => boolean;
    sights: Sights;
    /** GetGCG of a game held elsewhere (an annotated game). */
    otherRecord?: (
      gameId: string,
      viewerId: string | undefined,
    ) => Promise<{ gcg: string; fileName: string } | undefined>;
  },
): void {
  const find = async (gameId: string): Promise<GameRow> => {
    const row = GAME_ID.test(gameId) ? await d.games.row(gameId) : undefined;
    if (!row) throw refuse('GAME_NOT_FOUND');
    return row;
  };
  // A live game's record would show racks before each move: only finished
  // games, except to a director of the game's tournament (sight.ts).
  const finished = async (gameId: string, ctx: HandlerContext): Promise<GameRow> => {
    const row = await find(gameId);
    if (row.ended_at) return row;
    const me = await d.sessions.currentUser(ctx);
    const sight = await d.sights.of(row, d.games.playerIndex(row, me?.id ?? ''), me);
    if (sight === 'director') return row;
    if (sight === 'private') throw refuse('TOURNAMENT_ANALYSIS_PRIVATE');
    throw refuse('GAME_RULE', 'The game record is available when the game is over.');
  };

  router.service(GameMetadataService, {
    async getMetadata(req) {
      const row = await find(req.gameId);
      return { game: gameInfo(row, await d.games.cards(row), Date.now()) };
    },

    async getGameHistory(req, ctx) {
      const row = await find(req.gameId);
      const me = await d.sessions.currentUser(ctx);
      const g = await d.games.state(row);
      const viewer = d.games.playerIndex(row, me?.id ?? '');
      const sight = await d.sights.of(row, viewer, me);
      return {
        history: historyView(row, g, await d.games.cards(row), viewer, Date.now(), !me, sight),
      };
    },

    async getGCG(req, ctx) {
      if (d.otherRecord && GAME_ID.test(req.gameId) && !(await d.games.row(req.gameId))) {
        const me = await d.sessions.currentUser(ctx);
        const other = await d.otherRecord(req.gameId, me?.id);
        if (other) return other;
      }
      const row = await finished(req.gameId, ctx);
      const g = await d.games.state(row);
      const names = g.players.map((p) => p.nickname);
      const fileName = names.every((n) => SAFE_NAME.test(n))
        ? `${names[0]}-vs-${names[1]}-${row.id}.gcg`
        : `${row.id}.gcg`;
      return { gcg: gcg.writeGcg(g), fileName };
    },

    async getGameDocument(req, ctx) {
      const row = await finished(req.gameId, ctx);
      return { document: JSON.stringify(toDocument(await d.games.state(row))) };
    },

    async unfreezeBot(req, ctx) {
      const me = await d.sessions.currentUser(ctx);
      if (!me) throw refuse('NOT_LOGGED_IN');
      const row = await find(req.gameId);
      if (d.games.playerIndex(row, me.id) < 0) throw refuse('NOT_A_PLAYER');
      if (row.bot_index < 0) throw refuse('GAME_RULE', 'There is no bot in this game.');
      if (row.ended_at) throw refuse('GAME_OVER');
      const g = await d.games.state(row);
      if (g.playerOnTurn !== row.bot_index) throw refuse('GAME_RULE', 'It is not the bot’s turn.');
      return { prompted: d.unfreezeBot(row, g) };
    },

    async getRecentGames(req) {
      const user = await d.accounts.findByUsername(req.username);
      if (!user) throw refuse('USER_UNKNOWN');
      const limit = req.numGames > 0 ? Math.min(req.numGames, RECENT_GAMES_MAX) : RECENT_GAMES_PAGE;
      const rows = await d.lists.finishedGamesOf(user.id, limit, Math.max(0, req.offset));
      const now = Date.now();
      return {
        games: await Promise.all(rows.map(async (r) => gameInfo(r, await d.games.cards(r), now))),
      };
    },

    async getRematchStreak(req) {
      const id = req.originalRequestId.slice(0, 64);
      const rows = await d.lists.rematchSeries(id);
      const players = rows[0] ? [rows[0].player0_id, rows[0].player1_id].sort() : [];
      return {
        playerIds: players,
        games: rows.map((r) => ({
          gameId: r.id,
          winner: r.winner,
          playerIds: [r.player0_id, r.player1_id],
        })),
      };
    },
  });
}
