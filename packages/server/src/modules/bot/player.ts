import { randomInt } from 'node:crypto';
import { type GameState, invalidWords, lastTurn, parseTiles } from '@tessera/engine';
import {
  botPosition,
  DEFAULT_ENDGAME_MILLIS,
  resolveBot,
  type SearchLimits,
} from '@tessera/engine/ai';
import { create } from '@bufbuild/protobuf';
import { ClientGameplayEvent_Type, ClientGameplayEventSchema } from '@tessera/protocol';
import type { Logger } from 'pino';
import { type GameApi, type GameRow, readClock } from '../game/index.ts';
import type { BotPool } from './pool.ts';

/** A bot that has not moved this long after its turn began is prompted again by the sweep. */
export const BOT_STALL_MS = 20_000;

function shuffle(a: number[]): number[] {
  for (let i = a.length - 1; i > 0; i--) {
    const j = randomInt(0, i + 1);
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
}

/** Time the bot may think, from the time `left` on its clock (ms). */
export function thinkingLimits(left: number): SearchLimits {
  // The endgame is one decision that settles the game, and the solver's
  // answer improves with time where simulation stops at its iterations
  // (its time is only a safety net): a tenth of the clock, up to the
  // solver's own default, against a twentieth up to 3 s for the rest.
  return {
    simMillis: Math.max(500, Math.min(3000, left / 20)),
    endgameMillis: Math.max(500, Math.min(DEFAULT_ENDGAME_MILLIS, left / 10)),
  };
}

function limitsFor(row: GameRow, g: GameState, now: number): SearchLimits {
  const left = row.correspondence ? 60_000 : Math.max(0, readClock(row.clock, now)[g.playerOnTurn]);
  return thinkingLimits(left);
}

/**
 * Plays the bot's turns in live games. A bot challenges a play with a word
 * its lexicon does not hold (unless the game is void), passes when it must
 * pass or challenge after its opponent went out, and otherwise asks the
 * worker pool for a move. The move goes through the same authority as a
 * person's, with the event count it was computed for, so a duplicate prompt
 * (two processes, or a sweep racing a move) is refused rather than applied.
 */
export class BotPlayer {
  private readonly thinking = new Set<string>();

  constructor(
    private readonly games: GameApi,
    private readonly pool: BotPool,
    private readonly log: Logger,
  ) {}

  /** If it is a bot's turn in this game, play it (in the background); false when it is not or the bot is already on it. */
  prompt(row: GameRow, g: GameState): boolean {
    if (!BotPlayer.onTurn(row, g)) return false;
    if (this.thinking.has(row.id)) return false;
    this.thinking.add(row.id);
    void this.play(row, g)
      .catch((err) => this.log.warn({ err, game: row.id }, 'bot move failed'))
      .finally(() => this.thinking.delete(row.id));
    return true;
  }

  static onTurn(row: GameRow, g: GameState): boolean {
    return (
      !row.ended_at &&
      row.bot_index >= 0 &&
      g.playState !== 'GAME_OVER' &&
      g.playerOnTurn === row.bot_index
    );
  }

  private async play(row: GameRow, g: GameState): Promise<void> {
    const botId = row.bot_index === 0 ? row.player0_id : row.player1_id;
    const me = row.bot_index;
    const eventCount = row.event_count;
    let type = ClientGameplayEvent_Type.TILE_PLACEMENT;
    let coords = '';
    let tiles = '';
    if (g.rules.challengeRule !== 'VOID' && this.phonyToChallenge(g, me)) {
      type = ClientGameplayEvent_Type.CHALLENGE_PLAY;
    } else if (g.playState === 'WAITING_FOR_FINAL_PASS') {
      type = ClientGameplayEvent_Type.PASS;
    } else {
      const kind = resolveBot(row.request.botType || 'HastyBot', g.rules.lexicon) ?? 'hasty';
      const move = await this.pool.move(
        kind,
        botPosition(g, me, shuffle),
        randomInt(1, 2 ** 31),
        limitsFor(row, g, Date.now()),
      );
      if (move === '-') type = ClientGameplayEvent_Type.PASS;
      else if (move.startsWith('-')) {
        type = ClientGameplayEvent_Type.EXCHANGE;
        tiles = move.slice(1);
      } else [coords, tiles] = move.split(' ');
    }
    await this.games.act(
      row.id,
      botId,
      create(ClientGameplayEventSchema, {
        gameId: row.id,
        type,
        positionCoords: coords,
        tiles,
        eventCount,
      }),
    );
  }

  /** Did the opponent's last play form a word the lexicon lacks? */
  private phonyToChallenge(g: GameState, me: number): boolean {
    const last = lastTurn(g);
    if (!last || last.type !== 'TILE_PLACEMENT_MOVE' || last.playerIndex === me) return false;
    const since = g.events.slice(g.events.lastIndexOf(last) + 1);
    if (since.length > 0) return false;
    const checker = this.games.checker(g);
    const words = last.wordsFormed
      .map((w) => parseTiles(g.set, w, 'word'))
      .filter((r) => r.ok)
      .map((r) => r.value);
    return invalidWords(checker, words).length > 0;
  }
}
