import { isLetterSetName, type LetterSetName } from '../tiles/letter-sets.ts';

/**
 * Binary file format of a compiled lexicon (all integers little-endian):
 *
 * | offset | size | field                                          |
 * | ------ | ---- | ---------------------------------------------- |
 * | 0      | 4    | magic "TLXG"                                   |
 * | 4      | 2    | format version (1)                             |
 * | 6      | 2    | header length in bytes (multiple of 4)         |
 * | 8      | 4    | node count                                     |
 * | 12     | 4    | word count                                     |
 * | 16     | 1    | maximum word length in tiles                   |
 * | 17     | 1    | letter set name length L, then L bytes (UTF-8) |
 * | 18+L   | 1    | lexicon name length M, then M bytes (UTF-8)    |
 * | ...    |      | zero padding up to the header length           |
 * | header | 4*n  | the nodes (see graph.ts)                       |
 *
 * The header length is a multiple of 4, so when the file sits at an aligned
 * offset (a fresh ArrayBuffer always does) the nodes are read through a
 * Uint32Array view of the same memory without copying.
 */

export const MAGIC = 'TLXG';
export const FORMAT_VERSION = 1;

export interface GraphHeader {
  readonly name: string;
  readonly letterSet: LetterSetName;
  readonly wordCount: number;
  readonly maxLength: number;
}

export type ParseError = 'too-short' | 'bad-magic' | 'bad-version' | 'bad-letter-set' | 'truncated';

export type ParsedGraph =
  { ok: true; header: GraphHeader; nodes: Uint32Array } | { ok: false; error: ParseError };

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

export function serializeGraph(header: GraphHeader, nodes: Uint32Array): Uint8Array {
  const enc = new TextEncoder();
  const set = enc.encode(header.letterSet);
  const name = enc.encode(header.name);
  if (set.length > 255 || name.length > 255) throw new Error('name too long');
  const headerLen = Math.ceil((19 + set.length + name.length) / 4) * 4;
  const out = new Uint8Array(headerLen + nodes.length * 4);
  const view = new DataView(out.buffer);
  out.set(enc.encode(MAGIC), 0);
  view.setUint16(4, FORMAT_VERSION, true);
  view.setUint16(6, headerLen, true);
  view.setUint32(8, nodes.length, true);
  view.setUint32(12, header.wordCount, true);
  out[16] = header.maxLength;
  out[17] = set.length;
  out.set(set, 18);
  out[18 + set.length] = name.length;
  out.set(name, 19 + set.length);
  if (LITTLE_ENDIAN) {
    out.set(new Uint8Array(nodes.buffer, nodes.byteOffset, nodes.length * 4), headerLen);
  } else {
    for (let i = 0; i < nodes.length; i++) view.setUint32(headerLen + i * 4, nodes[i], true);
  }
  return out;
}

/** Reads a compiled lexicon; the nodes share memory with `data` when aligned. */
export function parseGraph(data: ArrayBufferLike | Uint8Array): ParsedGraph {
  const bytes = data instanceof Uint8Array ? data : new Uint8Array(data);
  if (bytes.length < 20) return { ok: false, error: 'too-short' };
  const dec = new TextDecoder();
  if (dec.decode(bytes.subarray(0, 4)) !== MAGIC) return { ok: false, error: 'bad-magic' };
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
  if (view.getUint16(4, true) !== FORMAT_VERSION) return { ok: false, error: 'bad-version' };
  const headerLen = view.getUint16(6, true);
  const count = view.getUint32(8, true);
  const wordCount = view.getUint32(12, true);
  const maxLength = bytes[16];
  const setLen = bytes[17];
  const nameLen = bytes[18 + setLen];
  if (19 + setLen + nameLen > headerLen || bytes.length < headerLen + count * 4) {
    return { ok: false, error: 'truncated' };
  }
  const letterSet = dec.decode(bytes.subarray(18, 18 + setLen));
  if (!isLetterSetName(letterSet)) return { ok: false, error: 'bad-letter-set' };
  const name = dec.decode(bytes.subarray(19 + setLen, 19 + setLen + nameLen));
  const at = bytes.byteOffset + headerLen;
  let nodes: Uint32Array;
  if (LITTLE_ENDIAN && at % 4 === 0) {
    nodes = new Uint32Array(bytes.buffer, at, count);
  } else {
    nodes = new Uint32Array(count);
    for (let i = 0; i < count; i++) nodes[i] = view.getUint32(headerLen + i * 4, true);
  }
  return { ok: true, header: { name, letterSet, wordCount, maxLength }, nodes };
}
