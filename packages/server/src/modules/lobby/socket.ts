import {
  ActiveGamesSchema,
  CorrespondenceGamesSchema,
  DeclineSeekRequestSchema,
  encodeListInParts,
  encodeSocketMessage,
  MessageType,
  SeekRequestSchema,
  SeekRequestsSchema,
  SoughtGameProcessEventSchema,
} from '@tessera/protocol';
import { subscribe } from '../../bus/subjects.ts';
import type { Connection } from '../../socket/connection.ts';
import { type GameApi, type GameRow, gameInfo } from '../game/index.ts';
import type { ModuleContext } from '../module.ts';
import type { RatingApi } from '../rating/index.ts';
import { Lobby, LOBBY_REALM } from './lobby.ts';
import { GAMES_CHANGED, SEEK_NEW } from './subjects.ts';

/** Live games listed in the lobby's Watch tab. */
const ACTIVE_GAMES_LIMIT = 100;
const LIST_DEBOUNCE_MS = 300;
/**
 * The live list goes to every socket in the lobby (about 35 KB for 100
 * games): pushed on every start and end it was most of the server's traffic
 * under load, so pushes are at least this far apart, and further apart in a
 * big lobby (LIST_PUSH_MS_PER_SOCKET: 10 s for 20,000 sockets; a push to
 * them is 700 MB of writes).
 */
const LIST_PUSH_INTERVAL_MS = 3000;
const LIST_PUSH_MS_PER_SOCKET = 0.5;
/** Lobby sockets sent the list in one turn of the event loop. */
const PUSH_SLICE = 500;
const LIVE_LIST_MAX_AGE_MS = 5000;

/**
 * The lobby over the socket. A socket on "/" gets the seeks it may see, the
 * live games and its correspondence games, then changes as they happen. New
 * seeks reach each process over the bus; each process decides per socket who
 * may see them.
 */
export function registerLobbySocket(
  ctx: ModuleContext,
  lobby: Lobby,
  games: GameApi,
  ratings: RatingApi,
) {
  const { gateway } = ctx;

  const sendSeeks = async (conn: Connection) => {
    const seeks = await lobby.seeksFor(conn.user.userId);
    conn.sendBytes(
      encodeListInParts(
        MessageType.SEEK_REQUESTS,
        SeekRequestsSchema,
        { requests: seeks.map(Lobby.view) },
        'requests',
      ),
    );
  };

  const infos = async (rows: GameRow[]) => {
    const now = Date.now();
    const cards = await games.cardsFor(rows);
    return rows.map((r, i) => gameInfo(r, cards[i], now));
  };

  const activeGames = async () => {
    const rows = await games.liveGames(ACTIVE_GAMES_LIMIT);
    return encodeListInParts(
      MessageType.ACTIVE_GAMES,
      ActiveGamesSchema,
      { games: await infos(rows) },
      'games',
    );
  };

  const sendCorrespondence = async (conn: Connection) => {
    if (!conn.user.userId) return;
    const rows = await games.correspondenceGamesOf(conn.user.userId);
    conn.sendBytes(
      encodeListInParts(
        MessageType.CORRESPONDENCE_GAMES,
        CorrespondenceGamesSchema,
        { games: await infos(rows) },
        'games',
      ),
    );
  };

  /** The user's own ratings, so the lobby can show them and warn before unrated seeks. */
  const sendProfile = async (conn: Connection) => {
    if (conn.user.userId) conn.sendBytes(await ratings.profileMessage(conn.user.userId));
  };

  const inLobby = (conn: Connection) => conn.realms.has(LOBBY_REALM);

  // The live games list is the same for everyone: built once per change (or
  // when older than LIVE_LIST_MAX_AGE_MS, for its scores) and shared by every
  // push and every socket arriving in the lobby meanwhile.
  let liveList: { bytes: Promise<Uint8Array>; at: number } | undefined;
  const liveGames = () => {
    const now = Date.now();
    if (!liveList || now - liveList.at > LIVE_LIST_MAX_AGE_MS) {
      const built = { bytes: activeGames(), at: now };
      liveList = built;
      built.bytes.catch(() => {
        if (liveList === built) liveList = undefined;
      });
    }
    return liveList.bytes;
  };

  gateway.onJoin((conn, path) => {
    if (path !== '/') return;
    return (async () => {
      await sendProfile(conn);
      await sendSeeks(conn);
      conn.sendBytes(await liveGames());
      await sendCorrespondence(conn);
    })().catch((err) => ctx.log.error({ err }, 'lobby join failed'));
  });
  gateway.onClose((conn) => void lobby.connectionClosed(conn).catch(() => undefined));

  subscribe(ctx.bus, SEEK_NEW, (id) => {
    void (async () => {
      const seek = await lobby.byId(id);
      if (!seek) return;
      const bytes = encodeSocketMessage(
        MessageType.SEEK_REQUEST,
        SeekRequestSchema,
        Lobby.view(seek),
      );
      // A match request goes to its receiver wherever they are and to the
      // seeker in the lobby; an open seek to each lobby socket whose user may
      // see it, decided once per user. Visiting every socket for every seek
      // made starting 4,000 games in a lobby of 20,000 sockets crawl.
      const targets = seek.receiver_id
        ? [
            ...gateway.userConnections(seek.receiver_id),
            ...gateway.userConnections(seek.seeker_id).filter(inLobby),
          ]
        : gateway.realmConnections(LOBBY_REALM);
      const verdicts = new Map<string, boolean>();
      for (const conn of targets) {
        const userId = conn.user.userId;
        if (!userId) continue;
        let sees = verdicts.get(userId);
        if (sees === undefined) {
          sees = await lobby.visible(seek, userId);
          verdicts.set(userId, sees);
        }
        if (sees) conn.sendBytes(bytes);
      }
    })().catch((err) => ctx.log.error({ err }, 'seek fan-out failed'));
  });

  // Changes are gathered for LIST_DEBOUNCE_MS (and until LIST_PUSH_INTERVAL_MS
  // after the last push), then every lobby socket gets the new live list and
  // the players of changed correspondence games their own lists (a real-time
  // game changes nobody's correspondence list).
  let pending: NodeJS.Timeout | undefined;
  let pushedAt = 0;
  let pushInterval = LIST_PUSH_INTERVAL_MS;
  let correspondents = new Set<string>();
  subscribe(ctx.bus, GAMES_CHANGED, (change) => {
    liveList = undefined;
    if (change.correspondence) for (const p of change.players) correspondents.add(p);
    const wait = Math.max(LIST_DEBOUNCE_MS, pushedAt + pushInterval - Date.now());
    pending ??= setTimeout(() => {
      pending = undefined;
      pushedAt = Date.now();
      const players = correspondents;
      correspondents = new Set();
      void (async () => {
        const bytes = await liveGames();
        const lobbySockets = gateway.realmConnections(LOBBY_REALM);
        for (const [i, conn] of lobbySockets.entries()) {
          // The list replaces the last one, so it may go out in slices: the
          // event loop serves moves between them (one loop turn for 20,000
          // sockets held it for about two seconds).
          if (i > 0 && i % PUSH_SLICE === 0) await new Promise((r) => setImmediate(r));
          conn.sendBytes(bytes);
          if (players.has(conn.user.userId)) await sendCorrespondence(conn);
        }
        pushInterval = Math.max(
          LIST_PUSH_INTERVAL_MS,
          lobbySockets.length * LIST_PUSH_MS_PER_SOCKET,
        );
      })().catch((err) => ctx.log.error({ err }, 'active games push failed'));
    }, wait);
  });

  gateway.on(MessageType.SEEK_REQUEST, SeekRequestSchema, async (conn, m) => {
    await lobby.seek(conn, m, false);
  });
  gateway.on(MessageType.MATCH_REQUEST, SeekRequestSchema, async (conn, m) => {
    await lobby.seek(conn, m, true);
  });
  gateway.on(
    MessageType.SOUGHT_GAME_PROCESS_EVENT,
    SoughtGameProcessEventSchema,
    async (conn, m) => {
      await lobby.accept(conn, m.requestId);
    },
  );
  gateway.on(MessageType.DECLINE_SEEK_REQUEST, DeclineSeekRequestSchema, async (conn, m) => {
    await lobby.decline(conn, m.requestId);
  });

  return {
    close() {
      clearTimeout(pending);
    },
  };
}
