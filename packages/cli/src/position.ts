/**
 * A position from a CGP for the engine commands: the game state (bag =
 * tiles not on the board or the racks), the lexicon it names (or the
 * default), and a FastGame ready for the generator and the solvers. When
 * the opponent's rack is not given, the bag is treated as holding all
 * unseen tiles but a rack's worth (the opponent's).
 */
import { FastGame, Movegen, gameFromCgp, type BotResources, type GameState } from '@tessera/engine';
import { DEFAULT_LEXICON } from '@tessera/lexica';
import { botResources } from './bots-setup.ts';

export interface CgpPosition {
  readonly game: GameState;
  readonly res: BotResources;
  readonly fast: FastGame;
  /** Tiles in the bag, assuming a full opponent rack when it is unknown. */
  readonly bagSize: number;
  readonly oppKnown: boolean;
}

export async function positionFromCgp(
  cgp: string,
  lexiconFlag: string | undefined,
): Promise<{ ok: true; value: CgpPosition } | { ok: false; message: string }> {
  const parsed = gameFromCgp(cgp);
  if (!parsed.ok) return { ok: false, message: parsed.message };
  const game = parsed.value;
  const name = lexiconFlag ?? (game.rules.lexicon || DEFAULT_LEXICON);
  const res = await botResources(name);
  if (!res) return { ok: false, message: `unknown lexicon '${name}'` };
  if (res.set.name !== game.set.name) {
    return {
      ok: false,
      message: `lexicon ${name} uses the ${res.set.name} letters, the CGP ${game.set.name}`,
    };
  }
  const fast = new FastGame(new Movegen(res.lexicon, res.set, res.layout));
  fast.loadGame(game);
  const opp = 1 - game.playerOnTurn;
  const oppKnown = game.racks[opp].size > 0;
  const bagSize = oppKnown ? game.bag.size : Math.max(0, game.bag.size - 7);
  return { ok: true, value: { game, res, fast, bagSize, oppKnown } };
}
