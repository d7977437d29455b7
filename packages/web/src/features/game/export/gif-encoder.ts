/**
 * A small GIF89a encoder: one global palette, LZW-compressed frames, frame
 * delays and an endless loop (the NETSCAPE2.0 extension).
 *
 * LZW (GIF flavour): codes 0..2^m-1 stand for palette indices (m is the
 * "minimum code size"), then come CLEAR and END; new codes are added for
 * every "known string + next index" and the code width grows from m + 1 bits
 * up to 12. When the table is full a CLEAR starts it afresh. The table is a
 * Map from (prefix code << 8 | index) to code, so each pixel costs one
 * lookup. Codes are packed least significant bit first and cut into
 * sub-blocks of at most 255 bytes.
 */

export interface GifFrame {
  /** One palette index per pixel, row by row. */
  indices: Uint8Array;
  /** How long the frame stays, in hundredths of a second. */
  delayCs: number;
}

export interface GifImage {
  width: number;
  height: number;
  /** r, g, b for each colour; at most 256 colours. */
  palette: Uint8Array;
  frames: readonly GifFrame[];
}

const MAX_CODE = 4095;

class ByteWriter {
  private buf = new Uint8Array(1 << 16);
  length = 0;

  byte(b: number): void {
    if (this.length === this.buf.length) {
      const next = new Uint8Array(this.buf.length * 2);
      next.set(this.buf);
      this.buf = next;
    }
    this.buf[this.length++] = b;
  }

  word(w: number): void {
    this.byte(w & 0xff);
    this.byte((w >> 8) & 0xff);
  }

  bytes(bs: ArrayLike<number>): void {
    for (let i = 0; i < bs.length; i++) this.byte(bs[i]);
  }

  text(s: string): void {
    for (let i = 0; i < s.length; i++) this.byte(s.charCodeAt(i));
  }

  result(): Uint8Array {
    return this.buf.slice(0, this.length);
  }
}

/** Packs variable-width codes LSB first into 255-byte sub-blocks. */
class CodePacker {
  private acc = 0;
  private bits = 0;
  private block: number[] = [];

  constructor(private readonly out: ByteWriter) {}

  put(code: number, width: number): void {
    this.acc |= code << this.bits;
    this.bits += width;
    while (this.bits >= 8) {
      this.push(this.acc & 0xff);
      this.acc >>>= 8;
      this.bits -= 8;
    }
  }

  finish(): void {
    if (this.bits > 0) this.push(this.acc & 0xff);
    this.acc = 0;
    this.bits = 0;
    if (this.block.length) this.flush();
    this.out.byte(0); // block terminator
  }

  private push(b: number): void {
    this.block.push(b);
    if (this.block.length === 255) this.flush();
  }

  private flush(): void {
    this.out.byte(this.block.length);
    this.out.bytes(this.block);
    this.block = [];
  }
}

/** LZW-compresses one frame's indices into `out`. */
function lzw(indices: Uint8Array, minCodeSize: number, out: ByteWriter): void {
  const clear = 1 << minCodeSize;
  const end = clear + 1;
  const packer = new CodePacker(out);
  let table = new Map<number, number>();
  let next = end + 1;
  let width = minCodeSize + 1;
  packer.put(clear, width);
  if (indices.length === 0) {
    packer.put(end, width);
    packer.finish();
    return;
  }
  let prefix = indices[0];
  for (let i = 1; i < indices.length; i++) {
    const k = indices[i];
    const key = (prefix << 8) | k;
    const found = table.get(key);
    if (found !== undefined) {
      prefix = found;
      continue;
    }
    packer.put(prefix, width);
    if (next <= MAX_CODE) {
      table.set(key, next);
      // The decoder widens its codes once it has assigned 2^width - 1 codes.
      if (next === 1 << width && width < 12) width++;
      next++;
    } else {
      packer.put(clear, width);
      table = new Map();
      next = end + 1;
      width = minCodeSize + 1;
    }
    prefix = k;
  }
  packer.put(prefix, width);
  packer.put(end, width);
  packer.finish();
}

/** The whole animated GIF as bytes. */
export function encodeGif(img: GifImage): Uint8Array {
  const colours = img.palette.length / 3;
  if (colours < 1 || colours > 256 || !Number.isInteger(colours))
    throw new Error('a GIF palette holds 1 to 256 colours');
  // The colour table's size is a power of two, at least 2 (4 for the LZW minimum of 2).
  let bits = 1;
  while (1 << bits < colours) bits++;
  const minCodeSize = Math.max(2, bits);
  const out = new ByteWriter();
  out.text('GIF89a');
  out.word(img.width);
  out.word(img.height);
  out.byte(0x80 | ((bits - 1) << 4) | (bits - 1)); // global table, colour resolution, size
  out.byte(0); // background colour index
  out.byte(0); // square pixels
  const table = new Uint8Array(3 << bits);
  table.set(img.palette);
  out.bytes(table);
  // Loop forever.
  out.byte(0x21);
  out.byte(0xff);
  out.byte(11);
  out.text('NETSCAPE2.0');
  out.byte(3);
  out.byte(1);
  out.word(0);
  out.byte(0);
  for (const frame of img.frames) {
    if (frame.indices.length !== img.width * img.height)
      throw new Error('a frame must have one index per pixel');
    // Graphic control extension: no disposal, the delay, no transparency.
    out.byte(0x21);
    out.byte(0xf9);
    out.byte(4);
    out.byte(0x04);
    out.word(Math.max(0, Math.round(frame.delayCs)));
    out.byte(0);
    out.byte(0);
    // Image descriptor: the whole canvas, no local table, not interlaced.
    out.byte(0x2c);
    out.word(0);
    out.word(0);
    out.word(img.width);
    out.word(img.height);
    out.byte(0);
    out.byte(minCodeSize);
    lzw(frame.indices, minCodeSize, out);
  }
  out.byte(0x3b);
  return out.result();
}
