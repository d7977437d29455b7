import { BLANK_BIT } from '@tessera/engine';

/**
 * The tiles a player is arranging before committing a move: their rack in
 * their own order, the tiles put down on the board so far, and the
 * placement arrow for typing (docs/product/gameplay.md §2 "Board screen"). Pure
 * functions of (state, action); the board is the position the tiles go on.
 */

export interface RackSlot {
  id: number;
  /** Machine letter on the rack; 0 is a blank. */
  tile: number;
}

export interface PlacedTile {
  slotId: number;
  row: number;
  col: number;
  /** What the tile plays as: a letter, a letter with the blank bit, or 0 for a blank not yet named. */
  tile: number;
}

export interface Arrow {
  row: number;
  col: number;
  vertical: boolean;
}

export interface Tentative {
  slots: RackSlot[];
  placed: PlacedTile[];
  arrow: Arrow | null;
  nextId: number;
}

export interface BoardShape {
  squares: Uint8Array;
  dim: number;
}

export const EMPTY_TENTATIVE: Tentative = { slots: [], placed: [], arrow: null, nextId: 1 };

const placedAt = (t: Tentative, row: number, col: number) =>
  t.placed.find((p) => p.row === row && p.col === col);

const filled = (t: Tentative, b: BoardShape, row: number, col: number) =>
  b.squares[row * b.dim + col] !== 0 || placedAt(t, row, col) !== undefined;

const inside = (b: BoardShape, row: number, col: number) =>
  row >= 0 && col >= 0 && row < b.dim && col < b.dim;

/** The rack tiles not on the board, in the player's order. */
export function rackSlots(t: Tentative): RackSlot[] {
  const out = new Set(t.placed.map((p) => p.slotId));
  return t.slots.filter((s) => !out.has(s.id));
}

/**
 * A new rack from the server. Tiles that stay keep their place (or the
 * `arrange` order, when the player chose one); tentative tiles stay where
 * they lie if the rack is unchanged and their squares are still free.
 */
export function syncRack(
  t: Tentative,
  rack: ArrayLike<number>,
  board: BoardShape,
  arrange?: (tiles: number[]) => number[],
): Tentative {
  const incoming = Array.from(rack);
  const same =
    incoming.length === t.slots.length &&
    [...incoming].sort().join() ===
      t.slots
        .map((s) => s.tile)
        .sort()
        .join();
  if (same) {
    const placed = t.placed.filter((p) => board.squares[p.row * board.dim + p.col] === 0);
    const arrow = t.arrow && !filled({ ...t, placed }, board, t.arrow.row, t.arrow.col);
    return { ...t, placed, arrow: arrow ? t.arrow : null };
  }
  let nextId = t.nextId;
  let slots: RackSlot[];
  if (arrange) {
    slots = arrange(incoming).map((tile) => ({ id: nextId++, tile }));
  } else {
    const left = [...incoming];
    slots = [];
    for (const s of t.slots) {
      const i = left.indexOf(s.tile);
      if (i < 0) continue;
      left.splice(i, 1);
      slots.push(s);
    }
    for (const tile of left) slots.push({ id: nextId++, tile });
  }
  return { slots, placed: [], arrow: null, nextId };
}

/** Fisher–Yates over the tiles still on the rack; board tiles keep their slots. */
export function shuffle(t: Tentative, random: () => number = Math.random): Tentative {
  const onRack = rackSlots(t);
  for (let i = onRack.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [onRack[i], onRack[j]] = [onRack[j], onRack[i]];
  }
  const out = new Set(t.placed.map((p) => p.slotId));
  let k = 0;
  return { ...t, slots: t.slots.map((s) => (out.has(s.id) ? s : onRack[k++])) };
}

/** Every tile back to the rack. */
export function recall(t: Tentative): Tentative {
  return { ...t, placed: [], arrow: null };
}

/** Puts a rack tile (or moves a board tile) onto a square; a tentative tile already there goes home. */
export function place(
  t: Tentative,
  slotId: number,
  row: number,
  col: number,
  board: BoardShape,
): Tentative {
  if (!inside(board, row, col) || board.squares[row * board.dim + col] !== 0) return t;
  const slot = t.slots.find((s) => s.id === slotId);
  if (!slot) return t;
  const moving = t.placed.find((p) => p.slotId === slotId);
  const tile = moving ? moving.tile : slot.tile;
  const placed = t.placed.filter((p) => p.slotId !== slotId && !(p.row === row && p.col === col));
  placed.push({ slotId, row, col, tile });
  const next = { ...t, placed };
  // A tile dropped on the arrow's square pushes the arrow on, as a typed letter does.
  const a = t.arrow;
  if (!a || a.row !== row || a.col !== col) return next;
  const after = nextFree(
    next,
    board,
    row + (a.vertical ? 1 : 0),
    col + (a.vertical ? 0 : 1),
    a.vertical,
  );
  return {
    ...next,
    arrow: after
      ? { ...after, vertical: a.vertical }
      : { row: board.dim, col: board.dim, vertical: a.vertical },
  };
}

/** Takes a board tile back to the rack, before the rack tile `beforeSlotId` (or at the end). */
export function unplace(t: Tentative, slotId: number, beforeSlotId?: number): Tentative {
  const placed = t.placed.filter((p) => p.slotId !== slotId);
  return moveInRack({ ...t, placed }, slotId, beforeSlotId);
}

/** Moves a rack tile before another (or to the end). */
export function moveInRack(t: Tentative, slotId: number, beforeSlotId?: number): Tentative {
  if (slotId === beforeSlotId) return t;
  const slot = t.slots.find((s) => s.id === slotId);
  if (!slot) return t;
  const slots = t.slots.filter((s) => s.id !== slotId);
  const at = beforeSlotId === undefined ? -1 : slots.findIndex((s) => s.id === beforeSlotId);
  slots.splice(at < 0 ? slots.length : at, 0, slot);
  return { ...t, slots };
}

/** A click on a square: the arrow goes there, or turns if it is there already. */
export function clickSquare(t: Tentative, row: number, col: number, board: BoardShape): Tentative {
  if (!inside(board, row, col) || filled(t, board, row, col)) return t;
  if (t.arrow && t.arrow.row === row && t.arrow.col === col) {
    return { ...t, arrow: { row, col, vertical: !t.arrow.vertical } };
  }
  return { ...t, arrow: { row, col, vertical: false } };
}

export function clearArrow(t: Tentative): Tentative {
  return t.arrow ? { ...t, arrow: null } : t;
}

/** The first free square from (row, col) along the arrow, or null off the board. */
function nextFree(
  t: Tentative,
  board: BoardShape,
  row: number,
  col: number,
  vertical: boolean,
): { row: number; col: number } | null {
  while (inside(board, row, col) && filled(t, board, row, col)) {
    if (vertical) row++;
    else col++;
  }
  return inside(board, row, col) ? { row, col } : null;
}

/**
 * A letter typed with the arrow down: the rack's tile for it, or a blank
 * played as it, goes on the arrow's square and the arrow moves on past
 * filled squares.
 */
export function typeLetter(t: Tentative, letter: number, board: BoardShape): Tentative {
  if (!t.arrow) return t;
  const { vertical } = t.arrow;
  const at = nextFree(t, board, t.arrow.row, t.arrow.col, vertical);
  if (!at) return t;
  const free = rackSlots(t);
  const slot = free.find((s) => s.tile === letter) ?? free.find((s) => s.tile === 0);
  if (!slot) return t;
  const tile = slot.tile === 0 ? letter | BLANK_BIT : letter;
  const placed = [...t.placed, { slotId: slot.id, row: at.row, col: at.col, tile }];
  const next = { ...t, placed };
  const after = nextFree(
    next,
    board,
    at.row + (vertical ? 1 : 0),
    at.col + (vertical ? 0 : 1),
    vertical,
  );
  return {
    ...next,
    arrow: after ? { ...after, vertical } : { row: board.dim, col: board.dim, vertical },
  };
}

/** Backspace: the last tile put down comes back, and the arrow returns to its square. */
export function backspace(t: Tentative): Tentative {
  const last = t.placed[t.placed.length - 1];
  if (!last) return t;
  return {
    ...t,
    placed: t.placed.slice(0, -1),
    arrow: { row: last.row, col: last.col, vertical: t.arrow?.vertical ?? false },
  };
}

/** Names the letter a placed blank plays as. */
export function designate(t: Tentative, slotId: number, letter: number): Tentative {
  return {
    ...t,
    placed: t.placed.map((p) => (p.slotId === slotId ? { ...p, tile: letter | BLANK_BIT } : p)),
  };
}

/** A placed blank still waiting for its letter, if any. */
export function undesignatedBlank(t: Tentative): PlacedTile | undefined {
  return t.placed.find((p) => p.tile === 0);
}
