/**
 * Positions as CGP, from and to games. A game read from a CGP starts at that
 * position with the player to move as player 1 (index 0); the bag holds the
 * tiles not on the board or the racks. Writing puts the player on turn first.
 */
import type { ChallengeRule } from '../../rules/constants.ts';
import { err, type Result } from '../../result.ts';
import { createGameFromPosition } from '../../game/position.ts';
import type { GameState, PlayerInfo } from '../../game/state.ts';
import { parseCgp, writeCgp, type CgpOptions, type CgpPosition } from './cgp.ts';

export interface CgpGameOptions extends CgpOptions {
  challengeRule?: ChallengeRule;
  players?: [Partial<PlayerInfo>, Partial<PlayerInfo>];
  seed?: number;
}

export function gameFromCgp(text: string, options: CgpGameOptions = {}): Result<GameState> {
  const parsed = parseCgp(text, options);
  if (!parsed.ok) return parsed;
  const pos = parsed.value;
  const gid = pos.ops.find(([op]) => op === 'gid')?.[1] ?? '';
  const made = createGameFromPosition(
    {
      variant: pos.variant,
      lexicon: pos.lexicon,
      letterDistribution: pos.letters,
      boardLayout: pos.boardLayout,
      challengeRule: options.challengeRule,
      players: options.players,
      seed: options.seed,
      meta: { uid: gid },
    },
    {
      board: Array.from(pos.board),
      racks: [Array.from(pos.racks[0]), Array.from(pos.racks[1])],
      scores: pos.scores,
      scorelessTurns: pos.scorelessTurns,
      playerOnTurn: 0,
    },
  );
  if (!made.ok)
    return err('BAD_CGP', `line ${options.line ?? 1}: ${made.message}`, options.line ?? 1);
  return made;
}

export function cgpPositionOf(g: GameState): CgpPosition {
  const first = g.playerOnTurn;
  const second = 1 - first;
  const ops: [string, string][] = [];
  if (g.rules.lexicon) ops.push(['lex', g.rules.lexicon]);
  ops.push(['ld', g.rules.letterDistribution]);
  ops.push(['bdn', g.rules.boardLayout]);
  ops.push(['var', g.rules.variant]);
  if (g.meta.uid) ops.push(['gid', g.meta.uid]);
  const t = g.meta.timers;
  if (!t.untimed) ops.push(['tmr', `${t.timeRemaining[first]}/${t.timeRemaining[second]}`]);
  return {
    letters: g.rules.letterDistribution,
    boardLayout: g.rules.boardLayout,
    variant: g.rules.variant,
    lexicon: g.rules.lexicon,
    board: g.board.squares.slice(),
    racks: [g.racks[first].tiles(), g.racks[second].tiles()],
    scores: [g.scores[first], g.scores[second]],
    scorelessTurns: g.scorelessTurns,
    ops,
  };
}

export function cgpFromGame(g: GameState): string {
  return writeCgp(cgpPositionOf(g));
}
