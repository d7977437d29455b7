/**
 * Colour reduction for the GIF export. Board pictures are flat colours plus
 * anti-aliased letter edges, so a popularity palette works well: the 256
 * most frequent colours of a reference picture, and every other colour
 * mapped to its nearest palette colour (squared RGB distance), memoised
 * because the same edge colours repeat across frames.
 */
export const MAX_COLOURS = 256;

export function paletteFor(reference: Uint8ClampedArray): {
  palette: Uint8Array;
  indexOf: (rgba: Uint8ClampedArray) => Uint8Array;
} {
  const counts = new Map<number, number>();
  for (let i = 0; i < reference.length; i += 4) {
    const c = (reference[i] << 16) | (reference[i + 1] << 8) | reference[i + 2];
    counts.set(c, (counts.get(c) ?? 0) + 1);
  }
  const chosen = [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, MAX_COLOURS)
    .map(([c]) => c);
  const palette = new Uint8Array(chosen.length * 3);
  const index = new Map<number, number>();
  chosen.forEach((c, i) => {
    palette[i * 3] = c >> 16;
    palette[i * 3 + 1] = (c >> 8) & 0xff;
    palette[i * 3 + 2] = c & 0xff;
    index.set(c, i);
  });
  const nearest = (c: number): number => {
    const r = c >> 16;
    const g = (c >> 8) & 0xff;
    const b = c & 0xff;
    let best = 0;
    let bestD = Infinity;
    for (let i = 0; i < chosen.length; i++) {
      const dr = palette[i * 3] - r;
      const dg = palette[i * 3 + 1] - g;
      const db = palette[i * 3 + 2] - b;
      const d = dr * dr + dg * dg + db * db;
      if (d < bestD) {
        bestD = d;
        best = i;
      }
    }
    index.set(c, best);
    return best;
  };
  const indexOf = (rgba: Uint8ClampedArray) => {
    const out = new Uint8Array(rgba.length / 4);
    for (let p = 0, i = 0; i < rgba.length; i += 4, p++) {
      const c = (rgba[i] << 16) | (rgba[i + 1] << 8) | rgba[i + 2];
      out[p] = index.get(c) ?? nearest(c);
    }
    return out;
  };
  return { palette, indexOf };
}
