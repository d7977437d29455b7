/**
 * Enum values in JSON requests may be spelled as the specs spell them:
 * `KING_OF_THE_HILL`, `MANUAL_FIRST`, `WIN`, `STANDARD`, `tsh` … rather than the
 * protobuf names with their enum's prefix (`PAIRING_METHOD_KING_OF_THE_HILL`).
 * Scripts written against docs/product/tournaments.md then work as written.
 * A value is rewritten only when it is not a name of its enum and is one once
 * the enum's shared prefix is put in front; a string that is no value either
 * way is refused (UnknownEnumName); everything else goes to the decoder
 * untouched.
 */
import type { DescEnum, DescField, DescMessage } from '@bufbuild/protobuf';

/**
 * A name that is no value of its enum. The decoder, told to ignore unknown
 * fields, would quietly read it as the enum's zero value (a mistyped pairing
 * method would become the first one), so it is refused instead.
 */
export class UnknownEnumName extends Error {
  constructor(
    readonly field: string,
    readonly value: string,
  ) {
    super(`${field}: ${value} is not one of its values`);
  }
}

function fullName(e: DescEnum, v: unknown, field: string): unknown {
  if (typeof v !== 'string') return v;
  if (e.values.some((x) => x.name === v)) return v;
  // The spec writes some in lower case too ("tsh", "standingsonly").
  const prefixed = `${e.sharedPrefix ?? ''}${v}`.toUpperCase();
  if (e.values.some((x) => x.name === prefixed)) return prefixed;
  throw new UnknownEnumName(field, v);
}

function fieldOf(desc: DescMessage, key: string): DescField | undefined {
  return desc.fields.find((f) => f.jsonName === key || f.name === key);
}

/**
 * The request's JSON with short enum names spelled out (a new value; the
 * input is not changed). Throws UnknownEnumName for a name of no value.
 */
export function withFullEnumNames(desc: DescMessage, json: unknown, depth = 0): unknown {
  if (!json || typeof json !== 'object' || Array.isArray(json)) return json;
  // Bounded however the request nests (connect-routes.ts refuses deeper
  // bodies before this runs): past the bound the value goes on unchanged.
  if (depth >= MAX_WALK_DEPTH) return json;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(json)) {
    const f = fieldOf(desc, key);
    out[key] = f ? fieldValue(f, value, depth + 1) : value;
  }
  return out;
}

/** Messages within messages the enum pass follows. */
export const MAX_WALK_DEPTH = 64;

function fieldValue(f: DescField, v: unknown, depth: number): unknown {
  const each = (fn: (x: unknown) => unknown) => (Array.isArray(v) ? v.map(fn) : v);
  const values = (fn: (x: unknown) => unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, fn(x)]))
      : v;
  switch (f.fieldKind) {
    case 'enum':
      return fullName(f.enum, v, f.jsonName);
    case 'message':
      return withFullEnumNames(f.message, v, depth);
    case 'list':
      if (f.listKind === 'enum') return each((x) => fullName(f.enum, x, f.jsonName));
      if (f.listKind === 'message') return each((x) => withFullEnumNames(f.message, x, depth));
      return v;
    case 'map':
      if (f.mapKind === 'enum') return values((x) => fullName(f.enum, x, f.jsonName));
      if (f.mapKind === 'message') return values((x) => withFullEnumNames(f.message, x, depth));
      return v;
    case 'scalar':
      return v;
  }
}
