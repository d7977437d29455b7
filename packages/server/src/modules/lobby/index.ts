import type { Refusal } from '@tessera/protocol';
import { publish } from '../../bus/subjects.ts';
import type { Accounts } from '../auth/index.ts';
import type { GameApi, GameRow } from '../game/index.ts';
import type { ModuleContext, ModuleParts } from '../module.ts';
import type { RatingApi } from '../rating/index.ts';
import type { SocialApi } from '../social/index.ts';
import { type BotSeats, Lobby, LOBBY_REALM } from './lobby.ts';
import { SeekerOnline } from './seeker-online.ts';
import { registerLobbySocket } from './socket.ts';
import { GAMES_CHANGED } from './subjects.ts';

export { lobbyMigrations } from './migrations.ts';
export type { BotSeats } from './lobby.ts';
export { validateGameRequest } from './validate.ts';

/**
 * The lobby: seeks, match requests, rematches and bot games over the socket,
 * and the lists a lobby page shows (seeks, live games, correspondence games).
 *
 * Reacts to (after commit): game.created and game.ended, to refresh the game
 * lists on every process; process.gone, to drop the real-time seeks of a
 * process that died.
 */
export function createLobbyModule(
  deps: ModuleContext & {
    accounts: Accounts;
    games: GameApi;
    ratings: RatingApi;
    social: SocialApi;
    bots: BotSeats;
    /** The canonical name of an available lexicon, or undefined. */
    lexiconName: (name: string) => string | undefined;
    /** A club's id given its id or slug (club match requests), or undefined. */
    clubId?: (idOrSlug: string) => Promise<string | undefined>;
    /** Why a moderator's suspension refuses the user a new game, or undefined (moderation). */
    gamesRefusal?: (userId: string, rated: boolean) => Promise<Refusal | undefined>;
  },
): ModuleParts {
  const lobby = new Lobby(
    deps,
    deps.games,
    deps.ratings,
    deps.social,
    deps.bots,
    deps.lexiconName,
    deps.clubId,
  );
  const seekers = new SeekerOnline(deps.bus, deps.gateway);
  lobby.seekerOnline = (userId) => seekers.online(userId);
  if (deps.gamesRefusal) lobby.gamesRefusal = deps.gamesRefusal;
  const socket = registerLobbySocket(deps, lobby, deps.games, deps.ratings);
  deps.gateway.realms((path) => (path === '/' ? [LOBBY_REALM] : []));

  const listsChanged = ({ row }: { row: GameRow }) =>
    publish(deps.bus, GAMES_CHANGED, {
      correspondence: row.correspondence,
      players: [row.player0_id, row.player1_id],
    });
  deps.events.afterCommit('game.created', 'lobby', listsChanged);
  deps.events.afterCommit('process.gone', 'lobby', ({ processId }) => lobby.processGone(processId));
  deps.events.afterCommit('game.ended', 'lobby', listsChanged);

  return {
    module: {
      name: 'lobby',
      stop: async () => {
        seekers.close();
        socket.close();
      },
    },
    api: undefined,
  };
}
