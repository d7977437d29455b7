import {
  ClientGameplayEventSchema,
  encodeSocketMessage,
  ErrorMessageSchema,
  errorMessage,
  GameHistoryRefresherSchema,
  GameMetaEventSchema,
  MessageType,
  ReadyForGameSchema,
  refuse,
  Refusal,
  TimedOutSchema,
} from '@tessera/protocol';
import type { Connection } from '../../socket/connection.ts';
import type { RatingChange } from '../rating/index.ts';
import type { Gateway } from '../../socket/gateway.ts';
import { directorsRealm, gameOfDirectorsRealm, observersRealm, playersRealm } from './broadcast.ts';
import type { Games } from './games.ts';
import { outstandingMeta } from './meta.ts';
import type { Sights } from './sight.ts';
import { historyView } from './views.ts';

const GAME_PATH = /^\/(?:game|embed\/game)\/([A-Za-z0-9_-]{1,64})$/;
const GAME_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The game room over the socket: joining a game page puts a socket in the
 * players' or the observers' realm and sends the whole state; gameplay
 * messages go to the authority (Games), whose accepted changes reach the
 * broadcaster as game.changed events.
 */
export function registerGameSocket(
  gateway: Gateway,
  games: Games,
  ratingChanges: (gameId: string) => Promise<RatingChange[]>,
  sights: Sights,
) {
  const refresh = async (conn: Connection, gameId: string) => {
    const row = await games.row(gameId);
    if (!row) {
      conn.send(MessageType.ERROR_MESSAGE, ErrorMessageSchema, {
        message: errorMessage('GAME_NOT_FOUND'),
      });
      return;
    }
    const g = await games.state(row);
    const viewer = games.playerIndex(row, conn.user.userId);
    const now = Date.now();
    const sight = await sights.of(row, viewer, userOf(conn));
    const history = historyView(
      row,
      g,
      await games.cards(row),
      viewer,
      now,
      conn.user.anonymous,
      sight,
    );
    conn.sendBytes(
      encodeSocketMessage(MessageType.GAME_HISTORY_REFRESHER, GameHistoryRefresherSchema, {
        history,
        outstandingEvent: outstandingMeta(row, now),
        // A finished game opened again shows the same rating changes as at its end.
        ratingChanges: row.ended_at && row.rated ? await ratingChanges(row.id) : [],
      }),
    );
  };

  gateway.onJoin((conn, path) => {
    const m = GAME_PATH.exec(path);
    if (!m) return;
    return (async () => {
      const row = await games.row(m[1]);
      const viewer = row ? games.playerIndex(row, conn.user.userId) : -1;
      if (viewer >= 0) conn.enter(playersRealm(m[1]));
      else conn.enter(observersRealm(m[1]));
      if (row && viewer < 0 && (await sights.of(row, viewer, userOf(conn))) === 'director')
        conn.enter(directorsRealm(m[1]));
      await refresh(conn, m[1]);
    })().catch(() =>
      conn.send(MessageType.ERROR_MESSAGE, ErrorMessageSchema, {
        message: errorMessage('INTERNAL'),
      }),
    );
  });

  // A director removed from a tournament stops receiving its games' racks at
  // once, on every process, not when they next change page.
  gateway.onRecheck(async (conn) => {
    for (const realm of [...conn.realms]) {
      const id = gameOfDirectorsRealm(realm);
      if (!id) continue;
      const row = await games.row(id);
      if (row && (await sights.of(row, -1, userOf(conn))) === 'director') continue;
      conn.leave(realm);
      // The page drops what it showed as a director: the watcher's view, now.
      if (row) await refresh(conn, id);
    }
  });

  gateway.on(MessageType.READY_FOR_GAME, ReadyForGameSchema, async (conn, m) => {
    if (!GAME_ID.test(m.gameId)) throw refuse('GAME_NOT_FOUND');
    await refresh(conn, m.gameId);
  });

  gateway.on(MessageType.CLIENT_GAMEPLAY_EVENT, ClientGameplayEventSchema, async (conn, m) => {
    if (!conn.user.userId) throw refuse('NOT_LOGGED_IN');
    if (!GAME_ID.test(m.gameId)) throw refuse('GAME_NOT_FOUND');
    try {
      await games.act(m.gameId, conn.user.userId, m);
    } catch (e) {
      // A stale client gets the current state along with the refusal.
      if (e instanceof Refusal && e.key === 'STALE_EVENT') await refresh(conn, m.gameId);
      throw e;
    }
  });

  gateway.on(MessageType.GAME_META_EVENT, GameMetaEventSchema, async (conn, m) => {
    if (!conn.user.userId) throw refuse('NOT_LOGGED_IN');
    if (!GAME_ID.test(m.gameId)) throw refuse('GAME_NOT_FOUND');
    await games.meta(m.gameId, conn.user.userId, m);
  });

  // A player's report that time ran out is only a hint: the server's clock decides, and
  // the user id in the report is ignored. An early report gets the server's clocks back.
  gateway.on(MessageType.TIMED_OUT, TimedOutSchema, async (conn, m) => {
    if (!conn.user.userId) throw refuse('NOT_LOGGED_IN');
    if (!GAME_ID.test(m.gameId)) throw refuse('GAME_NOT_FOUND');
    const row = await games.row(m.gameId);
    if (!row) throw refuse('GAME_NOT_FOUND');
    if (games.playerIndex(row, conn.user.userId) < 0) throw refuse('NOT_A_PLAYER');
    if (row.ended_at) throw refuse('GAME_OVER');
    const applied = await games.timeOutIfDue(m.gameId);
    if (applied) return;
    await refresh(conn, m.gameId);
    throw refuse('TIME_NOT_UP');
  });
}

/** A signed-in socket's user, for sight.ts (a visitor has none). */
function userOf(conn: Connection): { id: string; username: string } | undefined {
  return conn.user.anonymous ? undefined : { id: conn.user.userId, username: conn.user.username };
}
