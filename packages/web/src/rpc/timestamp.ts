import { create } from '@bufbuild/protobuf';
import { TimestampSchema, type Timestamp } from '@tessera/protocol';

/** A protobuf Timestamp as epoch milliseconds (0 when absent). */
export const millis = (t: Timestamp | undefined): number =>
  t ? Number(t.seconds) * 1000 + Math.floor(t.nanos / 1e6) : 0;

/** Epoch milliseconds as a protobuf Timestamp. */
export const timestamp = (ms: number): Timestamp =>
  create(TimestampSchema, { seconds: BigInt(Math.floor(ms / 1000)), nanos: (ms % 1000) * 1e6 });
