import { cloneGame, parseCoord, parseTiles, type GameEvent, type GameState } from '@tessera/engine';
import type { GameView } from '../../../board/state/game-store.ts';
import { replayView, setKnownRack } from '../../../board/state/model.ts';
import { lastPlaySquares } from '../../../board/state/turns.ts';

/**
 * Examine mode works on positions: "turn n" of the URL (docs/product/gameplay.md
 * §2 "turn={n}") is the position after n - 1 events, so turn 1 is the
 * empty board and comment links (event index + 2) land just after their
 * event.
 */
export const turnToCount = (turn: number, total: number) =>
  Math.min(total, Math.max(0, Math.floor(turn) - 1));
export const countToTurn = (count: number) => count + 1;

export interface ExaminedPosition {
  count: number;
  g: GameState;
  squares: Uint8Array;
  scores: [number, number];
  playerOnTurn: number;
  lastPlay: number[];
}

/** The game as it stood after `count` events, replayed by the engine. */
export function positionAt(view: GameView, count: number): ExaminedPosition | null {
  if (!view.setup) return null;
  const events = view.events.slice(0, count);
  const { g } = replayView(view.setup, events);
  return {
    count,
    g,
    squares: g.board.squares.slice(),
    scores: [g.scores[0], g.scores[1]],
    playerOnTurn: g.playerOnTurn,
    lastPlay: lastPlaySquares(events, g),
  };
}

/** What the analyzer needs to run a position in a worker: plain data only. */
export interface AnalyzerPosition {
  lexicon: string;
  letterDistribution: string;
  boardLayout: string;
  variant: string;
  challengeRule: string;
  board: number[];
  racks: [number[], number[]];
  scores: [number, number];
  scorelessTurns: number;
  playerOnTurn: number;
  /** The move actually made from here, to mark it (and add it when it is not among the best). */
  played:
    | { kind: 'play'; row: number; col: number; vertical: boolean; tiles: number[] }
    | { kind: 'exchange'; tiles: number[] }
    | { kind: 'pass' }
    | null;
}

function playedFrom(g: GameState, e: GameEvent | undefined): AnalyzerPosition['played'] {
  if (!e || e.playerIndex !== g.playerOnTurn) return null;
  if (e.type === 'PASS') return { kind: 'pass' };
  if (e.type === 'EXCHANGE' && e.exchanged) {
    const t = parseTiles(g.set, e.exchanged, 'rack');
    return t.ok ? { kind: 'exchange', tiles: Array.from(t.value) } : null;
  }
  if (e.type !== 'TILE_PLACEMENT_MOVE') return null;
  const at = parseCoord(e.position, g.board.dim);
  const t = parseTiles(g.set, e.playedTiles, 'word');
  return at.ok && t.ok ? { kind: 'play', ...at.value, tiles: Array.from(t.value) } : null;
}

/**
 * The position for the analyzer, or a reason it cannot be analyzed: the
 * rack of the player on turn must be known (it is, once the game is over,
 * from the next event by that player).
 */
export function analyzerPosition(
  view: GameView,
  p: ExaminedPosition,
): AnalyzerPosition | { reason: string } {
  const g = cloneGame(p.g);
  if (g.playState === 'GAME_OVER') return { reason: 'The game is over in this position.' };
  // A rack changes only on its owner's events, so the next one names it.
  const next = view.events
    .slice(p.count)
    .find((e) => e.playerIndex === g.playerOnTurn && e.rack !== '' && e.type !== 'END_RACK_PTS');
  const known = next?.rack ?? '';
  if (!known || !setKnownRack(g, g.playerOnTurn, known)) {
    return { reason: 'The rack of the player on turn is not known in this position.' };
  }
  return {
    lexicon: g.rules.lexicon,
    letterDistribution: g.rules.letterDistribution,
    boardLayout: g.rules.boardLayout,
    variant: g.rules.variant,
    challengeRule: g.rules.challengeRule,
    board: Array.from(g.board.squares),
    racks: [Array.from(g.racks[0].tiles()), Array.from(g.racks[1].tiles())],
    scores: [g.scores[0], g.scores[1]],
    scorelessTurns: g.scorelessTurns,
    playerOnTurn: g.playerOnTurn,
    played: playedFrom(g, view.events[p.count]),
  };
}
