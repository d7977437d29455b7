import { drawBoard, type BoardPicture } from './board-png.ts';
import { encodeGif } from './gif-encoder.ts';
import { paletteFor } from './quantize.ts';

/** How long each turn stays on screen, and the last position (hundredths of a second). */
export const GIF_FRAME_CS = 100;
export const GIF_LAST_FRAME_CS = 400;

/**
 * The game as an animated GIF: one frame per position (the empty board, then
 * the board after each turn), each drawn by the PNG export's `drawBoard`.
 * The palette is taken from the last frame, which holds every tile and
 * bonus colour the others do; loaded on demand (the room imports it lazily).
 */
export function boardGif(pictures: readonly BoardPicture[]): Blob {
  if (pictures.length === 0) throw new Error('no positions');
  const canvas = document.createElement('canvas');
  const images = pictures.map((p) => {
    drawBoard(canvas, p);
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    if (!ctx) throw new Error('no canvas');
    return ctx.getImageData(0, 0, canvas.width, canvas.height);
  });
  const last = images[images.length - 1];
  const { palette, indexOf } = paletteFor(last.data);
  const bytes = encodeGif({
    width: last.width,
    height: last.height,
    palette,
    frames: images.map((img, i) => ({
      indices: indexOf(img.data),
      delayCs: i === images.length - 1 ? GIF_LAST_FRAME_CS : GIF_FRAME_CS,
    })),
  });
  return new Blob([bytes as BlobPart], { type: 'image/gif' });
}
