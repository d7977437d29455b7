import { type Context, type Pairs, PairingFailure } from '../context.ts';

/**
 * Manual: the director's pairs ([a, b], or [a, a] for a bye), checked; players
 * the director left out stay unpaired.
 */
export function pairManual(ctx: Context, manual: [number, number][] = []): Pairs {
  const free = new Set(ctx.available);
  const used = new Set<number>();
  const out: Pairs = { pairs: [], byes: [] };
  for (const [a, b] of manual) {
    for (const p of [a, b]) {
      if (!free.has(p) || (used.has(p) && a !== b)) {
        throw new PairingFailure(
          'INVALID_PAIRINGS',
          `${ctx.name(p) ?? `#${p + 1}`} cannot be paired: removed, already paired this round or listed twice.`,
          [ctx.name(p)],
        );
      }
    }
    if (used.has(a)) {
      throw new PairingFailure('INVALID_PAIRINGS', `${ctx.name(a)} is listed twice.`, [
        ctx.name(a),
      ]);
    }
    used.add(a).add(b);
    if (a === b) out.byes.push(a);
    else out.pairs.push([a, b]);
  }
  const left = ctx.available.filter((p) => !used.has(p));
  if (left.length) ctx.log.push(`Left unpaired by the director: ${left.map(ctx.name).join(', ')}.`);
  return out;
}
