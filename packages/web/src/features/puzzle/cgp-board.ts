/**
 * Reads just enough of a CGP line (the board rows and the racks) to draw a
 * small preview without the engine, which the lobby's bundle leaves out.
 * Rows are separated by "/", a number is that many empty squares, a letter
 * is a tile (lowercase a blank), a bracketed run is one multi-letter tile.
 * The first rack is the player on turn's.
 */
export interface CgpPreview {
  rows: string[][];
  rack: string[];
}

function tiles(text: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '[') {
      const end = text.indexOf(']', i);
      if (end < 0) break;
      out.push(text.slice(i + 1, end));
      i = end;
    } else {
      out.push(text[i]);
    }
  }
  return out;
}

export function readCgpPreview(cgp: string): CgpPreview | null {
  const [board, racks] = cgp.trim().split(/\s+/);
  if (!board) return null;
  const rows: string[][] = [];
  for (const line of board.split('/')) {
    const row: string[] = [];
    const re = /(\d+)|\[([^\]]+)\]|(.)/g;
    for (let m = re.exec(line); m; m = re.exec(line)) {
      if (m[1]) for (let n = Number(m[1]); n > 0; n--) row.push('');
      else row.push(m[2] ?? m[3]);
    }
    rows.push(row);
  }
  const dim = rows.length;
  if (dim < 5 || rows.some((r) => r.length !== dim)) return null;
  return { rows, rack: tiles((racks ?? '').split('/')[0] ?? '') };
}
