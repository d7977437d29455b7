import type { GameEvent, GameState, WordChecker } from '@tessera/engine';
import type { ClientGameplayEvent } from '@tessera/protocol';
import type { Accounts, SessionResolver } from '../auth/index.ts';
import type { ModuleParts, ServerModule } from '../module.ts';
import type { Db } from '../../storage/database.ts';
import { GameBroadcaster } from './broadcast.ts';
import type { GameDeps } from './deps.ts';
import type { Applied } from '../events.ts';
import { Games, type NewGame } from './games.ts';
import { gameMetadataRoutes } from './metadata-service.ts';
import { GameLists } from './game-lists.ts';
import type { GameRow, GameTables } from './migrations.ts';
import { Sights, type SightOf } from './sight.ts';
import { registerGameSocket } from './socket.ts';
import { handleDeadlines } from './deadlines.ts';
import { creditOutages } from './downtime.ts';
import { gameInfo, type PlayerCard } from './views.ts';

export { gameMigrations, type GameRow, type StoredRequest } from './migrations.ts';
export type { Applied, Created } from '../events.ts';
export type { NewGame, Seat, TournamentPlacement } from './games.ts';
export type { GameDeps } from './deps.ts';
export type { PlayerCard } from './views.ts';
export type { Sight, SightOf } from './sight.ts';
export { gameInfo, requestView } from './views.ts';
export { observersRealm, playersRealm } from './broadcast.ts';
export { DEFAULT_CORRESPONDENCE_TURN_SECONDS, readClock } from './clock.ts';

/**
 * The game module's face: the authority over games (every change in one
 * transaction, published as game.created / game.changed / game.ended) and
 * the reads other modules may make of the games table it owns.
 *
 * Reacts to: game.changed after commit, to send each viewer their view;
 * platform.resumed in the transaction, to give running clocks back the outage.
 * Scheduler jobs: game.deadline (clock flags and request countdowns).
 */
export interface GameApi {
  /** Starts a game with the caller's rules, seats, first player and tournament placement. */
  create(n: NewGame): Promise<GameRow>;
  /** A game's stored row, or undefined. */
  row(id: string): Promise<GameRow | undefined>;
  /** A game's current state (replayed from its events unless cached). */
  state(row: GameRow): Promise<GameState>;
  /** The seat (0 or 1) a user holds in a game, or -1. */
  playerIndex(row: GameRow, userId: string): number;
  /** A move, pass, exchange, challenge or resignation by a seated user (bots included). */
  act(gameId: string, userId: string, e: ClientGameplayEvent): Promise<Applied>;
  /** The word checker a game's lexicon and variant call for. */
  checker(g: GameState): WordChecker;
  /** Player cards (names, ratings, bot flags) of many games in two queries. */
  cardsFor(rows: GameRow[]): Promise<[PlayerCard, PlayerCard][]>;
  /** Real-time games in progress, most recently active first. */
  liveGames(limit: number): Promise<GameRow[]>;
  /** A tournament's or club's finished games, latest first. */
  tournamentGames(tournamentId: string, limit: number, offset: number): Promise<GameRow[]>;
  /** A user's correspondence games in progress. */
  correspondenceGamesOf(userId: string): Promise<GameRow[]>;
  /** Is the user seated in a real-time game that has not ended? */
  inRealTimeGame(userId: string): Promise<boolean>;
  /** How many correspondence games are in progress. */
  correspondenceGameCount(): Promise<number>;
  /** Games not yet over (the operators' metrics). */
  inProgressCount(): Promise<number>;
  /** Games where a bot is on turn and nothing has happened since `before`. */
  stalledBotTurns(before: Date, limit: number): Promise<GameRow[]>;
  /** Finished games of a lexicon that ended after (from.at, from.afterId) and before `to`, oldest first (puzzle generation reads them). */
  endedBetween(
    from: { at: Date; afterId: string },
    to: Date,
    opts: { lexicon: string; withoutBots: boolean; limit: number },
  ): Promise<GameRow[]>;
  /** A user's finished games, newest first, as game-list entries. */
  finishedGamesOf(
    userId: string,
    limit: number,
    offset: number,
  ): Promise<ReturnType<typeof gameInfo>[]>;
  /** How many finished games a user has. */
  finishedCountOf(userId: string): Promise<number>;
  /** Finished games after (at, id) in the order they ended, with their events (statistics' rebuild). */
  finishedHistory(
    after: { at: Date; id: string },
    limit: number,
  ): Promise<{ row: GameRow; events: GameEvent[] }[]>;
  /** Who moves the bots (the bot module registers itself; UnfreezeBot asks it). */
  useBotDriver(prompt: (row: GameRow, g: GameState) => boolean): void;
  /** How watchers of a tournament game see it (the tournament module answers; sight.ts). */
  useTournamentSight(answer: SightOf): void;
}

/** The finished games' history reader (ended order, with events), for tools without a server. */
export function finishedHistoryReader(db: Db): GameApi['finishedHistory'] {
  const lists = new GameLists(db.withTables<GameTables>());
  return (after, limit) => lists.finishedHistory(after, limit);
}

export function createGameModule(
  deps: GameDeps & { sessions: SessionResolver; accounts: Accounts },
): ModuleParts<GameApi> {
  const games = new Games(deps);
  const out = new GameBroadcaster(deps.gateway, games, deps.ratingChanges);
  // The game's own screens are told first; other modules subscribe in modules/index.ts.
  deps.events.afterCommit('game.changed', 'game', (a) => out.changed(a));
  const sights = new Sights();
  registerGameSocket(deps.gateway, games, deps.ratingChanges, sights);
  const lists = new GameLists(deps.db.withTables<GameTables>());
  const deadlines = handleDeadlines(deps.scheduler, games, lists, deps.log);
  creditOutages(deps.events, games);
  let botDriver: (row: GameRow, g: GameState) => boolean = () => false;

  const api: GameApi = {
    create: (n) => games.create(n),
    row: (id) => games.row(id),
    state: (row) => games.state(row),
    playerIndex: (row, userId) => games.playerIndex(row, userId),
    act: (gameId, userId, e) => games.act(gameId, userId, e),
    checker: (g) => games.checker(g),
    cardsFor: (rows) => games.cardsFor(rows),
    liveGames: (limit) => lists.liveGames(limit),
    correspondenceGamesOf: (userId) => lists.correspondenceGamesOf(userId),
    tournamentGames: (id, limit, offset) => lists.tournamentGames(id, limit, offset),
    inRealTimeGame: (userId) => lists.inRealTimeGame(userId),
    correspondenceGameCount: () => lists.correspondenceGameCount(),
    inProgressCount: () => lists.inProgressCount(),
    stalledBotTurns: (before, limit) => lists.stalledBotTurns(before, limit),
    endedBetween: (from, to, opts) => lists.endedBetween(from, to, opts),
    async finishedGamesOf(userId, limit, offset) {
      const rows = await lists.finishedGamesOf(userId, limit, offset);
      const cards = await games.cardsFor(rows);
      const now = Date.now();
      return rows.map((r, i) => gameInfo(r, cards[i], now));
    },
    finishedCountOf: (userId) => lists.finishedCountOf(userId),
    finishedHistory: (after, limit) => lists.finishedHistory(after, limit),
    useBotDriver: (prompt) => {
      botDriver = prompt;
    },
    useTournamentSight: (answer) => sights.use(answer),
  };
  const module: ServerModule = {
    name: 'game',
    routes: (router) =>
      gameMetadataRoutes(router, {
        games,
        lists,
        sessions: deps.sessions,
        accounts: deps.accounts,
        unfreezeBot: (row, g) => botDriver(row, g),
        sights,
        otherRecord: deps.otherRecord,
      }),
    start: () => deadlines.scheduleAll(),
  };
  return { module, api };
}
