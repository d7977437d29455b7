import { MAX_PLIES } from './position.ts';
import type { NodePlays } from './node-plays.ts';
import type { PlayBook } from './plays.ts';
import { GUARD, moveSignature } from './root-plays.ts';

const HISTORY_BITS = 14;
const HISTORY_MASK = (1 << HISTORY_BITS) - 1;
/**
 * Ordering bonus (points) for a kept root play that leaves the mover a
 * kept root play going out. The reply then faces a standing going-out
 * threat, so the node after it is settled at once (search.ts `settle`);
 * at the opponent's cut nodes of a proof, refutations of that kind made
 * subtrees of about 12 nodes against about 300 for the others
 * (some_isc_game), and preferring them halved its proof. 10 did better
 * than 20, 40 or 1000, or than adding the threat's score.
 */
const THREAT_BONUS = 10;

/**
 * What the endgame search learns about good moves as it goes: two killer
 * moves per ply (the last ones that cut off there) and a history table of
 * cutoffs by move signature, weighted by depth squared. From them and the
 * table's move it gives each play of a node its ordering key: the table's
 * move, then going out, then the killers, then score plus the horizon
 * weight of the tiles played plus the history bonus, plus a bonus for a
 * play that leaves the mover a going-out play.
 */
export class MoveOrdering {
  private readonly killers = new Int32Array(2 * MAX_PLIES);
  private readonly history = new Int32Array(1 << HISTORY_BITS);

  /** THREAT_BONUS, or 0 where the bonus is not used (see `reset`). */
  private threatBonus = 0;

  /**
   * Forget what was learnt, for a new solve. `threats`: whether to use the
   * bonus for plays that leave a going-out play. Not against a blank rack:
   * its plays disturb a threat's squares too easily for the node after it
   * to be settled, and utf8_dos's proof took a quarter more nodes.
   */
  reset(threats: boolean): void {
    this.killers.fill(0);
    this.history.fill(0);
    this.threatBonus = threats ? THREAT_BONUS : 0;
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
   * side `p` to move with the rack `code` (guard bits set) at `ply`;
   * returns the entry count. `threatBonus` replaces THREAT_BONUS (or 0)
   * for a play that leaves the mover a going-out play.
   */
  keys(
    node: NodePlays,
    book: PlayBook,
    p: number,
    code: number,
    ply: number,
    from: number,
    ttBest: number,
    k0: number,
    k1: number,
    threatBonus = this.threatBonus,
  ): number {
    let size = 0;
    for (let c = code ^ GUARD; c !== 0; c >>>= 4) size += c & 7;
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
      if (sig === ttBest) keys[k] = 4e8;
      else if (list.played[i] === size) keys[k] = 3e8 + score;
      else if (sig === k0 || sig === k1) keys[k] = 2e8 + score;
      else {
        keys[k] = score + book.playedPenalty(p, list, i) + history[sig & HISTORY_MASK] / 64;
        if (threatBonus !== 0 && ref >= 0 && book.leavesOut(p, ref, code, ply))
          keys[k] += threatBonus;
      }
    }
    return n;
  }
}
