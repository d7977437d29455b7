import { type GameEvent, printTiles } from '@tessera/engine';
import {
  ChatMessage_EntityType,
  ChatMessageSchema,
  challengeRules,
  encodeSocketMessage,
  endReasons,
  GameEndedEventSchema,
  GameMetaEventSchema,
  MessageType,
  playStates,
  ServerChallengeResultEventSchema,
  ServerGameplayEventSchema,
} from '@tessera/protocol';
import type { Gateway } from '../../socket/gateway.ts';
import type { RatingChange } from '../rating/index.ts';
import type { Applied } from '../events.ts';
import type { Games } from './games.ts';
import { clocksView, eventsFor, historyView, tilesHiddenFrom } from './views.ts';

/** Realms of a game page: players' sockets and everyone else's. */
export const playersRealm = (id: string) => `game.${id}`;
export const observersRealm = (id: string) => `gametv.${id}`;
/** The directors watching a tournament game (also in its observers' realm; sight.ts). */
export const directorsRealm = (id: string) => `gamedir.${id}`;
/** The game of a directors' realm, or undefined for any other realm. */
export const gameOfDirectorsRealm = (realm: string) =>
  realm.startsWith('gamedir.') ? realm.slice('gamedir.'.length) : undefined;

/**
 * Sends an accepted change to everyone who should see it, each in the form
 * they may see: players through their own user subject (every socket they
 * have, so a player in the lobby still learns it is their turn), observers
 * through the game's observer realm, censored.
 */
export class GameBroadcaster {
  constructor(
    private readonly gateway: Gateway,
    private readonly games: Games,
    private readonly ratingChanges: (gameId: string) => Promise<RatingChange[]>,
  ) {}

  async changed(a: Applied): Promise<void> {
    const { row, g } = a;
    const now = Date.now();
    const rackOf = (p: number) => printTiles(g.set, g.racks[p].tiles(), 'rack');
    // `open`: a tournament's director watching, who sees every rack (sight.ts),
    // the tiles just drawn included; nobody else is sent a rack but their own.
    const update = (viewer: number, hideTiles: boolean, open = false) =>
      encodeSocketMessage(MessageType.SERVER_GAMEPLAY_EVENT, ServerGameplayEventSchema, {
        gameId: row.id,
        events: eventsFor(g, a.events, viewer, hideTiles, open),
        newRack: viewer >= 0 ? rackOf(viewer) : '',
        racks: open && viewer < 0 ? [rackOf(0), rackOf(1)] : [],
        playState: playStates.toWire(g.playState),
        clocks: clocksView(row.clock, now),
        scores: [...g.scores],
        playerOnTurn: g.playerOnTurn,
        bagCount: g.bag.size,
        eventCount: g.events.length,
      });
    for (const viewer of [0, 1]) {
      if (row.bot_index === viewer) continue;
      this.gateway.toUser(viewer === 0 ? row.player0_id : row.player1_id, update(viewer, false));
    }
    const signedIn = tilesHiddenFrom(row, -1, false);
    const visitors = tilesHiddenFrom(row, -1, true);
    if (row.tournament_id)
      this.gateway.toRealmWithInner(observersRealm(row.id), {
        signedIn: update(-1, signedIn),
        anonymous: update(-1, visitors),
        inner: directorsRealm(row.id),
        innerForm: update(-1, false, true),
      });
    else if (signedIn === visitors)
      this.gateway.toRealm(observersRealm(row.id), update(-1, signedIn));
    else
      this.gateway.toRealmBySignIn(
        observersRealm(row.id),
        update(-1, signedIn),
        update(-1, visitors),
      );
    if (a.meta) {
      const m = a.meta;
      const by = m.playerIndex === 0 ? row.player0_id : row.player1_id;
      const bytes = encodeSocketMessage(MessageType.GAME_META_EVENT, GameMetaEventSchema, {
        gameId: row.id,
        type: m.type,
        origEventId: m.origEventId,
        playerId: by,
        timestamp: BigInt(now),
        expiry: m.expiry,
      });
      this.gateway.toUser(row.player0_id, bytes);
      this.gateway.toUser(row.player1_id, bytes);
    }
    this.challengeResult(a);
    for (const line of serverLines(
      a.events,
      g.players.map((p) => p.nickname),
    ))
      this.say(row.id, line);
    if (a.ended) await this.ended(a);
  }

  private challengeResult(a: Applied): void {
    const challengeTypes = new Set([
      'PHONY_TILES_RETURNED',
      'CHALLENGE',
      'CHALLENGE_BONUS',
      'UNSUCCESSFUL_CHALLENGE_TURN_LOSS',
    ]);
    const e = a.events.find((ev) => challengeTypes.has(ev.type));
    if (!e) return;
    const valid = e.type !== 'PHONY_TILES_RETURNED';
    const result = (returnedTiles: string) =>
      encodeSocketMessage(
        MessageType.SERVER_CHALLENGE_RESULT_EVENT,
        ServerChallengeResultEventSchema,
        {
          gameId: a.row.id,
          valid,
          challenger: a.g.players[a.mover].nickname,
          challengeRule: challengeRules.toWire(a.g.rules.challengeRule),
          returnedTiles,
        },
      );
    const returned = valid ? '' : e.playedTiles;
    const players = result(returned);
    this.gateway.toUser(a.row.player0_id, players);
    this.gateway.toUser(a.row.player1_id, players);
    // Correspondence spectators, and visitors of a tournament game, see no
    // tiles until the game is over (views.ts).
    const hidden = (anonymous: boolean) => tilesHiddenFrom(a.row, -1, anonymous) && !a.ended;
    const view = (anonymous: boolean) => (hidden(anonymous) ? result('') : players);
    if (a.row.tournament_id)
      this.gateway.toRealmWithInner(observersRealm(a.row.id), {
        signedIn: view(false),
        anonymous: view(true),
        inner: directorsRealm(a.row.id),
        innerForm: players,
      });
    else if (hidden(false) === hidden(true))
      this.gateway.toRealm(observersRealm(a.row.id), view(false));
    else this.gateway.toRealmBySignIn(observersRealm(a.row.id), view(false), view(true));
  }

  private async ended(a: Applied): Promise<void> {
    const { row, g } = a;
    const cards = await this.games.cards(row);
    const ratingChanges = await this.ratingChanges(row.id);
    for (const viewer of [0, 1, -1]) {
      if (viewer >= 0 && row.bot_index === viewer) continue;
      const bytes = encodeSocketMessage(MessageType.GAME_ENDED_EVENT, GameEndedEventSchema, {
        gameId: row.id,
        endReason: endReasons.toWire(g.endReason),
        scores: [...g.scores],
        winner: g.winner,
        ratingChanges,
        history: historyView(row, g, cards, viewer, Date.now()),
        rated: row.rated,
      });
      if (viewer === 0) this.gateway.toUser(row.player0_id, bytes);
      else if (viewer === 1) this.gateway.toUser(row.player1_id, bytes);
      else this.gateway.toRealm(observersRealm(row.id), bytes);
    }
  }

  /** A server line in the game's chat, seen by players and observers. */
  say(gameId: string, message: string): void {
    const bytes = encodeSocketMessage(MessageType.CHAT_MESSAGE, ChatMessageSchema, {
      entityType: ChatMessage_EntityType.SERVER_MESSAGE,
      message,
      channel: `chat.game.${gameId}`,
      timestamp: BigInt(Date.now()),
    });
    this.gateway.toRealm(playersRealm(gameId), bytes);
    this.gateway.toRealm(observersRealm(gameId), bytes);
  }
}

/** The server chat lines of docs/product/gameplay.md §8 for a batch of events. */
export function serverLines(events: GameEvent[], nicknames: string[]): string[] {
  const lines: string[] = [];
  for (const e of events) {
    const who = nicknames[e.playerIndex];
    if (e.type === 'PASS') lines.push(`${who} passed`);
    else if (e.type === 'EXCHANGE') lines.push(`${who} exchanged ${countTiles(e.exchanged)}`);
    else if (e.type === 'PHONY_TILES_RETURNED') lines.push('Play was challenged off the board!');
    else if (
      ['CHALLENGE', 'CHALLENGE_BONUS', 'UNSUCCESSFUL_CHALLENGE_TURN_LOSS'].includes(e.type)
    ) {
      lines.push('Challenged play was valid');
    }
  }
  return lines;
}

/** Tiles in an exchange string: bracketed multi-letter tiles count once. */
function countTiles(text: string): number {
  return text.replace(/\[[^\]]*\]/g, 'x').length;
}
