/**
 * A position from a CGP for the engine commands: the game state (bag =
 * tiles not on the board or the racks), the lexicon it names (or the
 * default), and a FastGame ready for the generator and the solvers. When
 * the opponent's rack is not given, the bag is treated as holding all
 * unseen tiles but a rack's worth (the opponent's).
 */
import { type GameState, cgp } from '@tessera/engine';
import { FastGame, Movegen, type BotResources } from '@tessera/engine/ai';
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
  text: string,
  lexiconFlag: string | undefined,
): Promise<{ ok: true; value: CgpPosition } | { ok: false; message: string }> {
  const parsed = cgp.gameFromCgp(text);
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

/** An endgame from a CGP: the position with the opponent's rack filled in, and who moves. */
export interface EndgamePosition extends CgpPosition {
  readonly p: number;
}

/**
 * A CGP position whose bag is empty once the unseen tiles are on the
 * opponent's rack (when the CGP leaves that rack empty), or an error.
 */
export async function endgameFromCgp(
  cgp: string,
  lexiconFlag: string | undefined,
): Promise<{ ok: true; value: EndgamePosition } | { ok: false; message: string }> {
  const pos = await positionFromCgp(cgp, lexiconFlag);
  if (!pos.ok) return pos;
  const { game, fast } = pos.value;
  const p = game.playerOnTurn;
  if (!pos.value.oppKnown) {
    // Everything unseen is on the opponent's rack.
    while (fast.bagCount > 0 && fast.rackSize[1 - p] < 7) fast.takeFromBag(1 - p, fast.bag[0]);
  }
  if (fast.bagCount > 0) {
    return { ok: false, message: `the bag still holds ${fast.bagCount} tiles (not an endgame)` };
  }
  return { ok: true, value: { ...pos.value, p } };
}
