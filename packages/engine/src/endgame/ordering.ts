import { MAX_PLIES } from './position.ts';
import type { NodePlays } from './node-plays.ts';
import type { PlayBook } from './plays.ts';
import { moveSignature } from './root-plays.ts';

const HISTORY_BITS = 14;
const HISTORY_MASK = (1 << HISTORY_BITS) - 1;

/**
 * What the endgame search learns about good moves as it goes: two killer
 * moves per ply (the last ones that cut off there) and a history table of
 * cutoffs by move signature, weighted by depth squared. From them and the
 * table's move it gives each play of a node its ordering key: the table's
 * move, then going out, then the killers, then score plus the horizon
 * weight of the tiles played plus the history bonus.
 */
export class MoveOrdering {
  private readonly killers = new Int32Array(2 * MAX_PLIES);
  private readonly history = new Int32Array(1 << HISTORY_BITS);

  reset(): void {
    this.killers.fill(0);
    this.history.fill(0);
  }

  killer(ply: number, which: 0 | 1): number {
    return this.killers[2 * ply + which];
  }

  /** The move with signature `sig` cut off at `ply`, `depth` plies from the horizon. */
  cutoff(ply: number, sig: number, depth: number): void {
    const k0 = this.killers[2 * ply];
    if (sig !== k0) {
      this.killers[2 * ply + 1] = k0;
      this.killers[2 * ply] = sig;
    }
    this.history[sig & HISTORY_MASK] += depth * depth;
  }

  /**
   * Ordering keys (and signatures) of `node`'s entries from `from` on, for
   * side `p` holding `size` tiles; returns the entry count.
   */
  keys(
    node: NodePlays,
    book: PlayBook,
    p: number,
    size: number,
    from: number,
    ttBest: number,
    k0: number,
    k1: number,
  ): number {
    const root = book.rootList(p);
    const fresh = node.fresh;
    const n = node.count;
    const { refs, keys, sigs } = node;
    const history = this.history;
    for (let k = from; k < n; k++) {
      const ref = refs[k];
      const list = ref >= 0 ? root : fresh;
      const i = ref >= 0 ? ref : -ref - 1;
      const sig = ref >= 0 ? book.rootSig(p, ref) : moveSignature(fresh, i);
      sigs[k] = sig;
      const score = list.score[i];
      keys[k] =
        sig === ttBest
          ? 4e8
          : list.played[i] === size
            ? 3e8 + score
            : sig === k0 || sig === k1
              ? 2e8 + score
              : score + book.playedPenalty(p, list, i) + history[sig & HISTORY_MASK] / 64;
    }
    return n;
  }
}
