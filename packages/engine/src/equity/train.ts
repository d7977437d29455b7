/**
 * Making leave values by self-play (what `tessera leaves` runs).
 *
 * Iteration k: two hasty bots using the current values play `games` games.
 * Every time a player keeps a leave while the bag still holds at least a
 * rack's worth of tiles, the score of that player's next move becomes one
 * sample "leave -> next score". A ridge regression over the model's features
 * (leave-model.ts: letters with their copy counts, pairs of distinct
 * letters, vowel/consonant balance, and an intercept) fits the samples; the
 * intercept plays the role of the average score, so the fitted features are
 * what a leave is worth above or below an empty one. The next iteration
 * plays with the new values, whose better choices change which leaves occur
 * and what follows them; a few iterations settle.
 *
 * The regression accumulates X'X and X'y (features are 0/1 and sparse, about
 * 25 per sample) and solves (X'X + lambda I) w = X'y by Cholesky
 * factorisation. Pure computation: the CLI writes the result to a file.
 */
import type { BoardLayout } from '../board/layouts.ts';
import type { Lexicon } from '../lexicon/lexicon.ts';
import { RACK_SIZE } from '../rules/constants.ts';
import type { LetterSet } from '../tiles/letter-sets.ts';
import { Bot } from '../bots/bot.ts';
import { Movegen } from '../movegen/movegen.ts';
import { MAX_LEN, PLACE, EXCHANGE } from '../movegen/moves.ts';
import { FastGame } from '../sim/fast-game.ts';
import { LeaveModel, MAX_COPIES } from './leave-model.ts';

export interface TrainOptions {
  readonly lexicon: Lexicon;
  readonly set: LetterSet;
  readonly layout: BoardLayout;
  readonly games: number;
  readonly iterations: number;
  readonly seed: number;
  /** Ridge penalty (in samples' worth of pull towards zero). */
  readonly lambda?: number;
  readonly onProgress?: (iteration: number, games: number, samples: number) => void;
}

/** Feature indexes of a leave (counts), written into `out`; returns how many. */
function features(set: LetterSet, leave: Uint8Array, out: Int32Array): number {
  const n = set.size;
  const pairBase = n * 4;
  const balanceBase = pairBase + n * n;
  let k = 0;
  let vowels = 0;
  let consonants = 0;
  const present: number[] = [];
  for (let t = 0; t < n; t++) {
    const c = leave[t];
    if (c === 0) continue;
    out[k++] = t * 4 + Math.min(c, MAX_COPIES);
    present.push(t);
    if (t > 0) {
      if (set.letters[t].vowel) vowels += c;
      else consonants += c;
    }
  }
  for (let i = 0; i < present.length; i++) {
    for (let j = i + 1; j < present.length; j++) out[k++] = pairBase + present[i] * n + present[j];
  }
  out[k++] = balanceBase + Math.min(vowels, 7) * 8 + Math.min(consonants, 7);
  out[k++] = balanceBase + 64; // intercept
  return k;
}

export function featureCount(set: LetterSet): number {
  return set.size * 4 + set.size * set.size + 64 + 1;
}

/** Run the iterations; returns the final model. */
export function trainLeaves(opts: TrainOptions): LeaveModel {
  let model = LeaveModel.zero(opts.set);
  for (let it = 0; it < opts.iterations; it++) {
    model = trainIteration(opts, model, it);
  }
  return model;
}

function trainIteration(opts: TrainOptions, model: LeaveModel, it: number): LeaveModel {
  const { set } = opts;
  const F = featureCount(set);
  const xtx = new Float64Array(F * F);
  const xty = new Float64Array(F);
  const mg = new Movegen(opts.lexicon, set, opts.layout);
  const game = new FastGame(mg);
  const res = { lexicon: opts.lexicon, set, layout: opts.layout, leaves: it === 0 ? null : model };
  const bots: [Bot, Bot] = [new Bot('hasty', res, 1), new Bot('hasty', res, 2)];
  const pending: (Int32Array | null)[] = [null, null];
  const pendingLen = [0, 0];
  const feats = new Int32Array(64);
  const leave = new Uint8Array(64);
  let samples = 0;
  for (let g = 0; g < opts.games; g++) {
    game.startNew((opts.seed * 1_000_003 + it * 100_003 + g) >>> 0, g % 2);
    pending[0] = pending[1] = null;
    while (!game.over) {
      const p = game.onTurn;
      const d = bots[p].choose(game);
      const { list, index } = d;
      const prev = pending[p];
      if (prev) {
        add(xtx, xty, F, prev, pendingLen[p], list.score[index]);
        samples++;
        pending[p] = null;
      }
      const bagBefore = game.bagCount;
      // The leave: the rack minus the tiles this move uses.
      leave.set(game.racks[p]);
      const base = index * MAX_LEN;
      if (list.kind[index] === PLACE || list.kind[index] === EXCHANGE) {
        for (let k = 0; k < list.len[index]; k++) {
          const t = list.tiles[base + k];
          if (list.kind[index] === PLACE && t === 0) continue;
          leave[list.kind[index] === PLACE && t & 0x80 ? 0 : t]--;
        }
      }
      game.apply(list, index);
      if (
        bagBefore - (list.kind[index] === PLACE ? list.played[index] : 0) >= RACK_SIZE &&
        !game.over
      ) {
        const n = features(set, leave, feats);
        pending[p] = feats.slice(0, n);
        pendingLen[p] = n;
      }
    }
    if ((g + 1) % 100 === 0) opts.onProgress?.(it, g + 1, samples);
  }
  const w = solveRidge(xtx, xty, F, opts.lambda ?? 20);
  const next = LeaveModel.zero(set);
  const n = set.size;
  for (let i = 0; i < n * 4; i++) next.single[i] = w[i];
  for (let i = 0; i < n * n; i++) next.pair[i] = w[n * 4 + i];
  for (let i = 0; i < 64; i++) next.balance[i] = w[n * 4 + n * n + i];
  return next;
}

function add(
  xtx: Float64Array,
  xty: Float64Array,
  F: number,
  f: Int32Array,
  n: number,
  y: number,
): void {
  for (let a = 0; a < n; a++) {
    const row = f[a] * F;
    xty[f[a]] += y;
    for (let b = 0; b < n; b++) xtx[row + f[b]] += 1;
  }
}

/** Solve (A + lambda I) w = b for symmetric positive semi-definite A (intercept unpenalised). */
export function solveRidge(
  a: Float64Array,
  b: Float64Array,
  F: number,
  lambda: number,
): Float64Array {
  const m = Float64Array.from(a);
  for (let i = 0; i < F - 1; i++) m[i * F + i] += lambda;
  m[(F - 1) * F + F - 1] += 1e-6;
  // Cholesky: m = L L^T, L stored in the lower triangle of m.
  for (let j = 0; j < F; j++) {
    let d = m[j * F + j];
    for (let k = 0; k < j; k++) d -= m[j * F + k] * m[j * F + k];
    d = Math.sqrt(Math.max(d, 1e-12));
    m[j * F + j] = d;
    for (let i = j + 1; i < F; i++) {
      let s = m[i * F + j];
      for (let k = 0; k < j; k++) s -= m[i * F + k] * m[j * F + k];
      m[i * F + j] = s / d;
    }
  }
  const y = new Float64Array(F);
  for (let i = 0; i < F; i++) {
    let s = b[i];
    for (let k = 0; k < i; k++) s -= m[i * F + k] * y[k];
    y[i] = s / m[i * F + i];
  }
  const w = new Float64Array(F);
  for (let i = F - 1; i >= 0; i--) {
    let s = y[i];
    for (let k = i + 1; k < F; k++) s -= m[k * F + i] * w[k];
    w[i] = s / m[i * F + i];
  }
  return w;
}
