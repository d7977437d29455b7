import { ACCEPTS_BIT, CHILD_MASK, END_BIT, MAX_NODES, TILE_SHIFT } from './graph.ts';

/**
 * Builds minimal graphs from sorted strings, writing straight into the packed
 * node array (incremental construction in the style of Daciuk et al.).
 *
 * How it works: strings arrive in ascending order. The builder keeps only the
 * path of the previous string as "open" sibling lists, one per depth. When a
 * new string diverges from the previous one at depth d, every open list deeper
 * than d can no longer change, so it is closed: if an identical list was
 * already written (same tiles, same accepts flags, same children) its index is
 * reused, otherwise it is appended. Children are always closed before their
 * parents, so "same children" is a plain integer comparison and equal
 * sub-graphs collapse into one. Memory is the output plus one list per depth.
 *
 * Invariants: input strictly ascending (duplicates are skipped); list starts
 * are >= 2 (nodes 0 and 1 are the roots); an empty list is child index 0.
 * Several graphs (the DAWG and the GADDAG) can be built one after another into
 * the same builder and then share every list they have in common.
 */
export class GraphBuilder {
  private nodes = new Uint32Array(1 << 16);
  private size = 2;
  private table = new Int32Array(1 << 16);
  private tableCount = 0;

  // Open lists along the current path: depth d holds up to 64 arcs.
  private readonly arcs: Uint32Array;
  private readonly arcCount: Int32Array;
  private readonly prev: Uint8Array;
  private prevLen = 0;
  private started = false;

  constructor(private readonly maxDepth: number) {
    this.arcs = new Uint32Array((maxDepth + 1) * 64);
    this.arcCount = new Int32Array(maxDepth + 1);
    this.prev = new Uint8Array(maxDepth);
  }

  /**
   * Adds one string (tiles 0..63); returns false when it repeats the previous
   * one. With `child` 0 the string is a word: its last arc accepts. With a
   * non-zero `child` the last arc instead leads to that already written list
   * (the GADDAG's separator arcs reuse DAWG lists this way); no string may
   * then extend this one.
   */
  add(buf: Uint8Array, off: number, len: number, child = 0): boolean {
    if (len === 0 || len > this.maxDepth) throw new Error(`string length ${len} out of range`);
    let common = 0;
    const limit = Math.min(len, this.prevLen);
    while (common < limit && this.prev[common] === buf[off + common]) common++;
    if (this.started && common === len && len === this.prevLen) return false;
    if (this.started && common < limit && buf[off + common] < this.prev[common]) {
      throw new Error('strings must be added in ascending order');
    }
    if (this.started && common === len) throw new Error('strings must be added in ascending order');
    this.closeDownTo(common);
    for (let d = common; d < len; d++) {
      const tile = buf[off + d];
      this.arcs[d * 64 + this.arcCount[d]++] = (tile << TILE_SHIFT) >>> 0;
      this.arcCount[d + 1] = 0;
      this.prev[d] = tile;
    }
    const last = (len - 1) * 64 + this.arcCount[len - 1] - 1;
    this.arcs[last] = (this.arcs[last] | (child === 0 ? ACCEPTS_BIT : child)) >>> 0;
    this.prevLen = len;
    this.started = true;
    return true;
  }

  /** Closes the current graph and returns the start of its root list. */
  finish(): number {
    this.closeDownTo(0);
    const root = this.close(0);
    this.arcCount[0] = 0;
    this.prevLen = 0;
    this.started = false;
    return root;
  }

  /** The finished node array with roots set (the builder must not be reused). */
  result(dawgRoot: number, gaddagRoot: number): Uint32Array {
    const out = this.nodes.slice(0, this.size);
    out[0] = (dawgRoot | END_BIT) >>> 0;
    out[1] = (gaddagRoot | END_BIT) >>> 0;
    return out;
  }

  /**
   * The child list reached from `list` by following `len` tiles of `buf` in
   * the lists written so far, or 0 when the path does not exist.
   */
  childAfter(list: number, buf: Uint8Array, off: number, len: number): number {
    for (let k = 0; k < len && list !== 0; k++) {
      const tile = buf[off + k];
      let i = list;
      for (;;) {
        const node = this.nodes[i];
        const t = node >>> TILE_SHIFT;
        if (t === tile) break;
        if (t > tile || (node & END_BIT) !== 0) return 0;
        i++;
      }
      list = this.nodes[i] & CHILD_MASK;
    }
    return list;
  }

  get nodeCount(): number {
    return this.size;
  }

  /** Closes open lists at depths > `depth`, linking each into its parent's last arc. */
  private closeDownTo(depth: number): void {
    for (let d = this.prevLen; d > depth; d--) {
      const child = this.close(d);
      const parent = (d - 1) * 64 + this.arcCount[d - 1] - 1;
      this.arcs[parent] = (this.arcs[parent] | child) >>> 0;
      this.arcCount[d] = 0;
    }
  }

  /** Writes (or finds) the open list at `depth`; returns its start, 0 if empty. */
  private close(depth: number): number {
    const n = this.arcCount[depth];
    if (n === 0) return 0;
    const base = depth * 64;
    this.arcs[base + n - 1] = (this.arcs[base + n - 1] | END_BIT) >>> 0;
    let h = 0x811c9dc5;
    for (let i = 0; i < n; i++) h = Math.imul(h ^ this.arcs[base + i], 0x01000193);
    const mask = this.table.length - 1;
    for (let slot = (h ^ (h >>> 15)) & mask; ; slot = (slot + 1) & mask) {
      const start = this.table[slot];
      if (start === 0) break;
      if (this.sameList(start, base, n)) return start;
    }
    const start = this.append(base, n);
    this.insert(start, h);
    return start;
  }

  private sameList(start: number, base: number, n: number): boolean {
    for (let i = 0; i < n; i++) {
      if (this.nodes[start + i] !== this.arcs[base + i]) return false;
    }
    // The stored list must end exactly where the open one does.
    return (this.nodes[start + n - 1] & END_BIT) !== 0;
  }

  private append(base: number, n: number): number {
    if (this.size + n > this.nodes.length) {
      const grown = new Uint32Array(this.nodes.length * 2);
      grown.set(this.nodes);
      this.nodes = grown;
    }
    if (this.size + n > MAX_NODES) throw new Error('lexicon graph too large');
    const start = this.size;
    this.nodes.set(this.arcs.subarray(base, base + n), start);
    this.size += n;
    return start;
  }

  private insert(start: number, h: number): void {
    if ((this.tableCount + 1) * 2 > this.table.length) this.rehash();
    const mask = this.table.length - 1;
    let slot = (h ^ (h >>> 15)) & mask;
    while (this.table[slot] !== 0) slot = (slot + 1) & mask;
    this.table[slot] = start;
    this.tableCount++;
  }

  private rehash(): void {
    const old = this.table;
    this.table = new Int32Array(old.length * 2);
    const mask = this.table.length - 1;
    for (const start of old) {
      if (start === 0) continue;
      let h = 0x811c9dc5;
      for (let i = start; ; i++) {
        h = Math.imul(h ^ this.nodes[i], 0x01000193);
        if (this.nodes[i] & END_BIT) break;
      }
      let slot = (h ^ (h >>> 15)) & mask;
      while (this.table[slot] !== 0) slot = (slot + 1) & mask;
      this.table[slot] = start;
    }
  }
}
