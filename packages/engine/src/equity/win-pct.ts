/**
 * Win chances of the player who has just moved, from how far ahead they
 * are and how many tiles are left in the bag: for each bag bucket a
 * logistic curve P = 1 / (1 + exp(-(x - shift) / scale)), where x is the
 * spread after the move plus the value of the leave kept (the part of the
 * future a static evaluation already counts). `shift` is what moving
 * second costs (the opponent is on turn), `scale` how much luck the
 * tiles still to come hold. Fitted to Tessera's own hasty self-play
 * (`tessera winpct`, win-pct-train.ts) and shipped as equity/data/win-pct.json.
 */
import data from './data/win-pct.json';

/** The JSON form of equity/data/win-pct.json. */
export interface WinPctData {
  /** The command that made it. */
  readonly provenance: string;
  /** Tiles in the bag per bucket: bucket k holds bags k * width .. (k + 1) * width - 1. */
  readonly width: number;
  /** [shift, scale] per bucket, the last one for any larger bag. */
  readonly curves: [number, number][];
}

export class WinPct {
  constructor(readonly data: WinPctData) {}

  /**
   * The chance (0..1) that the player who just moved wins, `x` being their
   * spread after the move plus their leave's value and `bag` the tiles
   * left in the bag.
   */
  chance(x: number, bag: number): number {
    const { width, curves } = this.data;
    // Between the middles of the two nearest buckets.
    const at = Math.max(0, Math.min(curves.length - 1, bag / width - 0.5));
    const k = Math.floor(at);
    const f = at - k;
    const [s0, c0] = curves[k];
    const [s1, c1] = curves[Math.min(k + 1, curves.length - 1)];
    const shift = s0 + (s1 - s0) * f;
    const scale = c0 + (c1 - c0) * f;
    return 1 / (1 + Math.exp(-(x - shift) / scale));
  }
}

let shipped: WinPct | null = null;

/** The win chances shipped with the engine. */
export function defaultWinPct(): WinPct {
  shipped ??= new WinPct(data as unknown as WinPctData);
  return shipped;
}
