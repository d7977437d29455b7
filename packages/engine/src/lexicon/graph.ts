/**
 * The lexicon graph: one flat `Uint32Array` holding both a DAWG (words read
 * left to right) and a GADDAG (every word split at each letter), sharing
 * nodes wherever their sub-graphs are identical.
 *
 * ## Node layout
 * Each node is one 32-bit word describing an arc (an edge labelled with a tile):
 *
 * | bits   | field                                                       |
 * | ------ | ----------------------------------------------------------- |
 * | 0..23  | index of the first node of the child list (0 = no children) |
 * | 24     | accepts: the path ending with this tile spells a whole word |
 * | 25     | end: this node is the last one of its sibling list          |
 * | 26..31 | tile (machine letter 1..63; 0 is the GADDAG separator)      |
 *
 * A "list" is a run of sibling nodes sorted by ascending tile, the last one
 * flagged `end`. A node's child index points at the start of such a list.
 * Two lists with the same content are stored once, which is what makes the
 * graph minimal: the builder never writes a list it has already written.
 *
 * Node 0 and node 1 are not arcs but roots: node 0's child index is the list
 * of first letters of the DAWG, node 1's that of the GADDAG. Real lists start
 * at index 2 or later, so a child index of 0 always means "no children".
 *
 * ## Walking the DAWG
 * `p = dawgRoot(nodes)`; for each tile `t` of the word, `i = findChild(nodes,
 * p, t)` (stop if -1), then `p = childIndex(nodes[i])`. The word exists when
 * the last `i` has `accepts`.
 *
 * ## Walking the GADDAG (for move generation)
 * For a word c1..cn, the GADDAG holds, for every split 1 <= k <= n, the path
 * ck, ck-1, ..., c1, SEPARATOR, ck+1, ..., cn (reversed prefix, separator,
 * suffix). When k = n the separator is omitted: the path is the whole word
 * reversed. `accepts` is set on the arc of the last tile of each path.
 * A move generator starts at an anchor square at `gaddagRoot(nodes)`, walks
 * leftwards from the anchor following the tiles it places or finds on the
 * board, and at any point may follow the SEPARATOR child (tile 0) to switch
 * to extending rightwards from the square just right of the anchor. A tile
 * that completes a word on an accepting arc, with the square beyond it empty,
 * is a playable word. The DAWG root is always `dawgRoot(nodes)`.
 */

export const SEPARATOR = 0;

export const CHILD_MASK = 0x00ffffff;
export const ACCEPTS_BIT = 1 << 24;
export const END_BIT = 1 << 25;
export const TILE_SHIFT = 26;
/** Largest tile a node can hold (6 bits). */
export const MAX_TILE = 63;
/** Largest node index a child field can address. */
export const MAX_NODES = CHILD_MASK + 1;

export const DAWG_ROOT_NODE = 0;
export const GADDAG_ROOT_NODE = 1;

export function nodeTile(node: number): number {
  return node >>> TILE_SHIFT;
}

export function childIndex(node: number): number {
  return node & CHILD_MASK;
}

export function accepts(node: number): boolean {
  return (node & ACCEPTS_BIT) !== 0;
}

export function isEnd(node: number): boolean {
  return (node & END_BIT) !== 0;
}

/** Start of the DAWG's list of first letters (0 when the lexicon is empty). */
export function dawgRoot(nodes: Uint32Array): number {
  return nodes[DAWG_ROOT_NODE] & CHILD_MASK;
}

/** Start of the GADDAG's list of anchor letters (0 when the lexicon is empty). */
export function gaddagRoot(nodes: Uint32Array): number {
  return nodes[GADDAG_ROOT_NODE] & CHILD_MASK;
}

/**
 * Index of the node for `tile` in the sibling list starting at `list`, or -1.
 * Lists are short (at most one node per tile) and sorted, so a linear scan that
 * stops as soon as it passes `tile` is faster than anything cleverer.
 */
export function findChild(nodes: Uint32Array, list: number, tile: number): number {
  if (list === 0) return -1;
  for (let i = list; ; i++) {
    const node = nodes[i];
    const t = node >>> TILE_SHIFT;
    if (t === tile) return i;
    if (t > tile || (node & END_BIT) !== 0) return -1;
  }
}

/** Encodes one node word (used by the builder and by tests). */
export function makeNode(tile: number, child: number, accept: boolean, end: boolean): number {
  return (
    ((tile << TILE_SHIFT) |
      (child & CHILD_MASK) |
      (accept ? ACCEPTS_BIT : 0) |
      (end ? END_BIT : 0)) >>>
    0
  );
}
