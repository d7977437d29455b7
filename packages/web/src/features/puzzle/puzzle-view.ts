import type { GameEvent, GameHistory, PuzzleHints } from '@tessera/protocol';
import { GameStore, type GameView } from '../../board/state/game-store.ts';
import type { AnswerFacts } from './hints.ts';

/**
 * The puzzle's position as a game view, through the game room's own store
 * and engine model: the solver is the player on turn, and the position is a
 * live one (so the rack can be played from). With `solution`, the answer is
 * applied on top, so the board shows it as the last play.
 */
export function puzzleView(
  puzzleId: string,
  history: GameHistory,
  solution: GameEvent | null = null,
): GameView {
  const solver = history.playerOnTurn;
  const store = new GameStore(puzzleId);
  store.load({
    ...history,
    viewerIndex: solver,
    events: solution ? [...history.events, { ...solution, playerIndex: solver }] : history.events,
  });
  const view = store.getSnapshot();
  return solution ? view : { ...view, viewerIndex: solver, playState: 'PLAYING' };
}

/** The hints the server unlocked, as the hint texts want them (null before any). */
export function answerFacts(hints: PuzzleHints | undefined): AnswerFacts | null {
  if (!hints || hints.unlocked <= 0) return null;
  return {
    score: hints.score,
    tileCount: hints.tileCount,
    isBingo: hints.isBingo,
    row: Math.max(0, hints.row),
    column: Math.max(0, hints.column),
    // The position hint names the fixed line: a row for an across play, a column for a down one.
    vertical: hints.row < 0 && hints.column >= 0,
  };
}

/** The solution as the score sheet writes it: position, word and score. */
export function solutionText(e: GameEvent): string {
  return `${e.position} ${e.playedTiles} ${e.score}`;
}
