import jpeg from 'jpeg-js';
import { refuse, type Refusal } from '@tessera/protocol';

/** The avatar's one size (docs/product/community.md §4.5, §9). */
export const AVATAR_SIZE = 96;
/** A 96×96 JPEG is a few kilobytes; anything past this is not one the browser made. */
export const AVATAR_MAX_BYTES = 256 * 1024;

/**
 * Checks uploaded avatar bytes as the server must (never the file's name):
 * within the size limit, a JPEG by its own markers (SOI at the start, EOI at
 * the end), decodable by jpeg-js, and exactly 96×96. Returns the refusal, or
 * undefined for a good avatar.
 */
export function avatarProblem(bytes: Uint8Array): Refusal | undefined {
  if (bytes.length > AVATAR_MAX_BYTES) {
    return refuse('AVATAR_TOO_LARGE', String(bytes.length), String(AVATAR_MAX_BYTES));
  }
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8 || bytes[2] !== 0xff) {
    return refuse('AVATAR_NOT_JPEG');
  }
  let end = bytes.length;
  // Some encoders pad after the end marker; a cut-off file has no end marker at all.
  while (end > 2 && bytes[end - 1] === 0) end--;
  if (bytes[end - 2] !== 0xff || bytes[end - 1] !== 0xd9) {
    return refuse('AVATAR_UNREADABLE', 'the file is cut off');
  }
  let image: { width: number; height: number };
  try {
    image = jpeg.decode(bytes, {
      useTArray: true,
      maxResolutionInMP: 1,
      maxMemoryUsageInMB: 16,
    });
  } catch (e) {
    return refuse('AVATAR_UNREADABLE', e instanceof Error ? e.message : String(e));
  }
  if (image.width !== AVATAR_SIZE || image.height !== AVATAR_SIZE) {
    return refuse('AVATAR_WRONG_SIZE', String(image.width), String(image.height));
  }
  return undefined;
}
