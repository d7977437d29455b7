import { describe, expect, it } from 'vitest';
import { encodeGif } from '../../src/features/game/export/gif-encoder.ts';
import { paletteFor } from '../../src/features/game/export/quantize.ts';

/**
 * A plain GIF reader written for this test from the GIF89a format (not the
 * encoder's code): header, global table, extensions, and LZW decoding with
 * a table of strings.
 */
function readGif(bytes: Uint8Array) {
  let p = 0;
  const u8 = () => bytes[p++];
  const u16 = () => bytes[p++] | (bytes[p++] << 8);
  const sig = String.fromCharCode(...bytes.slice(0, 6));
  p = 6;
  const width = u16();
  const height = u16();
  const flags = u8();
  p += 2;
  const tableSize = flags & 0x80 ? 3 << ((flags & 7) + 1) : 0;
  const palette = bytes.slice(p, p + tableSize);
  p += tableSize;
  const frames: { delayCs: number; indices: number[] }[] = [];
  let delayCs = 0;
  let loops = false;
  const subBlocks = () => {
    const out: number[] = [];
    for (let n = u8(); n; n = u8()) for (let i = 0; i < n; i++) out.push(u8());
    return out;
  };
  for (;;) {
    const b = u8();
    if (b === 0x3b) break;
    if (b === 0x21) {
      const label = u8();
      const data = subBlocks();
      if (label === 0xf9) delayCs = data[1] | (data[2] << 8);
      if (label === 0xff && String.fromCharCode(...data.slice(0, 11)) === 'NETSCAPE2.0')
        loops = true;
      continue;
    }
    if (b !== 0x2c) throw new Error(`unexpected block ${b}`);
    p += 8;
    u8();
    const min = u8();
    const data = subBlocks();
    const clear = 1 << min;
    let dict: number[][] = [];
    const reset = () => {
      dict = [];
      for (let i = 0; i < clear; i++) dict.push([i]);
      dict.push([], []);
    };
    reset();
    let width2 = min + 1;
    let bit = 0;
    const read = () => {
      let v = 0;
      for (let i = 0; i < width2; i++, bit++) v |= ((data[bit >> 3] >> (bit & 7)) & 1) << i;
      return v;
    };
    const indices: number[] = [];
    let prev: number[] | null = null;
    for (;;) {
      const code = read();
      if (code === clear) {
        reset();
        width2 = min + 1;
        prev = null;
        continue;
      }
      if (code === clear + 1) break;
      let entry: number[];
      if (code < dict.length) entry = dict[code];
      else if (prev) entry = [...prev, prev[0]];
      else throw new Error('bad code');
      indices.push(...entry);
      if (prev) dict.push([...prev, entry[0]]);
      prev = entry;
      if (dict.length === 1 << width2 && width2 < 12) width2++;
    }
    frames.push({ delayCs, indices });
  }
  return { sig, width, height, palette, frames, loops };
}

describe('the animated GIF encoder', () => {
  it('writes frames that a GIF reader gets back exactly, with their delays, looping', () => {
    const width = 37;
    const height = 23;
    const palette = new Uint8Array(5 * 3).map((_, i) => i * 17);
    const frames = [0, 1, 2].map((f) => ({
      indices: Uint8Array.from({ length: width * height }, (_, i) =>
        f === 0 ? 0 : (i * (f + 3) + (i >> 4)) % 5,
      ),
      delayCs: 100 + f,
    }));
    const gif = readGif(encodeGif({ width, height, palette, frames }));
    expect(gif.sig).toBe('GIF89a');
    expect([gif.width, gif.height, gif.loops]).toEqual([width, height, true]);
    expect([...gif.palette.slice(0, 15)]).toEqual([...palette]);
    expect(gif.frames.map((f) => f.delayCs)).toEqual([100, 101, 102]);
    gif.frames.forEach((f, i) => expect(f.indices).toEqual([...frames[i].indices]));
  });

  it('survives the code table filling up (a large noisy picture with 256 colours)', () => {
    const width = 300;
    const height = 200;
    let seed = 7;
    const rnd = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) >> 16;
    const indices = Uint8Array.from({ length: width * height }, () => rnd() & 0xff);
    const palette = new Uint8Array(256 * 3).map((_, i) => i % 256);
    const gif = readGif(encodeGif({ width, height, palette, frames: [{ indices, delayCs: 5 }] }));
    expect(gif.frames[0].indices).toEqual([...indices]);
  });

  it('maps a picture onto its most frequent colours and the rest to the nearest', () => {
    const rgba = new Uint8ClampedArray([
      ...[255, 255, 255, 255],
      ...[255, 255, 255, 255],
      ...[10, 20, 30, 255],
    ]);
    const { palette, indexOf } = paletteFor(rgba);
    expect([...palette]).toEqual([255, 255, 255, 10, 20, 30]);
    expect([...indexOf(new Uint8ClampedArray([12, 18, 33, 255, 250, 250, 250, 255]))]).toEqual([
      1, 0,
    ]);
  });
});
