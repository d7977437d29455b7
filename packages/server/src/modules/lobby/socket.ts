import {
  ActiveGamesSchema,
  CorrespondenceGamesSchema,
  DeclineSeekRequestSchema,
  encodeSocketMessage,
  MessageType,
  ProfileUpdateSchema,
  SeekRequestSchema,
  SeekRequestsSchema,
  SoughtGameProcessEventSchema,
} from '@tessera/protocol';
import type { Kysely } from 'kysely';
import type { Connection } from '../../socket/connection.ts';
import type { Games } from '../game/games.ts';
import type { GameRow, GameTables } from '../game/migrations.ts';
import { gameInfo } from '../game/views.ts';
import type { ModuleContext } from '../module.ts';
import type { Ratings } from '../rating/ratings.ts';
import { Lobby, LOBBY_REALM } from './lobby.ts';

/** Live games listed in the lobby's Watch tab. */
const ACTIVE_GAMES_LIMIT = 100;
const LIST_DEBOUNCE_MS = 300;

/**
 * The lobby over the socket. A socket on "/" gets the seeks it may see, the
 * live games and its correspondence games, then changes as they happen. New
 * seeks reach each process over the bus; each process decides per socket who
 * may see them.
 */
export function registerLobbySocket(
  ctx: ModuleContext,
  lobby: Lobby,
  games: Games,
  ratings: Ratings,
) {
  const { gateway } = ctx;
  const db = ctx.db as unknown as Kysely<GameTables>;

  const sendSeeks = async (conn: Connection) => {
    const seeks = await lobby.seeksFor(conn.user.userId);
    conn.sendBytes(
      encodeSocketMessage(MessageType.SEEK_REQUESTS, SeekRequestsSchema, {
        requests: seeks.map(Lobby.view),
      }),
    );
  };

  const infos = async (rows: GameRow[]) => {
    const now = Date.now();
    return Promise.all(rows.map(async (r) => gameInfo(r, await games.cards(r), now)));
  };

  const activeGames = async () => {
    const rows = await db
      .selectFrom('games')
      .selectAll()
      .where('ended_at', 'is', null)
      .where('correspondence', '=', false)
      .orderBy('updated_at', 'desc')
      .limit(ACTIVE_GAMES_LIMIT)
      .execute();
    return encodeSocketMessage(MessageType.ACTIVE_GAMES, ActiveGamesSchema, {
      games: await infos(rows),
    });
  };

  const sendCorrespondence = async (conn: Connection) => {
    if (!conn.user.userId) return;
    const id = conn.user.userId;
    const rows = await db
      .selectFrom('games')
      .selectAll()
      .where('ended_at', 'is', null)
      .where('correspondence', '=', true)
      .where((eb) => eb.or([eb('player0_id', '=', id), eb('player1_id', '=', id)]))
      .execute();
    conn.sendBytes(
      encodeSocketMessage(MessageType.CORRESPONDENCE_GAMES, CorrespondenceGamesSchema, {
        games: await infos(rows),
      }),
    );
  };

  /** The user's own ratings, so the lobby can show them and warn before unrated seeks. */
  const sendProfile = async (conn: Connection) => {
    const userId = conn.user.userId;
    if (!userId) return;
    const all = await ratings.allFor(userId);
    conn.sendBytes(
      encodeSocketMessage(MessageType.PROFILE_UPDATE, ProfileUpdateSchema, {
        userId,
        ratings: Object.fromEntries(
          Object.entries(all).map(([k, r]) => [k, { rating: r.rating, deviation: r.deviation }]),
        ),
      }),
    );
  };

  const inLobby = (conn: Connection) => conn.realms.has(LOBBY_REALM);

  gateway.onJoin((conn, path) => {
    if (path !== '/') return;
    void (async () => {
      await sendProfile(conn);
      await sendSeeks(conn);
      conn.sendBytes(await activeGames());
      await sendCorrespondence(conn);
    })().catch((err) => ctx.log.error({ err }, 'lobby join failed'));
  });
  gateway.onClose((conn) => void lobby.connectionClosed(conn).catch(() => undefined));

  ctx.bus.subscribe('lobby.seek.new', (_s, data) => {
    void (async () => {
      const seek = await lobby.byId(new TextDecoder().decode(data));
      if (!seek) return;
      const bytes = encodeSocketMessage(
        MessageType.SEEK_REQUEST,
        SeekRequestSchema,
        Lobby.view(seek),
      );
      for (const conn of gateway.localConnections()) {
        const addressed = seek.receiver_id !== '' && conn.user.userId === seek.receiver_id;
        if ((inLobby(conn) || addressed) && (await lobby.visible(seek, conn.user.userId)))
          conn.sendBytes(bytes);
      }
    })().catch((err) => ctx.log.error({ err }, 'seek fan-out failed'));
  });

  let pending: NodeJS.Timeout | undefined;
  ctx.bus.subscribe('lobby.games.changed', () => {
    pending ??= setTimeout(() => {
      pending = undefined;
      void (async () => {
        const bytes = await activeGames();
        for (const conn of gateway.localConnections()) {
          if (!inLobby(conn)) continue;
          conn.sendBytes(bytes);
          await sendCorrespondence(conn);
        }
      })().catch((err) => ctx.log.error({ err }, 'active games push failed'));
    }, LIST_DEBOUNCE_MS);
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
