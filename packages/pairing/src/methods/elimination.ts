/**
 * Elimination (README "Methods"): 2^M players for M matches; a match is
 * gamesPerRound (G) consecutive rounds against the same opponent. Points: 2 a
 * win (byes and forfeit wins count), 1 a draw; a player wins the match with
 * more than G points; at G–G the total spread decides, and if that is level
 * too the pair plays extra games (one round each, in rounds the event has
 * beyond M × G; everyone else waits), decided by their points and then
 * spread. With no round left for one, the higher seed goes through and the
 * log says so. Pairing: king of the hill over the players still in, ordered
 * by matches won and then seed, which keeps the bracket (1v2, 3v4, then the
 * winners of 1–2 and 3–4 …). Eliminated players stay unpaired.
 */
import { spreadCapFor } from '../controls.ts';
import { type Context, type Pairs, PairingFailure, who } from '../context.ts';
import { slotResult } from '../standings.ts';
import type { Division } from '../types.ts';

export interface MatchRecord {
  points: number;
  spread: number;
}

/** Points and spread of p over rounds [from, to). */
function matchRecord(d: Division, p: number, from: number, to: number): MatchRecord {
  let points = 0;
  let spread = 0;
  for (let r = from; r < to; r++) {
    const s = d.rounds[r]?.[p];
    const res = s ? slotResult(s, p, spreadCapFor(d, r)) : null;
    if (!res) continue;
    points += res.result + 1;
    spread += res.spread;
  }
  return { points, spread };
}

interface BracketState {
  /** Players still in, in bracket order (matches won, then seed). */
  field: number[];
  /** Index of the match being played at the round asked about. */
  match: number;
  /** Pairs level after their match that play an extra game in that round (else empty). */
  extra: [number, number][];
  /** First round of that match. */
  start: number;
}

const decide = (a: MatchRecord, b: MatchRecord): number =>
  a.points !== b.points ? a.points - b.points : a.spread - b.spread;

/**
 * Walks the bracket up to round `upTo`. A match is G rounds; a pair level on
 * points and spread after them plays extra games, one round each, while the
 * event has rounds to spare (rounds beyond M × G), decided by the extra
 * games' points, then spread; when no round is left for another one, the
 * higher seed goes through (`fallback` lists those pairs for the log).
 */
function walk(
  d: Division,
  games: number,
  matches: number,
  upTo: number,
  fallback: [number, number][] = [],
): BracketState {
  let alive = d.players.map((_, i) => i);
  const wins = new Map<number, number>(alive.map((p) => [p, 0]));
  const order = () => [...alive].sort((a, b) => wins.get(b)! - wins.get(a)! || a - b);
  let r = 0;
  for (let m = 0; m < matches; m++) {
    const field = order();
    if (upTo < r + games) return { field, match: m, extra: [], start: r };
    let end = r + games;
    const next: number[] = [];
    let level: [number, number][] = [];
    for (let j = 0; j + 1 < field.length; j += 2) {
      const [a, b] = [field[j], field[j + 1]];
      const c = decide(matchRecord(d, a, r, end), matchRecord(d, b, r, end));
      if (c === 0) level.push([a, b]);
      else next.push(c > 0 ? a : b);
    }
    // Extra games: rounds to spare after this match, one game a round.
    const spare = () => d.numRounds - end - (matches - m - 1) * games;
    while (level.length && spare() > 0) {
      if (upTo === end) return { field, match: m, extra: level, start: r };
      const still: [number, number][] = [];
      for (const [a, b] of level) {
        const c = decide(matchRecord(d, a, end, end + 1), matchRecord(d, b, end, end + 1));
        if (c === 0) still.push([a, b]);
        else next.push(c > 0 ? a : b);
      }
      level = still;
      end++;
    }
    for (const pair of level) {
      fallback.push(pair);
      next.push(Math.min(...pair));
    }
    for (const w of next) wins.set(w, wins.get(w)! + 1);
    alive = next;
    r = end;
  }
  return { field: order(), match: matches, extra: [], start: r };
}

/** Players still in before match `m` (each match: G rounds, no extra games), in bracket order. */
export function eliminationField(d: Division, games: number, m: number): number[] {
  const matches = Math.round(Math.log2(d.players.length));
  return walk(d, games, matches, m * games).field;
}

export function pairElimination(ctx: Context): Pairs {
  const d = ctx.division;
  const games = Math.max(ctx.rc.gamesPerRound, 1);
  const matches = Math.round(Math.log2(Math.max(d.players.length, 1)));
  if (d.players.length !== 2 ** matches || d.numRounds < matches * games || matches < 1) {
    throw new PairingFailure(
      'INSUFFICIENT_PLAYERS',
      `Elimination needs a power of two players and at least ${Math.max(matches, 1) * games} rounds of ${games} game(s) a match; ` +
        `there are ${d.players.length} players and ${d.numRounds} rounds.`,
    );
  }
  const fallback: [number, number][] = [];
  const state = walk(d, games, matches, ctx.round, fallback);
  for (const [a, b] of fallback)
    ctx.log.push(
      `${who(ctx, a)} and ${who(ctx, b)} were level on points and spread with no round left for an extra game: the higher seed, ${who(ctx, Math.min(a, b))}, went through.`,
    );
  const free = new Set(ctx.available);
  const out: Pairs = { pairs: [], byes: [] };
  if (state.extra.length) {
    for (const [a, b] of state.extra) {
      if (free.has(a) && free.has(b)) out.pairs.push([a, b]);
      ctx.log.push(
        `Extra game: ${who(ctx, a)} and ${who(ctx, b)} are level on points and spread after match ${state.match + 1}.`,
      );
    }
    return out;
  }
  if (state.match >= matches) {
    ctx.log.push('The elimination is decided: no more matches to pair.');
    return out;
  }
  const field = state.field;
  for (let j = 0; j + 1 < field.length; j += 2) {
    const [a, b] = [field[j], field[j + 1]];
    const ra = d.players[a].removed;
    const rb = d.players[b].removed;
    if (free.has(a) && free.has(b)) out.pairs.push([a, b]);
    else if (free.has(a) && rb) out.byes.push(a);
    else if (free.has(b) && ra) out.byes.push(b);
  }
  const out_ = ctx.available.filter((p) => !field.includes(p));
  if (out_.length) ctx.log.push(`Eliminated: ${out_.map((p) => who(ctx, p)).join(', ')}.`);
  return out;
}
