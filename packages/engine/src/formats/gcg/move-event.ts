/**
 * One GCG move line to the event the reducer applies, together with the score
 * the rules give that line (null where only the file can know it: challenge
 * bonuses and time penalties). Reads the board as it is before the move.
 */
import { parseCoord } from '../../board/coords.ts';
import { END_RACK_MULTIPLIER } from '../../rules/constants.ts';
import { checkPlacement, PLACEMENT_MESSAGES } from '../../rules/placement.ts';
import { scorePlacement, tileScoreTable } from '../../rules/score.ts';
import { err, ok, type Err, type Result } from '../../result.ts';
import { makeEvent, type EventType, type GameEvent } from '../../game/events.ts';
import type { GameState } from '../../game/state.ts';
import { LETTER_MASK } from '../../tiles/letter-sets.ts';
import { parseTiles, printTiles, type TileContext } from '../../tiles/notation.ts';
import { Rack } from '../../tiles/rack.ts';
import type { GcgMove } from './parse.ts';

export function fail(line: number, message: string, code = 'ILLEGAL_MOVE'): Err {
  return err(code, `line ${line}: ${message}`, line);
}

export interface Step {
  event: GameEvent;
  /** The score change the rules give, or null when only the file knows it. */
  computed: number | null;
}

/** Turn one move line into an event, computing what its score should be. */
export function moveToEvent(
  g: GameState,
  move: GcgMove,
  p: number,
  aliases: Map<string, number>,
  lastPlayScore: number[],
): Result<Step> {
  const set = g.set;
  const read = (text: string, context: TileContext): Result<Uint8Array> => {
    const r = parseTiles(set, text, context, { aliases, allowEmpty: context === 'rack' });
    return r.ok ? r : fail(move.line, r.message, r.code);
  };
  const rack = read(move.rack, 'rack');
  if (!rack.ok) return rack;
  const rackText = move.rack === '' ? '' : printTiles(set, rack.value, 'rack');
  const base = { rack: rackText, note: move.note };
  const ev = (type: EventType, fields: Partial<GameEvent> = {}) =>
    makeEvent(type, p, { ...base, ...fields });
  switch (move.kind) {
    case 'play': {
      const coord = parseCoord(move.position, g.board.dim);
      if (!coord.ok) return fail(move.line, coord.message);
      const word = read(move.word, 'word');
      if (!word.ok) return word;
      const tiles = word.value;
      // Some programs write played-through letters instead of '.'.
      const step = coord.value.vertical ? g.board.dim : 1;
      let sq = coord.value.row * g.board.dim + coord.value.col;
      for (let i = 0; i < tiles.length && sq < g.board.squares.length; i++, sq += step) {
        const on = g.board.squares[sq];
        if (tiles[i] !== 0 && on !== 0 && (on & LETTER_MASK) === (tiles[i] & LETTER_MASK)) {
          tiles[i] = 0;
        }
      }
      const placement = { ...coord.value, tiles };
      const fresh = Array.from(
        tiles.filter((t) => t !== 0),
        Rack.source,
      );
      const held = move.rack === '' ? Rack.of(set, fresh) : Rack.of(set, rack.value);
      const code = checkPlacement(g.board, placement, held, set.size);
      if (code) return fail(move.line, PLACEMENT_MESSAGES[code], code);
      const computed = scorePlacement(g.board, placement, tileScoreTable(set));
      lastPlayScore[p] = computed;
      const playRack = move.rack === '' ? printTiles(set, held.tiles(), 'rack') : rackText;
      return ok({
        event: ev('TILE_PLACEMENT_MOVE', {
          rack: playRack,
          position: move.position,
          playedTiles: printTiles(set, tiles, 'word'),
          score: move.score,
        }),
        computed,
      });
    }
    case 'pass':
      return ok({ event: ev('PASS'), computed: 0 });
    case 'unsuccessfulChallenge':
      return ok({ event: ev('UNSUCCESSFUL_CHALLENGE_TURN_LOSS'), computed: 0 });
    case 'exchange': {
      const x = read(move.exchanged, 'rack');
      if (!x.ok) return x;
      const exchanged = move.exchanged === '' ? '' : printTiles(set, x.value, 'rack');
      return ok({
        event: ev('EXCHANGE', { exchanged, numTilesFromRack: move.count || x.value.length }),
        computed: 0,
      });
    }
    case 'phony':
      return ok({
        event: ev('PHONY_TILES_RETURNED', { lostScore: -move.score }),
        computed: -lastPlayScore[p],
      });
    case 'challenge':
      return move.score === 0
        ? ok({ event: ev('CHALLENGE'), computed: 0 })
        : ok({ event: ev('CHALLENGE_BONUS', { bonus: move.score }), computed: null });
    case 'time':
      return ok({ event: ev('TIME_PENALTY', { lostScore: -move.score }), computed: null });
    case 'endRack':
    case 'rackPenalty': {
      const counted = read(move.counted, 'rack');
      if (!counted.ok) return counted;
      const value = Rack.of(set, counted.value).value();
      const text = printTiles(set, counted.value, 'rack');
      return move.kind === 'endRack'
        ? ok({
            event: ev('END_RACK_PTS', { rack: text, endRackPoints: move.score }),
            computed: END_RACK_MULTIPLIER * value,
          })
        : ok({
            event: ev('END_RACK_PENALTY', { rack: text, lostScore: -move.score }),
            computed: -value,
          });
    }
    case 'resigned':
      return ok({ event: ev('RESIGNED'), computed: 0 });
    case 'timedOut':
      return ok({ event: ev('TIMED_OUT'), computed: 0 });
  }
}
