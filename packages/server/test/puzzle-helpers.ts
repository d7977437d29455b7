import {
  cgp,
  type Placement,
  printCoord,
  printTiles,
  validatePlacement,
  wordsFormed,
} from '@tessera/engine';
import { rpc, type RpcResult, type TestServer } from './harness.ts';

/** A PuzzleService call as a browser makes it. */
export function puzzleCall<T = Record<string, unknown>>(
  server: TestServer,
  method: string,
  body: unknown,
  cookie?: string,
): Promise<RpcResult<T>> {
  return rpc<T>(server, 'PuzzleService', method, body, { cookie });
}

/** The catalogue code of a failed call (0 when it succeeded). */
export const codeOf = (r: RpcResult<object>) =>
  r.status === 200
    ? 0
    : Number(String((r.body as { message?: string }).message ?? '').split(';')[0]);

export interface PuzzleView {
  puzzleId: string;
  cgp: string;
  lexicon: string;
  rating: number;
  tags?: string[];
  userVote?: number;
  voteTotal?: number;
  answer: AnswerView;
  history: { racks: string[]; events?: unknown[]; playerOnTurn?: number };
}

export interface AnswerView {
  status: string;
  attempts?: number;
  stars?: number;
  newPuzzleRating?: number;
  newUserRating?: number;
  correctAnswer?: { position: string; playedTiles: string; score: number; isBingo?: boolean };
  hints: {
    unlocked?: number;
    score?: number;
    tileCount?: number;
    isBingo?: boolean;
    position?: string;
  };
}

export interface SubmitView {
  userIsCorrect?: boolean;
  rated?: boolean;
  invalidWords?: string[];
  answer: AnswerView;
}

/** The answer as SubmitAnswer takes it. */
export const answerOf = (a: { position: string; playedTiles: string }) => ({
  type: 'TYPE_TILE_PLACEMENT',
  positionCoords: a.position,
  tiles: a.playedTiles,
});

/**
 * A legal placement on the puzzle's board that is not `answer`: one rack tile
 * beside a tile already on the board (a wrong answer the server must accept
 * as an attempt).
 */
export function wrongAnswer(puzzleCgp: string, answer: { position: string; playedTiles: string }) {
  for (const w of wrongAnswers(puzzleCgp, answer)) return w;
  throw new Error('no wrong answer found');
}

/** Every such placement, with the words it forms (upper case, blanks lower). */
export function* wrongAnswers(
  puzzleCgp: string,
  answer: { position: string; playedTiles: string },
): Generator<{ position: string; playedTiles: string; words: Uint8Array[] }> {
  const g = cgp.gameFromCgp(puzzleCgp);
  if (!g.ok) throw new Error(g.message);
  const { board, set } = g.value;
  const rack = g.value.racks[0];
  const letters = [...rack.tiles()].filter((t) => t !== 0);
  for (let r = 0; r < board.dim; r++) {
    for (let c = 0; c < board.dim; c++) {
      if (board.get(r, c) !== 0) continue;
      for (const vertical of [false, true]) {
        for (const t of letters) {
          const p: Placement = { row: r, col: c, vertical, tiles: Uint8Array.of(t) };
          if (!validatePlacement(board, p, rack, set.size).ok) continue;
          const text = { position: printCoord(p), playedTiles: printTiles(set, p.tiles, 'word') };
          if (text.position === answer.position && text.playedTiles === answer.playedTiles)
            continue;
          yield { ...text, words: wordsFormed(board, p) };
        }
      }
    }
  }
}
