import { columnLetter, type BoardLayout, type LetterSet } from '@tessera/engine';
import { boardStyle, tileStyle } from '../../../preferences/styles.ts';
import { bonusAt } from '../../../board/bonus.ts';
import { tileFace } from '../../../board/Tile.tsx';

export interface BoardPicture {
  layout: BoardLayout;
  set: LetterSet;
  squares: Uint8Array;
  /** "alice 312 – 287 bob", printed under the board. */
  caption: string;
  boardStyleId: string;
  tileStyleId: string;
}

const CELL = 40;
const MARGIN = 28;
const FOOTER = 36;

/**
 * Draws the board as the room shows it (coordinates, bonus squares in the
 * chosen board style, tiles in the chosen tile style) onto a canvas, for
 * the PNG export.
 */
export function drawBoard(canvas: HTMLCanvasElement, p: BoardPicture): void {
  const dim = p.layout.dim;
  const size = MARGIN + dim * CELL + 8;
  canvas.width = size;
  canvas.height = size + FOOTER;
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  const b = boardStyle(p.boardStyleId);
  const t = tileStyle(p.tileStyleId);
  const fills: Record<string, string> = {
    'square-dl': b.doubleLetter,
    'square-tl': b.tripleLetter,
    'square-ql': b.quadrupleLetter,
    'square-dw': b.doubleWord,
    'square-tw': b.tripleWord,
    'square-qw': b.quadrupleWord,
  };
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.font = '600 13px system-ui, sans-serif';
  ctx.fillStyle = '#5b6770';
  for (let i = 0; i < dim; i++) {
    ctx.fillText(columnLetter(i), MARGIN + i * CELL + CELL / 2, MARGIN / 2);
    ctx.fillText(String(i + 1), MARGIN / 2, MARGIN + i * CELL + CELL / 2);
  }
  for (let row = 0; row < dim; row++) {
    for (let col = 0; col < dim; col++) {
      const index = row * dim + col;
      const x = MARGIN + col * CELL;
      const y = MARGIN + row * CELL;
      const bonus = bonusAt(p.layout, index);
      ctx.fillStyle = fills[bonus.kind] ?? b.square;
      ctx.fillRect(x, y, CELL, CELL);
      ctx.strokeStyle = b.lines;
      ctx.strokeRect(x + 0.5, y + 0.5, CELL - 1, CELL - 1);
      const tile = p.squares[index];
      if (tile) {
        const f = tileFace(p.set, tile);
        ctx.fillStyle = t.background;
        ctx.fillRect(x + 2, y + 2, CELL - 4, CELL - 4);
        ctx.strokeStyle = t.edge;
        ctx.strokeRect(x + 2.5, y + 2.5, CELL - 5, CELL - 5);
        ctx.fillStyle = f.blank ? '#c62828' : t.text;
        ctx.font = `700 ${f.letter.length > 1 ? 14 : 21}px system-ui, sans-serif`;
        ctx.fillText(f.letter, x + CELL / 2, y + CELL / 2 + 1);
        if (!f.blank) {
          ctx.font = '600 9px system-ui, sans-serif';
          ctx.fillText(String(f.score), x + CELL - 8, y + CELL - 8);
        }
      } else if (bonus.label || index === p.layout.centre) {
        ctx.fillStyle = b.labelText;
        ctx.font = '600 11px system-ui, sans-serif';
        ctx.fillText(index === p.layout.centre ? '★' : bonus.label, x + CELL / 2, y + CELL / 2);
      }
    }
  }
  ctx.fillStyle = '#1d2428';
  ctx.font = '600 15px system-ui, sans-serif';
  ctx.fillText(p.caption, size / 2, size + FOOTER / 2);
}

/** The board as a PNG blob. */
export function boardPng(p: BoardPicture): Promise<Blob> {
  const canvas = document.createElement('canvas');
  drawBoard(canvas, p);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no PNG'))), 'image/png'),
  );
}
