/**
 * The only host globals the engine uses: browsers, Web Workers and Node all
 * have them. The engine compiles without the DOM and Node typings (see
 * tsconfig.json) so nothing tied to one platform creeps in; add a global here
 * only if every host provides it.
 */
declare const performance: { now(): number };

declare class TextEncoder {
  encode(input?: string): Uint8Array;
}

declare class TextDecoder {
  constructor(label?: string, options?: { fatal?: boolean; ignoreBOM?: boolean });
  decode(input?: ArrayBufferView | ArrayBuffer): string;
}
