import { create, toBinary, type DescMessage, type MessageInitShape } from '@bufbuild/protobuf';
import { encodeFrame, joinFrames, MAX_PAYLOAD_BYTES } from './frames.ts';

/*
 * A frame's length has two bytes, so one message holds at most 64 KiB. The
 * lists the server pushes (presence, seeks, live and correspondence games)
 * can outgrow that; they go out in parts instead. The first part replaces
 * what the client had; each later part carries `continued` and adds its
 * items. All parts travel in one websocket frame, so a client never shows a
 * half list.
 */

/** Room for an item's field tag and length prefix around its own bytes. */
const ITEM_OVERHEAD_BYTES = 6;

/**
 * Encodes `value` as one message, or as several when its repeated `listField`
 * is too long, splitting the list between parts. The schema must have a
 * `continued` boolean field.
 */
export function encodeListInParts<D extends DescMessage>(
  type: number,
  schema: D,
  value: MessageInitShape<D>,
  listField: string,
  limit = MAX_PAYLOAD_BYTES,
): Uint8Array {
  const whole = toBinary(schema, create(schema, value));
  if (whole.length <= limit) return encodeFrame(type, whole);

  const field = schema.fields.find((f) => f.localName === listField);
  if (field?.fieldKind !== 'list' || field.listKind !== 'message') {
    throw new Error(`${schema.typeName}.${listField} is not a list of messages`);
  }
  if (!schema.fields.some((f) => f.localName === 'continued')) {
    throw new Error(`${schema.typeName} has no continued field`);
  }
  const fields = value as Record<string, unknown>;
  const items = (fields[listField] ?? []) as MessageInitShape<DescMessage>[];
  const part = (chunk: unknown[], continued: boolean) =>
    toBinary(schema, create(schema, { ...fields, [listField]: chunk, continued } as never));
  const room = limit - part([], true).length;

  const parts: Uint8Array[] = [];
  let chunk: unknown[] = [];
  let used = 0;
  for (const item of items) {
    const size = toBinary(field.message, create(field.message, item)).length + ITEM_OVERHEAD_BYTES;
    if (size > room) throw new RangeError(`one ${field.message.typeName} is ${size} bytes`);
    if (used + size > room) {
      parts.push(encodeFrame(type, part(chunk, parts.length > 0)));
      chunk = [];
      used = 0;
    }
    chunk.push(item);
    used += size;
  }
  parts.push(encodeFrame(type, part(chunk, parts.length > 0)));
  return joinFrames(parts);
}
