/**
 * One player's root plays: every placement of the whole rack on the root
 * board, indexed for the search. Each play gets its signature, its line and
 * squares as bit masks along the line, the rack fields it needs and its
 * score plus twice the value of its tiles; sub-racks get their fitting
 * plays in horizon-key order and in that order, and going-out plays are
 * grouped by the tiles they use.
 *
 * Rack codes: counts of the (at most 7) distinct root tiles packed in
 * 4-bit fields with a guard bit, so a play fits a rack when subtracting its
 * need borrows from no field.
 */
import { ACROSS } from '../movegen/cross.ts';
import { MAX_LEN, MoveList } from '../movegen/moves.ts';
import { BLANK_BIT, EMPTY } from '../tiles/letter-sets.ts';

/** Guard bit of each 4-bit rack field (seven fields). */
export const GUARD = 0x08888888;

/**
 * The table's move at a node whose mover holds one tile: its best play
 * going out (search.ts `loneTile` never lists the plays). 0: never a
 * placement's signature, and the first stage skips it.
 */
export const LONE_OUT = 0;
/** Hash of a placement (start, direction, tiles), never 0 or PASS_SIG. */
export const PASS_SIG = -7;
export function moveSignature(list: MoveList, i: number): number {
  let s = (list.start[i] << 1) | list.dir[i];
  const base = i * MAX_LEN;
  for (let k = 0; k < list.len[i]; k++) s = (Math.imul(s, 31) + list.tiles[base + k]) | 0;
  return s === PASS_SIG || s === 0 ? 1 : s;
}

/** A one-move list holding move i of `list` (the principal line keeps it past its node). */
export function onlyMove(list: MoveList, i: number): MoveList {
  const out = new MoveList(1);
  appendMove(list, i, out);
  return out;
}

export function appendMove(from: MoveList, i: number, to: MoveList): void {
  to.copyIn(from, i, to.slot(0));
}

/** Face value of the tiles move i of `list` puts down (blanks count 0). */
export function placedValue(values: Int8Array, list: MoveList, i: number): number {
  const base = i * MAX_LEN;
  let v = 0;
  for (let k = 0; k < list.len[i]; k++) {
    const t = list.tiles[base + k];
    if (t !== EMPTY && (t & BLANK_BIT) === 0) v += values[t];
  }
  return v;
}

export class RootPlays {
  readonly list = new MoveList(512);
  need = new Int32Array(512);
  sig = new Int32Array(512);
  line = new Int16Array(512);
  /** Field (0..6) of each letter on the root rack, -1 for the others. */
  readonly slot = new Int8Array(64);
  /** Per letter: 2 x face value when no root play uses it (stuck), else face value. */
  readonly weight = new Int32Array(64);
  /** Squares of each play in its line (bit per position), and the same with the squares at both ends. */
  span = new Int32Array(512);
  ends = new Int32Array(512);
  /**
   * For each sub-rack of the root rack (by its code, guard bits set): the
   * plays its tiles allow, best horizon key (score + penalty of the tiles
   * played) first.
   */
  readonly fitting = new Map<number, Int32Array>();
  /** Plays by the rack fields they use (`need`), best score first: the ones that go out. */
  readonly byNeed = new Map<number, Int32Array>();
  /** Play index of each signature. */
  readonly bySig = new Map<number, number>();
  /** Score plus twice the value of the tiles played, per play. */
  key2 = new Int32Array(512);
  /** Like `fitting`, best `key2` first. */
  readonly byKey2 = new Map<number, Int32Array>();

  /** Number the distinct letters of `rack` (its fields); call before generating. */
  setSlots(rack: Uint8Array, letterCount: number): void {
    this.slot.fill(-1);
    let n = 0;
    for (let t = 0; t < letterCount; t++) if (rack[t] > 0) this.slot[t] = n++;
  }

  /** Index `list` (just generated for `rack` on a board of side `dim`). */
  index(rack: Uint8Array, dim: number, values: Int8Array, letterCount: number): void {
    const count = this.list.count;
    if (this.need.length < count) {
      this.need = new Int32Array(count);
      this.sig = new Int32Array(count);
      this.line = new Int16Array(count);
      this.span = new Int32Array(count);
      this.ends = new Int32Array(count);
      this.key2 = new Int32Array(count);
    }
    const used = new Uint8Array(64);
    this.bySig.clear();
    for (let i = 0; i < count; i++) {
      this.sig[i] = moveSignature(this.list, i);
      this.bySig.set(this.sig[i], i);
      const dir = this.list.dir[i];
      const start = this.list.start[i];
      this.line[i] = lineOf(dim, dir, start);
      const row = (start / dim) | 0;
      const lo = dir === ACROSS ? start - row * dim : row;
      const hi = lo + this.list.len[i] - 1;
      this.span[i] = ((1 << (hi + 1)) - 1) ^ ((1 << lo) - 1);
      this.ends[i] =
        this.span[i] | (lo > 0 ? 1 << (lo - 1) : 0) | (hi < dim - 1 ? 1 << (hi + 1) : 0);
      let need = 0;
      const base = i * MAX_LEN;
      for (let k = 0; k < this.list.len[i]; k++) {
        const t = this.list.tiles[base + k];
        if (t === EMPTY) continue;
        const src = t & BLANK_BIT ? 0 : t;
        need += 1 << (4 * this.slot[src]);
        used[src] = 1;
      }
      this.need[i] = need;
      this.key2[i] = this.list.score[i] + 2 * placedValue(values, this.list, i);
    }
    for (let t = 0; t < letterCount; t++) {
      this.weight[t] = values[t] * (used[t] || rack[t] === 0 ? 1 : 2);
    }
    const key = new Int32Array(count);
    const order: number[] = [];
    for (let i = 0; i < count; i++) {
      key[i] = this.list.score[i] + this.playedPenalty(i);
      order.push(i);
    }
    order.sort((x, y) => key[y] - key[x]);
    // Every sub-rack: counts 0..c of each field.
    this.fitting.clear();
    const caps: number[] = [];
    for (let t = 0; t < letterCount; t++) if (rack[t] > 0) caps[this.slot[t]] = rack[t];
    const codes = [0];
    for (let f = 0; f < caps.length; f++) {
      const more: number[] = [];
      for (const c of codes) for (let k = 1; k <= caps[f]; k++) more.push(c + (k << (4 * f)));
      codes.push(...more);
    }
    this.byKey2.clear();
    const byKey2 = order.slice().sort((x, y) => this.key2[y] - this.key2[x]);
    for (const c of codes) {
      const fits = (i: number) => ((c + GUARD - this.need[i]) & GUARD) === GUARD;
      this.fitting.set(c + GUARD, Int32Array.from(order.filter(fits)));
      this.byKey2.set(c + GUARD, Int32Array.from(byKey2.filter(fits)));
    }
    const groups = new Map<number, number[]>();
    for (let i = 0; i < count; i++) {
      const g = groups.get(this.need[i]);
      if (g) g.push(i);
      else groups.set(this.need[i], [i]);
    }
    this.byNeed.clear();
    for (const [need, g] of groups) {
      g.sort((x, y) => this.list.score[y] - this.list.score[x]);
      this.byNeed.set(need, Int32Array.from(g));
    }
  }

  /** The horizon penalty weight of the tiles move i puts down. */
  playedPenalty(i: number): number {
    return penaltyOf(this.weight, this.list, i);
  }
}

/** The horizon penalty weight (`weight` per letter) of the tiles move i of `list` puts down. */
export function penaltyOf(weight: Int32Array, list: MoveList, i: number): number {
  const base = i * MAX_LEN;
  let v = 0;
  for (let k = 0; k < list.len[i]; k++) {
    const t = list.tiles[base + k];
    if (t !== EMPTY) v += weight[t & BLANK_BIT ? 0 : t];
  }
  return v;
}

function lineOf(dim: number, dir: number, start: number): number {
  const row = (start / dim) | 0;
  return dir === ACROSS ? row : dim + (start - row * dim);
}
