/**
 * Making the win chances of win-pct.ts (what `tessera winpct` runs): hasty
 * self-play, every position after a move labelled with how the game ended
 * for the player who made it, then per bucket of bag sizes a logistic
 * regression of that result on the spread plus the leave's value. Pure
 * computation: the CLI writes the result to a file.
 */
import type { BoardLayout } from '../board/layouts.ts';
import type { Lexicon } from '../lexicon/lexicon.ts';
import type { LetterSet } from '../tiles/letter-sets.ts';
import { Bot } from '../bots/bot.ts';
import { Movegen, leaveOf } from '../movegen/movegen.ts';
import { FastGame } from '../sim/fast-game.ts';
import type { LeaveModel } from './leave-model.ts';
import type { WinPctData } from './win-pct.ts';

/** One position after a move: its x (spread plus leave), bag, and whether the mover won (1, 0.5 for a tie, 0). */
export interface WinSample {
  readonly x: number;
  readonly bag: number;
  readonly won: number;
}

export interface WinSelfPlayOptions {
  readonly lexicon: Lexicon;
  readonly set: LetterSet;
  readonly layout: BoardLayout;
  readonly leaves: LeaveModel | null;
  readonly games: number;
  readonly seed: number;
  readonly onProgress?: (games: number) => void;
}

/** Positions after every move of `games` hasty self-play games, labelled with the result. */
export function winSamples(o: WinSelfPlayOptions): WinSample[] {
  const res = { lexicon: o.lexicon, set: o.set, layout: o.layout, leaves: o.leaves };
  const bots: [Bot, Bot] = [new Bot('hasty', res, o.seed), new Bot('hasty', res, o.seed + 1)];
  const game = new FastGame(new Movegen(o.lexicon, o.set, o.layout));
  const out: WinSample[] = [];
  const pending: { p: number; x: number; bag: number }[] = [];
  for (let n = 0; n < o.games; n++) {
    game.startNew(o.seed * 100_003 + n, n % 2);
    pending.length = 0;
    while (!game.over) {
      const p = game.onTurn;
      const d = bots[p].choose(game);
      let kept = 0;
      if (o.leaves && game.bagCount > 0) {
        const counts = new Uint8Array(o.set.size);
        for (const t of leaveOf(d.list, d.index, game.racks[p], o.set.size)) counts[t]++;
        kept = o.leaves.value(counts);
      }
      game.apply(d.list, d.index);
      const spread = game.scores[p] - game.scores[1 - p];
      if (!game.over) pending.push({ p, x: spread + kept, bag: game.bagCount });
    }
    const leader = game.leader();
    for (const s of pending)
      out.push({ x: s.x, bag: s.bag, won: leader < 0 ? 0.5 : leader === s.p ? 1 : 0 });
    o.onProgress?.(n + 1);
  }
  return out;
}

/**
 * A curve per bucket of `width` bag sizes, by logistic regression of the
 * result on x (Newton's method on the intercept and slope, with a small
 * ridge so that a bucket where the leader always wins stays finite).
 */
export function fitWinPct(
  samples: readonly WinSample[],
  width: number,
  provenance: string,
): WinPctData {
  const buckets: WinSample[][] = [];
  for (const s of samples) (buckets[Math.floor(s.bag / width)] ??= []).push(s);
  const curves: [number, number][] = [];
  let last: [number, number] = [0, 30];
  for (const b of buckets) {
    if (!b || b.length < 50) {
      curves.push(last);
      continue;
    }
    last = logistic(b);
    curves.push(last);
  }
  return { provenance, width, curves };
}

/** [shift, scale] of the logistic fit P(won) = 1 / (1 + exp(-(a + c x))). */
function logistic(samples: readonly WinSample[]): [number, number] {
  // x in hundreds of points keeps the Newton steps well scaled.
  let a = 0;
  let c = 1;
  const ridge = 1e-3 * samples.length;
  for (let iter = 0; iter < 50; iter++) {
    let ga = 0;
    let gc = -ridge * c;
    let haa = 0;
    let hac = 0;
    let hcc = ridge;
    for (const s of samples) {
      const x = s.x / 100;
      const p = 1 / (1 + Math.exp(-(a + c * x)));
      const w = p * (1 - p);
      ga += s.won - p;
      gc += (s.won - p) * x;
      haa += w;
      hac += w * x;
      hcc += w * x * x;
    }
    const det = haa * hcc - hac * hac;
    if (det <= 0) break;
    const da = (hcc * ga - hac * gc) / det;
    const dc = (haa * gc - hac * ga) / det;
    a += da;
    c += dc;
    if (Math.abs(da) + Math.abs(dc) < 1e-9) break;
  }
  const slope = c / 100;
  return [round(-a / slope), round(1 / slope)];
}

function round(v: number): number {
  return Math.round(v * 100) / 100;
}
