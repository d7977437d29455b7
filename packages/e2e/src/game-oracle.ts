import {
  BLANK_BIT,
  checkPlacement,
  columnLetter,
  LETTER_MASK,
  parseCoord,
  parseTiles,
  placementFromSquares,
  canonicalPlacement,
  printTiles,
  Rack,
  wordsFormed,
  type GameState,
} from '@tessera/engine';
import { Movegen } from '@tessera/engine/ai';
import { loadLexicon } from '@tessera/lexica';
import type { RunningServer } from '@tessera/server';

/**
 * The test's oracle: the server's own game state and the engine's move
 * generator say which move to make, as the server tests pick theirs
 * (packages/server/test/game-helpers.ts).
 */

export interface FreshTile {
  /** The square, as the board names it ("H8"). */
  square: string;
  row: number;
  col: number;
  /** The letter on the tile (uppercase). */
  letter: string;
  /** Played with a blank. */
  blank: boolean;
}

export interface Position {
  g: GameState;
  eventCount: number;
  player: number;
}

export async function position(
  services: RunningServer['services'],
  gameId: string,
): Promise<Position> {
  const row = (await services.games.row(gameId))!;
  const g = await services.games.state(row);
  return { g, eventCount: row.event_count, player: g.playerOnTurn };
}

/** The best moves of the player on turn, best first, as GCG text ("8D WO.RD", "-ABC", "-"). */
export function bestMoves(g: GameState, top = 30): string[] {
  return movesOf(g, top, true);
}

/**
 * The best tile placements of the player on turn, best first ("8D WO.RD"):
 * no exchanges or pass, so a poor rack whose best moves are all exchanges
 * still gets its plays.
 */
export function bestPlays(g: GameState, top = 30): string[] {
  return movesOf(g, top, false);
}

function movesOf(g: GameState, top: number, others: boolean): string[] {
  const gen = new Movegen(loadLexicon(g.rules.lexicon), g.set, g.rules.boardLayout);
  const list = gen.generate(g.board.squares, g.racks[g.playerOnTurn].counts, {
    top,
    bagSize: g.bag.size,
    exchanges: others,
    pass: others,
  });
  return Array.from(list.sortedByEquity()).map((i) => gen.moveText(list, i));
}

/** The tiles a placement ("8D WO.RD") puts down, in order along the line. */
export function freshTiles(g: GameState, text: string): FreshTile[] {
  const [coords, word] = text.split(' ');
  const at = parseCoord(coords, g.board.dim);
  const tiles = parseTiles(g.set, word, 'word');
  if (!at.ok || !tiles.ok) throw new Error(`not a placement: ${text}`);
  const out: FreshTile[] = [];
  tiles.value.forEach((t, k) => {
    if (t === 0) return;
    const row = at.value.row + (at.value.vertical ? k : 0);
    const col = at.value.col + (at.value.vertical ? 0 : k);
    out.push({
      square: `${columnLetter(col)}${row + 1}`,
      row,
      col,
      letter: g.set.letters[t & LETTER_MASK].rune,
      blank: (t & BLANK_BIT) !== 0,
    });
  });
  return out;
}

export const isVertical = (text: string) => /^[A-Z]/.test(text);

/**
 * A play of two rack tiles the board accepts but the lexicon does not: the
 * first on an empty square, the second on the next empty square along the
 * line (so typing two letters from an arrow makes it). For a challenge.
 */
export function phonyPlay(g: GameState): { text: string; tiles: FreshTile[] } | null {
  const lexicon = loadLexicon(g.rules.lexicon);
  const rack = g.racks[g.playerOnTurn];
  const letters = Array.from(rack.tiles()).filter((t) => t !== 0);
  const dim = g.board.dim;
  for (let sq = 0; sq < dim * dim; sq++) {
    if (g.board.squares[sq] !== 0) continue;
    for (const vertical of [false, true]) {
      const r0 = Math.floor(sq / dim);
      const c0 = sq % dim;
      let r1 = r0 + (vertical ? 1 : 0);
      let c1 = c0 + (vertical ? 0 : 1);
      while (r1 < dim && c1 < dim && g.board.squares[r1 * dim + c1] !== 0) {
        if (vertical) r1++;
        else c1++;
      }
      if (r1 >= dim || c1 >= dim) continue;
      for (let i = 0; i < letters.length; i++) {
        for (let j = 0; j < letters.length; j++) {
          if (i === j) continue;
          const found = placementFromSquares(g.board, [
            { row: r0, col: c0, tile: letters[i] },
            { row: r1, col: c1, tile: letters[j] },
          ]);
          if (!found.ok || found.value.vertical !== vertical) continue;
          const p = canonicalPlacement(g.board, found.value);
          if (checkPlacement(g.board, p, Rack.of(g.set, rack.tiles()), g.set.size)) continue;
          const words = wordsFormed(g.board, p);
          if (words.every((w) => lexicon.has(w))) continue;
          const text = `${vertical ? `${columnLetter(p.col)}${p.row + 1}` : `${p.row + 1}${columnLetter(p.col)}`} ${printTiles(g.set, p.tiles, 'word')}`;
          return { text, tiles: freshTiles(g, text) };
        }
      }
    }
  }
  return null;
}
