import {
  createGameFromPosition,
  isBoardLayoutName,
  isChallengeRule,
  isLetterSetName,
  isVariant,
  type Lexicon,
  gcg as gcgFormat,
} from '@tessera/engine';
import {
  analyze,
  evaluateGame,
  leavesFor,
  type AnalyzerMove,
  type GameEvaluation,
} from '@tessera/engine/ai';
import type { AnalyzerPosition } from './examine.ts';

/**
 * One analysis: the position rebuilt as an engine game (the bag holds
 * exactly the tiles neither rack nor board has) and the engine's analyzer
 * run on it with the lexicon's leave values.
 */
export async function runAnalysis(lex: Lexicon, p: AnalyzerPosition): Promise<AnalyzerMove[]> {
  const made = createGameFromPosition(
    {
      lexicon: p.lexicon,
      variant: isVariant(p.variant) ? p.variant : 'classic',
      challengeRule: isChallengeRule(p.challengeRule) ? p.challengeRule : 'VOID',
      letterDistribution: isLetterSetName(p.letterDistribution) ? p.letterDistribution : undefined,
      boardLayout: isBoardLayoutName(p.boardLayout) ? p.boardLayout : undefined,
    },
    {
      board: p.board,
      racks: p.racks,
      scores: p.scores,
      scorelessTurns: p.scorelessTurns,
      playerOnTurn: p.playerOnTurn,
    },
  );
  if (!made.ok) throw new Error(made.message);
  const g = made.value;
  const played = p.played
    ? p.played.kind === 'pass'
      ? ('pass' as const)
      : p.played.kind === 'exchange'
        ? { exchange: Uint8Array.from(p.played.tiles) }
        : { ...p.played, tiles: Uint8Array.from(p.played.tiles) }
    : undefined;
  return analyze(g, { lexicon: lex, leaves: leavesFor(p.lexicon, g.set.name), played });
}

/**
 * A bot's evaluation of a finished game, from its GCG record (the rack of
 * every move known): each move against the analyzer's best, with the
 * lexicon's leave values.
 */
export async function runEvaluation(
  lex: Lexicon,
  gcg: string,
  lexicon: string,
): Promise<GameEvaluation> {
  const game = gcgFormat.importGcg(gcg);
  if (!game.ok) throw new Error(game.message);
  return evaluateGame(game.value, {
    lexicon: lex,
    leaves: leavesFor(lexicon, game.value.set.name),
  });
}
