import type { MessageInitShape } from '@bufbuild/protobuf';
import {
  cgp,
  fromDocument,
  type GameDocument,
  type GameState,
  type Lexicon,
  type Placement,
  parseCoord,
  parseTiles,
  rackText,
  validatePlacement,
  wordsFormed,
} from '@tessera/engine';
import { isCorrectAnswer, parsePlacementText } from '@tessera/engine/ai';
import {
  type ClientGameplayEvent,
  eventToWire,
  GameEvent_Direction,
  GameEvent_Type,
  type GameEventSchema,
  type GameHistorySchema,
  PlayState,
  refuse,
} from '@tessera/protocol';
import type { PuzzleRow, StoredAnswer } from './migrations.ts';

/** Longest coordinate and tile texts an answer may carry (as the game module allows). */
const MAX_COORDS_TEXT = 8;
const MAX_TILES_TEXT = 120;

/** The position of a puzzle as a game: the mover (index 0) on turn with their rack. */
export function positionGame(p: PuzzleRow): GameState {
  // A non-void rule so a phony is a legal placement: it is a wrong answer, not a refusal.
  const g = cgp.gameFromCgp(p.cgp, { challengeRule: 'DOUBLE' });
  if (!g.ok) throw refuse('INTERNAL');
  return g.value;
}

export interface Verdict {
  correct: boolean;
  /** Words formed that the lexicon does not hold (display form). */
  invalidWords: string[];
}

/**
 * Reads and judges a submitted answer. A placement that cannot be made on the
 * board is refused with PUZZLE_ANSWER_INVALID (it is not an attempt,
 * docs/product/gameplay.md §5); a legal one is correct when it is the answer
 * or one of its equivalent spellings.
 */
export function judge(p: PuzzleRow, e: ClientGameplayEvent, lexicon: Lexicon | undefined): Verdict {
  if (e.positionCoords.length > MAX_COORDS_TEXT || e.tiles.length > MAX_TILES_TEXT)
    throw refuse('PUZZLE_ANSWER_INVALID', 'the answer is too long');
  const g = positionGame(p);
  const coord = parseCoord(e.positionCoords.trim(), g.board.dim);
  if (!coord.ok) throw refuse('PUZZLE_ANSWER_INVALID', coord.message);
  const tiles = parseTiles(g.set, e.tiles, 'word');
  if (!tiles.ok) throw refuse('PUZZLE_ANSWER_INVALID', tiles.message);
  const placement: Placement = { ...coord.value, tiles: tiles.value };
  const valid = validatePlacement(g.board, placement, g.racks[0], g.set.size);
  if (!valid.ok) throw refuse('PUZZLE_ANSWER_INVALID', valid.message);
  const correct = isCorrectAnswer(
    {
      answer: { ...p.answer, placement: answerPlacement(p) } as never,
      equivalents: p.equivalents,
      letterDistribution: p.letter_distribution as never,
      boardLayout: p.board_layout as never,
    },
    placement,
  );
  const invalidWords =
    correct || !lexicon
      ? []
      : wordsFormed(g.board, placement)
          .filter((w) => !lexicon.has(w))
          .map((w) => lexicon.format(w));
  return { correct, invalidWords };
}

function answerPlacement(p: PuzzleRow): Placement {
  const g = positionGame(p);
  const placement = parsePlacementText(g.set, g.board.dim, p.answer.text);
  if (!placement) throw refuse('INTERNAL');
  return placement;
}

/** The answer as a game event, as the correct_answer field carries it. */
export function answerEvent(a: StoredAnswer): MessageInitShape<typeof GameEventSchema> {
  const [coords] = a.text.split(' ');
  return {
    type: GameEvent_Type.TILE_PLACEMENT_MOVE,
    row: a.row,
    column: a.col,
    direction: a.vertical ? GameEvent_Direction.VERTICAL : GameEvent_Direction.HORIZONTAL,
    position: coords,
    playedTiles: a.playedTiles,
    score: a.score,
    isBingo: a.isBingo,
    wordsFormed: a.words,
    numTilesFromRack: a.tilesPlayed,
  };
}

/**
 * The position as a GameHistory for the board screen: the stored game's
 * events before the puzzle's turn when it was kept, else the CGP position
 * (no events); only the solver's rack is filled in.
 *
 * Until the caller has answered (`revealed` false) nothing names the game the
 * position comes from: no game id, the players are "You" and "Opponent", and
 * the events carry no nickname, clock or note (issue 37: the id, or the
 * players' names and a recent-games list, led to the game's record and so to
 * the move played, which is often the answer).
 */
export function historyOf(
  p: PuzzleRow,
  revealed: boolean,
): MessageInitShape<typeof GameHistorySchema> {
  let g: GameState | null = null;
  if (p.position) {
    const doc = fromDocument(p.position as GameDocument);
    if (doc.ok) g = doc.value;
  }
  const fromCgp = positionGame(p);
  const game = g ?? fromCgp;
  const mover = game.playerOnTurn;
  const racks = ['', ''];
  racks[mover] = rackText(fromCgp, fromCgp.racks[0].tiles());
  return {
    gameId: revealed ? (p.source_game_id ?? '') : '',
    players: game.players.map((pl, i) => ({
      userId: '',
      nickname: (revealed && pl.nickname) || (i === mover ? 'You' : 'Opponent'),
      first: i === game.firstPlayer,
    })),
    events: game.events.map((e) => ({
      ...eventToWire(e),
      rack: e.playerIndex === mover ? e.rack : '',
      ...(revealed ? {} : { nickname: '', millisRemaining: 0, note: '' }),
    })),
    request: {
      lexicon: p.lexicon,
      rules: {
        boardLayoutName: p.board_layout,
        letterDistributionName: p.letter_distribution,
        variantName: p.variant,
      },
    },
    racks,
    scores: [...game.scores],
    playState: PlayState.PLAYING,
    winner: -1,
    playerOnTurn: mover,
    // The CGP hides the opponent's rack, so its bag holds those tiles too.
    bagCount: g ? g.bag.size : Math.max(0, fromCgp.bag.size - 7),
    viewerIndex: mover,
  };
}
