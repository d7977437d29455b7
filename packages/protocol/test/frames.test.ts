import { describe, expect, it } from 'vitest';
import {
  decodeFrames,
  decodeSocketMessage,
  encodeFrame,
  encodeSocketMessage,
  joinFrames,
  LagMeasurementSchema,
  MessageType,
  MAX_PAYLOAD_BYTES,
} from '../src/index.ts';

describe('socket framing', () => {
  it('writes a 2-byte big-endian length counting the type byte, then the type', () => {
    const frame = encodeFrame(11, new Uint8Array(300).fill(7));
    expect([frame[0], frame[1], frame[2]]).toEqual([0x01, 0x2d, 11]);
    expect(frame.length).toBe(303);
  });

  it('reads several messages sharing one websocket frame', () => {
    const a = encodeSocketMessage(MessageType.LAG_MEASUREMENT, LagMeasurementSchema, { lagMs: 12 });
    const b = encodeFrame(MessageType.SERVER_MESSAGE, new Uint8Array());
    const frames = decodeFrames(joinFrames([a, b, a]));
    expect(Array.isArray(frames) && frames.map((f) => f.type)).toEqual([11, 32, 11]);
    if (!Array.isArray(frames)) return;
    const lag = decodeSocketMessage(frames[2].type, frames[2].payload);
    expect(lag.ok && (lag.message as unknown as { lagMs: number }).lagMs).toBe(12);
  });

  it('rejects a length that runs past the data and a zero length', () => {
    const good = encodeFrame(11, new Uint8Array([8, 1]));
    expect(decodeFrames(good.subarray(0, good.length - 1))).toEqual({
      code: 'truncated',
      offset: 0,
    });
    expect(decodeFrames(new Uint8Array([0, 0, 11]))).toEqual({ code: 'empty', offset: 0 });
    expect(decodeFrames(new Uint8Array([0]))).toEqual({ code: 'truncated', offset: 0 });
    expect(decodeFrames(joinFrames([good, new Uint8Array([0, 9, 1])]))).toEqual({
      code: 'truncated',
      offset: good.length,
    });
  });

  it('refuses to build a frame whose length would not fit in two bytes', () => {
    expect(() => encodeFrame(1, new Uint8Array(MAX_PAYLOAD_BYTES + 1))).toThrow(RangeError);
    expect(encodeFrame(1, new Uint8Array(MAX_PAYLOAD_BYTES)).length).toBe(0xffff + 2);
  });

  it('tells an unknown type from a payload that is not valid protobuf', () => {
    expect(decodeSocketMessage(250, new Uint8Array())).toMatchObject({
      ok: false,
      reason: 'unknown-type',
    });
    expect(
      decodeSocketMessage(MessageType.LAG_MEASUREMENT, new Uint8Array([0xff, 0xff, 0xff])),
    ).toMatchObject({
      ok: false,
      reason: 'malformed',
    });
  });
});
