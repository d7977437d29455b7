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
 * The round's games start together: one claim, one log change and so one
 * pairings message for all of them (at 300 players, one change per game made
 * opening a round take 11 to 35 s and sent the watchers the round 150 times).
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
  const pairs: [string, string][] = [];
  for (const [p, slot] of row.entries()) {
    if (!slot || slot.opponent <= p || slot.gameId || settled(slot)) continue;
    const [a, b] = slot.first === false ? [slot.opponent, p] : [p, slot.opponent];
    pairs.push([div.players[a].id, div.players[b].id]);
  }
  await startGames(c, d, id, divisionId, round, pairs);
}

/** A READY that completes a pairing starts its game. */
function startGame(
  c: Calls,
  d: PlayDeps,
  id: string,
  divisionId: string,
  round: number,
  a: string,
  b: string,
): Promise<void> {
  return startGames(c, d, id, divisionId, round, [[a, b]]);
}

/**
 * Starts the games of `pairs` (player one first) in a round. One pairing,
 * one game: the seats are claimed under the tournament's lock, and a pairing
 * whose seats are taken is left to the start that took them. A game that
 * cannot be created frees its seats; the others start, and the first such
 * failure is thrown once they have.
 */
async function startGames(
  c: Calls,
  d: PlayDeps,
  id: string,
  divisionId: string,
  round: number,
  pairs: [string, string][],
): Promise<void> {
  if (pairs.length === 0) return;
  const s = await c.load(id);
  const div = divisionById(s, divisionId);
  if (!div) throw refuse('TOURNAMENT_DIVISION_NOT_FOUND', divisionId);
  if (!div.extras.gameRequest) throw refuse('TOURNAMENT_GAME_CONTROLS_NOT_SET', div.name);
  const request = stored(div.extras.gameRequest, d.lexiconName);
  const row = div.rounds[round];
  const seat = (pid: string) => ({
    userId: userIdOf(pid),
    nickname: pid.slice(pid.indexOf(':') + 1),
    isBot: false,
  });
  const claimOf = (players: [string, string]) => ({ tournament: id, divisionId, round, players });
  const mine = await c.d.db.transaction().execute(async (tx) => {
    await sql`SELECT 1 FROM tournaments WHERE id = ${id} FOR UPDATE`.execute(tx);
    const now = await c.d.store.state(id, tx);
    const out: [string, string][] = [];
    if (now) for (const p of pairs) if (await claimSeats(tx, now, claimOf(p))) out.push(p);
    return out;
  });
  const started: { a: string; b: string; gameId: string }[] = [];
  let failure: unknown;
  for (const [a, b] of mine) {
    const low = Math.min(playerIndex(div, a), playerIndex(div, b));
    // The game index: the pair's place among the round's pairs (by their lower seed).
    const gameIndex = row.filter((x, i) => x && x.opponent > i && i < low).length;
    try {
      const game = await d.games.create({
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
      started.push({ a, b, gameId: game.id });
    } catch (err) {
      await releaseSeats(c.d.db, claimOf([a, b]));
      failure ??= err;
    }
  }
  if (started.length) {
    await c.d.events.transaction(c.d.db, async (tx, publish) => {
      await c.changeIn(tx, publish, id, 'system', (st) => {
        const name = divisionById(st, divisionId)?.name ?? div.name;
        return started.map(({ a, b, gameId }) => ({
          kind: 'game.started' as const,
          division: name,
          round,
          a,
          b,
          gameId,
        }));
      });
      for (const { a, b, gameId } of started) await claimGame(tx, claimOf([a, b]), gameId);
    });
    for (const { a, b, gameId } of started) {
      const message = encodeSocketMessage(MessageType.NEW_GAME_EVENT, NewGameEventSchema, {
        gameId,
      });
      d.gateway.toUser(seat(a).userId, message);
      d.gateway.toUser(seat(b).userId, message);
    }
  }
  if (failure) throw failure;
}
