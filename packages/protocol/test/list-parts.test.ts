import { fromBinary } from '@bufbuild/protobuf';
import { describe, expect, it } from 'vitest';
import {
  decodeFrames,
  encodeListInParts,
  MAX_PAYLOAD_BYTES,
  MessageType,
  PresenceListSchema,
  SeekRequestsSchema,
} from '../src/index.ts';

const entries = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    userId: `user-${i}-${'x'.repeat(24)}`,
    username: `player${i}`,
    channel: 'lobby',
  }));

function parts(bytes: Uint8Array) {
  const frames = decodeFrames(bytes);
  if (!Array.isArray(frames)) throw new Error(frames.code);
  return frames.map((f) => ({
    type: f.type,
    size: f.payload.length,
    ...fromBinary(PresenceListSchema, f.payload),
  }));
}

describe('lists in parts', () => {
  it('sends a list that fits as one message, not marked continued', () => {
    const got = parts(
      encodeListInParts(
        MessageType.PRESENCE_LIST,
        PresenceListSchema,
        { channel: 'lobby', entries: entries(10), anonymousCount: 3 },
        'entries',
      ),
    );
    expect(got).toHaveLength(1);
    expect(got[0].continued).toBe(false);
    expect(got[0].entries.map((e) => e.username)).toEqual(entries(10).map((e) => e.username));
  });

  it('splits 5,000 users into parts that each fit a frame and together keep every user in order', () => {
    const all = entries(5000);
    const got = parts(
      encodeListInParts(
        MessageType.PRESENCE_LIST,
        PresenceListSchema,
        { channel: 'lobby', entries: all, anonymousCount: 7 },
        'entries',
      ),
    );
    expect(got.length).toBeGreaterThan(3);
    expect(
      got.every((p) => p.type === MessageType.PRESENCE_LIST && p.size <= MAX_PAYLOAD_BYTES),
    ).toBe(true);
    expect(got.map((p) => p.continued)).toEqual(got.map((_, i) => i > 0));
    expect(got.every((p) => p.channel === 'lobby' && p.anonymousCount === 7)).toBe(true);
    expect(got.flatMap((p) => p.entries.map((e) => e.userId))).toEqual(all.map((e) => e.userId));
  });

  it('honours a smaller limit and refuses a list field that is not a list of messages', () => {
    const got = parts(
      encodeListInParts(
        MessageType.PRESENCE_LIST,
        PresenceListSchema,
        { channel: 'lobby', entries: entries(40) },
        'entries',
        500,
      ),
    );
    expect(got.length).toBeGreaterThan(1);
    expect(got.every((p) => p.size <= 500)).toBe(true);
    expect(() =>
      encodeListInParts(
        MessageType.PRESENCE_LIST,
        PresenceListSchema,
        { channel: 'x'.repeat(600) },
        'channel',
        500,
      ),
    ).toThrow(/not a list/);
  });

  it('sends an empty seek list as one message, which clears the client list', () => {
    const bytes = encodeListInParts(
      MessageType.SEEK_REQUESTS,
      SeekRequestsSchema,
      { requests: [] },
      'requests',
    );
    const frames = decodeFrames(bytes);
    expect(Array.isArray(frames) && frames.length).toBe(1);
  });
});
