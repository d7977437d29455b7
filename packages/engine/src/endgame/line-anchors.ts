/**
 * Where to start generating along one line when only the plays covering
 * some marked squares are wanted (plays.ts `line`): the anchors whose
 * placements can reach a marked square, each with the anchor before it,
 * so the generator starts each placement from its leftmost anchor.
 */
export class LineAnchors {
  /** The anchors found, and the previous anchor of each (-1: none). */
  readonly at = new Int32Array(32);
  readonly from = new Int32Array(32);

  /**
   * Find the anchors of a line of `dim` squares from which a placement of
   * up to `tiles` tiles can cover a square of `marks`, given the occupied
   * squares of the line (`mine`) and of its neighbours (`before`,
   * `after`), all as bits by position along the line; returns how many.
   */
  find(dim: number, mine: number, before: number, after: number, marks: number, tiles: number) {
    const full = (1 << dim) - 1;
    // Anchors are the empty squares next to an occupied one.
    let anchors = ~mine & full & ((mine << 1) | (mine >> 1) | before | after);
    const empty = ~mine & full;
    // Anchors after the last marked square start nothing that covers one.
    const last = 31 - Math.clz32(marks);
    let prev = -1;
    let starts = 0;
    while (anchors !== 0 && prev < last) {
      const bit = anchors & -anchors;
      anchors ^= bit;
      const pos = 31 - Math.clz32(bit);
      // The furthest square a placement from this anchor can reach: just
      // before the empty square the rack has no tile left for.
      let rest = empty & ~(bit - 1);
      for (let k = 0; k < tiles && rest !== 0; k++) rest &= rest - 1;
      const x = rest === 0 ? dim : 31 - Math.clz32(rest & -rest);
      const reach = ((1 << x) - 1) ^ ((1 << (prev + 1)) - 1);
      if ((marks & reach) !== 0) {
        this.at[starts] = pos;
        this.from[starts++] = prev;
      }
      prev = pos;
    }
    return starts;
  }
}
