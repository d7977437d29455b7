import {
  isTurn,
  parseCoord,
  parseTiles,
  scoreDelta,
  type EventType,
  type GameEvent,
  type GameState,
} from '@tessera/engine';

/** One line of the score card. */
export interface TurnRow {
  /** Index of the event in the log. */
  index: number;
  playerIndex: number;
  type: EventType;
  /** The mover's rack before the event, when the viewer may see it. */
  rack: string;
  /** Coordinates of a play ("8D"), or ''. */
  position: string;
  /** What happened, in words or tiles. */
  move: string;
  /** Points this event gave (negative when it took some). */
  score: number;
  cumulative: number;
  isBingo: boolean;
}

function countTiles(text: string): number {
  return text.replace(/\[[^\]]*\]/g, 'x').length;
}

function moveText(e: GameEvent): string {
  switch (e.type) {
    case 'TILE_PLACEMENT_MOVE':
      return e.wordsFormed[0] || e.playedTiles;
    case 'PHONY_TILES_RETURNED':
      return 'Challenged off';
    case 'PASS':
      return 'Passed';
    case 'EXCHANGE':
      return e.exchanged
        ? `Exchanged ${e.exchanged}`
        : `Exchanged ${e.numTilesFromRack || countTiles(e.exchanged)}`;
    case 'CHALLENGE_BONUS':
      return 'Challenge bonus';
    case 'CHALLENGE':
      return 'Challenged: play valid';
    case 'UNSUCCESSFUL_CHALLENGE_TURN_LOSS':
      return 'Challenged: play valid, turn lost';
    case 'END_RACK_PTS':
      return e.rack ? `2 × (${e.rack})` : 'Tiles left';
    case 'END_RACK_PENALTY':
      return e.rack ? `(${e.rack})` : 'Tiles left';
    case 'TIME_PENALTY':
      return 'Time penalty';
    case 'TIMED_OUT':
      return 'Timed out';
    case 'RESIGNED':
      return 'Resigned';
  }
}

export function turnRows(events: readonly GameEvent[]): TurnRow[] {
  return events.map((e, index) => ({
    index,
    playerIndex: e.playerIndex,
    type: e.type,
    rack: e.type === 'END_RACK_PTS' ? '' : e.rack,
    position: e.type === 'TILE_PLACEMENT_MOVE' ? e.position : '',
    move: moveText(e),
    score: scoreDelta(e),
    cumulative: e.cumulative,
    isBingo: e.isBingo,
  }));
}

/** The number of turns taken (events that used up a player's turn). */
export function turnsTaken(events: readonly GameEvent[]): number {
  return events.filter((e) => isTurn(e.type)).length;
}

/** Board squares of one placement event's new tiles ([] when it cannot be read). */
function placedSquares(e: GameEvent, set: GameState['set'], dim: number): number[] {
  const at = parseCoord(e.position, dim);
  const tiles = parseTiles(set, e.playedTiles, 'word');
  if (!at.ok || !tiles.ok) return [];
  const out: number[] = [];
  tiles.value.forEach((t, k) => {
    if (t === 0) return;
    out.push(
      (at.value.row + (at.value.vertical ? k : 0)) * dim +
        at.value.col +
        (at.value.vertical ? 0 : k),
    );
  });
  return out;
}

/**
 * Who put down the tile on each square (bicolor mode): the player index of
 * the last play that covered it, -1 for squares no play covered. Tiles taken
 * back after a challenge leave their square empty, and the board decides.
 */
export function tileOwners(
  events: readonly GameEvent[],
  set: GameState['set'],
  dim: number,
): Int8Array {
  const owners = new Int8Array(dim * dim).fill(-1);
  for (const e of events) {
    if (e.type !== 'TILE_PLACEMENT_MOVE') continue;
    for (const sq of placedSquares(e, set, dim)) owners[sq] = e.playerIndex;
  }
  return owners;
}

/** Board indices of the tiles the last turn put down, if it was a play still on the board. */
export function lastPlaySquares(events: readonly GameEvent[], g: GameState): number[] {
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i];
    if (!isTurn(e.type)) continue;
    if (e.type !== 'TILE_PLACEMENT_MOVE') return [];
    return placedSquares(e, g.set, g.board.dim);
  }
  return [];
}
