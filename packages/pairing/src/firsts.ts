/**
 * Who goes first, balanced by construction. A player's deficit is seconds
 * minus firsts over the earlier rounds. In each pair the player with the larger
 * deficit goes first; then (the spec's rule) the one with fewer firsts; then
 * the one with more seconds; otherwise a coin flip seeded by the round and the
 * pair. With equal games played the deficit order is the same as "fewer
 * firsts", so this is the spec's rule; it differs only when games played
 * differ (byes, late entries), where raw counts let a player fall three or
 * more seconds behind for no reason. The decision depends only on earlier
 * rounds and the pair itself, never on the order pairs were entered
 * (decision 0079).
 */
import { hashString, mix32 } from './rng.ts';
import type { Rounds } from './types.ts';

export interface FirstCounts {
  firsts: Int32Array;
  seconds: Int32Array;
}

/** Firsts and seconds of every player over rounds 0..before−1 (known flags only). */
export function countFirsts(rounds: Rounds, players: number, before: number): FirstCounts {
  const firsts = new Int32Array(players);
  const seconds = new Int32Array(players);
  for (let r = 0; r < before && r < rounds.length; r++) {
    rounds[r].forEach((s, p) => {
      if (!s || s.opponent === p || s.first === undefined) return;
      if (s.first) firsts[p]++;
      else seconds[p]++;
    });
  }
  return { firsts, seconds };
}

/** True when a (rather than b) goes first. */
export function goesFirst(
  a: number,
  b: number,
  counts: FirstCounts,
  seed: number,
  round: number,
): boolean {
  const { firsts: f, seconds: s } = counts;
  const da = s[a] - f[a];
  const db = s[b] - f[b];
  if (da !== db) return da > db;
  if (f[a] !== f[b]) return f[a] < f[b];
  if (s[a] !== s[b]) return s[a] > s[b];
  return coin(a, b, seed, round) ? a < b : a > b;
}

/** A seeded coin for the pair {a, b} in `round`, whatever order they come in. */
export function coin(a: number, b: number, seed: number, round: number): boolean {
  const lo = Math.min(a, b);
  const hi = Math.max(a, b);
  return (mix32(hashString(`${lo}:${hi}:${round}`, seed)) & 1) === 1;
}
