/** GCG game records: decode, parse, replay into a game, and write. */
export { checkDeclaredEncoding, decodeGcg, supportedEncoding, type Encoding } from './decode.ts';
export {
  parseGcg,
  parseGcgText,
  type GcgMove,
  type GcgMoveKind,
  type GcgPlayer,
  type GcgRecord,
} from './parse.ts';
export { aliasesFor, inferLetterSet } from './letters.ts';
export {
  importGcg,
  replayGcg,
  replayGcgRecord,
  type GcgMismatch,
  type GcgOptions,
  type GcgReplay,
} from './replay.ts';
export { writeGcg } from './write.ts';
