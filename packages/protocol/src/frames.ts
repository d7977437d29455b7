/**
 * Socket framing (docs/product/gameplay.md §7): each message is a 2-byte big-endian
 * length, a 1-byte message type and the protobuf payload; the length counts
 * the type byte plus the payload. One websocket frame may carry several
 * messages back to back. Pure Uint8Array code so the browser shares it.
 */

export const FRAME_HEADER_BYTES = 3;
/** The largest payload a 2-byte length can describe (it includes the type byte). */
export const MAX_PAYLOAD_BYTES = 0xffff - 1;

export interface Frame {
  type: number;
  payload: Uint8Array;
}

export type FrameError = { code: 'truncated' | 'empty'; offset: number };

export function encodeFrame(type: number, payload: Uint8Array): Uint8Array {
  if (payload.length > MAX_PAYLOAD_BYTES) {
    throw new RangeError(`payload of ${payload.length} bytes does not fit a frame`);
  }
  const out = new Uint8Array(FRAME_HEADER_BYTES + payload.length);
  const length = payload.length + 1;
  out[0] = length >> 8;
  out[1] = length & 0xff;
  out[2] = type;
  out.set(payload, FRAME_HEADER_BYTES);
  return out;
}

/** Joins several encoded messages into one websocket frame. */
export function joinFrames(frames: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(frames.reduce((n, f) => n + f.length, 0));
  let at = 0;
  for (const f of frames) {
    out.set(f, at);
    at += f.length;
  }
  return out;
}

/**
 * Splits one websocket frame into its messages. A length that runs past the
 * end of the data, or a zero length (no type byte), makes the whole frame
 * invalid: the reader cannot know where the next message would start.
 */
export function decodeFrames(data: Uint8Array): Frame[] | FrameError {
  const frames: Frame[] = [];
  let at = 0;
  if (data.length === 0) return { code: 'empty', offset: 0 };
  while (at < data.length) {
    if (at + FRAME_HEADER_BYTES > data.length) return { code: 'truncated', offset: at };
    const length = (data[at] << 8) | data[at + 1];
    if (length === 0) return { code: 'empty', offset: at };
    const end = at + 2 + length;
    if (end > data.length) return { code: 'truncated', offset: at };
    frames.push({ type: data[at + 2], payload: data.subarray(at + FRAME_HEADER_BYTES, end) });
    at = end;
  }
  return frames;
}
