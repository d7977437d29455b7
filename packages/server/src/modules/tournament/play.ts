/**
 * Tournament games: players mark ready (READY_FOR_TOURNAMENT_GAME), a game
 * starts when both are, with the division's game request, the paired first
 * player and the game's placement; its result comes back through the game
 * module's game.ended, in the same transaction.
 */
import { fromJson, type JsonValue } from '@bufbuild/protobuf';
import { sql } from 'kysely';
import {
  endReasons,
  encodeSocketMessage,
  GameRequestSchema,
  MessageType,
  NewGameEventSchema,
  ratingKey,
  ReadyForTournamentGameSchema,
  timeClass,
  refuse,
} from '@tessera/protocol';
import type { Gateway } from '../../socket/gateway.ts';
import type { Events } from '../events.ts';
import type { GameApi, StoredRequest } from '../game/index.ts';
import { validateGameRequest } from '../lobby/index.ts';
import { announceClubGame } from './broadcast.ts';
import { claimGame, claimSeats, releaseSeats } from './claims.ts';
import type { Calls } from './context.ts';
import {
  division,
  divisionById,
  divisionOfGame,
  echoed,
  playerIndex,
  settled,
  type LogBody,
  gameOutcomes,
  resultEntry,
  userIdOf,
} from '@tessera/tournament';

export interface PlayDeps {
  games: GameApi;
  gateway: Gateway;
  events: Events;
  lexiconName: (name: string) => string | undefined;
}

export function stored(gameRequest: unknown, lexiconName: PlayDeps['lexiconName']): StoredRequest {
  const v = validateGameRequest(fromJson(GameRequestSchema, gameRequest as JsonValue), lexiconName);
  if (typeof v === 'string') throw refuse('TOURNAMENT_GAME_SETTINGS_INVALID', v);
  return v.request;
}

export function registerPlay(c: Calls, d: PlayDeps): void {
  d.gateway.on(
    MessageType.READY_FOR_TOURNAMENT_GAME,
    ReadyForTournamentGameSchema,
    async (conn, m) => {
      // A refusal goes back to this connection as an ERROR_MESSAGE (the gateway's dispatch).
      if (conn.user.anonymous) throw refuse('NOT_LOGGED_IN');
      const me = `${conn.user.userId}:${conn.user.username}`;
      const s = await c.load(m.tournamentId);
      let start: { a: string; b: string; aFirst: boolean; divisionId: string } | undefined;
      await c.change(s.id, me, (st) => {
        const div = division(st, m.division);
        if (!div) throw refuse('TOURNAMENT_DIVISION_NOT_FOUND', echoed(m.division));
        const p = playerIndex(div, me);
        if (p < 0) throw refuse('TOURNAMENT_NOT_IN_GAME', m.division, m.round + 1);
        if (m.round !== div.currentRound)
          throw refuse('TOURNAMENT_WRONG_ROUND', m.round + 1, div.currentRound + 1);
        const slot = div.rounds[m.round]?.[p];
        if (!slot || slot.opponent === p || settled(slot) || slot.gameId)
          throw refuse('TOURNAMENT_NOT_IN_GAME', m.division, m.round + 1).as('failed_precondition');
        if (m.unready)
          return slot.ready
            ? [{ kind: 'ready', division: div.name, round: m.round, player: me, ready: false }]
            : [];
        if (slot.ready) throw refuse('TOURNAMENT_ALREADY_READY');
        const out: LogBody[] = [
          { kind: 'ready', division: div.name, round: m.round, player: me, ready: true },
        ];
        const other = div.rounds[m.round][slot.opponent];
        if (other?.ready && !st.meta.irlMode) {
          const a = slot.first === false ? div.players[slot.opponent].id : me;
          const b = a === me ? div.players[slot.opponent].id : me;
          start = { a, b, aFirst: true, divisionId: div.id };
        }
        return out;
      });
      if (start) {
        const { a, b, divisionId } = start;
        try {
          await startGame(c, d, s.id, divisionId, m.round, a, b);
        } catch (err) {
          // A game that cannot start leaves both players free to mark ready again.
          await c.change(s.id, 'system', (st) => {
            const now = divisionById(st, divisionId);
            return (now ? [a, b] : []).map((player) => ({
              kind: 'ready' as const,
              division: now?.name ?? m.division,
              round: m.round,
              player,
              ready: false,
            }));
          });
          throw err;
        }
      }
    },
  );

  // A finished tournament game's result goes into the log in the game's own
  // transaction, and out to the realm through tournament.changed after its commit.
  d.events.inTransaction('game.ended', 'tournament', async (a, tx, publish) => {
    const row = a.row;
    if (!row.tournament_id || !row.division) return;
    const reason = row.end_reason;
    await c.changeIn(tx, publish, row.tournament_id, 'system', (st) => {
      // The game is found by its id, never by the division's name when it
      // started: a division renamed since keeps its games (decision 0121).
      const found = divisionOfGame(st, row.round, row.id);
      if (!found) return [];
      const { d: sd, p } = found;
      const slot = sd.rounds[row.round][p];
      if (!slot || settled(slot)) return [];
      const ids = [row.player0_id, row.player1_id].map(
        (u) => sd.players.find((x) => x.id.startsWith(`${u}:`))?.id,
      );
      if (!ids[0] || !ids[1]) return [];
      return [
        resultEntry(st, sd.name, row.round, ids[0], ids[1], {
          scoreA: row.score0,
          scoreB: row.score1,
          ...gameOutcomes(reason, row.winner),
          endReason: endReasons.toWire(reason as never),
          amendment: false,
          gameId: row.id,
        }),
      ];
    });
  });
}

/**
 * A club's free-form game has no result to log, but its page lists it among
 * recent games: after the game's commit the club's realm hears it. (A paired
 * game's result is a log entry, told through tournament.changed.)
 */
export function announceClubGames(c: Calls, d: PlayDeps): void {
  d.events.afterCommit('game.ended', 'tournament', async (a) => {
    if (!a.row.tournament_id || a.row.division) return;
    const s = await c.d.store.state(a.row.tournament_id);
    if (!s) return;
    const names = await c.d.accounts.usernames([a.row.player0_id, a.row.player1_id]);
    const person = (u: string) => `${u}:${names.get(u) ?? ''}`;
    announceClubGame(d.gateway, s, a.row, [person(a.row.player0_id), person(a.row.player1_id)]);
  });
}

/**
 * Auto-start (division control): when a round opens, every game of it starts
 * at once, without waiting for the players to mark ready (never in IRL mode).
 */
export async function autoStart(
  c: Calls,
  d: PlayDeps,
  id: string,
  divisionId: string,
  round: number,
): Promise<void> {
  const s = await c.load(id);
  const div = divisionById(s, divisionId);
  if (!div || !div.extras.autoStart || s.meta.irlMode || div.currentRound !== round) return;
  const row = div.rounds[round] ?? [];
  for (const [p, slot] of row.entries()) {
    if (!slot || slot.opponent <= p || slot.gameId || settled(slot)) continue;
    const [a, b] = slot.first === false ? [slot.opponent, p] : [p, slot.opponent];
    await startGame(c, d, id, divisionId, round, div.players[a].id, div.players[b].id);
  }
}

/** Thrown inside the claim's transaction to roll back a half-made claim. */
const NOT_MINE = Symbol('seats taken');

async function startGame(
  c: Calls,
  d: PlayDeps,
  id: string,
  divisionId: string,
  round: number,
  a: string,
  b: string,
): Promise<void> {
  const s = await c.load(id);
  const div = divisionById(s, divisionId);
  if (!div) throw refuse('TOURNAMENT_DIVISION_NOT_FOUND', divisionId);
  if (!div.extras.gameRequest) throw refuse('TOURNAMENT_GAME_CONTROLS_NOT_SET', div.name);
  const request = stored(div.extras.gameRequest, d.lexiconName);
  const low = Math.min(playerIndex(div, a), playerIndex(div, b));
  const row = div.rounds[round];
  // The game index: the pair's place among the round's pairs (by their lower seed).
  const gameIndex = row.filter((x, i) => x && x.opponent > i && i < low).length;
  const seat = (pid: string) => ({
    userId: userIdOf(pid),
    nickname: pid.slice(pid.indexOf(':') + 1),
    isBot: false,
  });
  const claim = { tournament: id, divisionId, round, players: [a, b] as [string, string] };
  // One pairing, one game: the seats are claimed under the tournament's lock,
  // and a start that finds them taken leaves the game to the one that took them.
  const mine = await c.d.db
    .transaction()
    .execute(async (tx) => {
      await sql`SELECT 1 FROM tournaments WHERE id = ${id} FOR UPDATE`.execute(tx);
      const now = await c.d.store.state(id, tx);
      if (now && (await claimSeats(tx, now, claim))) return true;
      throw NOT_MINE;
    })
    .catch((err: unknown) => {
      if (err === NOT_MINE) return false;
      throw err;
    });
  if (!mine) return;
  let game;
  try {
    game = await d.games.create({
      request: { ...request, requestId: '' },
      seats: [seat(a), seat(b)],
      ratingKey: ratingKey(
        request.lexicon,
        request.variant,
        timeClass(
          request.initialTimeSeconds,
          request.maxOvertimeMinutes,
          request.incrementSeconds,
          false,
        ),
      ),
      firstPlayer: 0,
      tournament: { id, division: div.name, round, gameIndex },
    });
  } catch (err) {
    await releaseSeats(c.d.db, claim);
    throw err;
  }
  const gameId = game.id;
  await c.d.events.transaction(c.d.db, async (tx, publish) => {
    await c.changeIn(tx, publish, id, 'system', (st) => [
      {
        kind: 'game.started',
        division: divisionById(st, divisionId)?.name ?? div.name,
        round,
        a,
        b,
        gameId,
      },
    ]);
    await claimGame(tx, claim, gameId);
  });
  const started = encodeSocketMessage(MessageType.NEW_GAME_EVENT, NewGameEventSchema, {
    gameId: game.id,
  });
  d.gateway.toUser(seat(a).userId, started);
  d.gateway.toUser(seat(b).userId, started);
}
