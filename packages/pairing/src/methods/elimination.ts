/**
 * Elimination (README "Methods"): 2^M players for M matches; a match is
 * gamesPerRound (G) consecutive rounds against the same opponent. Points: 2 a
 * win (byes and forfeit wins count), 1 a draw; a player wins the match with
 * more than G points; at G–G the total spread decides, and if that is level
 * too the higher seed goes through (Tessera's rule where the spec would have
 * extra games). Pairing: king of the hill over the players still in, ordered
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

/** Players still in before match `m` (each match: G rounds), in bracket order. */
export function eliminationField(d: Division, games: number, m: number): number[] {
  let alive = d.players.map((_, i) => i);
  const wins = new Map<number, number>(alive.map((p) => [p, 0]));
  for (let i = 0; i < m; i++) {
    const start = i * games;
    const next: number[] = [];
    const order = [...alive].sort((a, b) => wins.get(b)! - wins.get(a)! || a - b);
    for (let j = 0; j + 1 < order.length; j += 2) {
      const [a, b] = [order[j], order[j + 1]];
      const ra = matchRecord(d, a, start, start + games);
      const rb = matchRecord(d, b, start, start + games);
      const aWins =
        ra.points !== rb.points
          ? ra.points > rb.points
          : ra.spread !== rb.spread
            ? ra.spread > rb.spread
            : a < b;
      const w = aWins ? a : b;
      wins.set(w, wins.get(w)! + 1);
      next.push(w);
    }
    alive = next;
  }
  return [...alive].sort((a, b) => wins.get(b)! - wins.get(a)! || a - b);
}

export function pairElimination(ctx: Context): Pairs {
  const d = ctx.division;
  const games = Math.max(ctx.rc.gamesPerRound, 1);
  const matches = Math.round(d.numRounds / games);
  if (d.players.length !== 2 ** matches || matches * games !== d.numRounds) {
    throw new PairingFailure(
      'INSUFFICIENT_PLAYERS',
      `Elimination over ${d.numRounds} rounds of ${games} game(s) a match needs exactly ${2 ** matches} players; there are ${d.players.length}.`,
    );
  }
  const m = Math.floor(ctx.round / games);
  const field = eliminationField(d, games, m);
  const free = new Set(ctx.available);
  const out: Pairs = { pairs: [], byes: [] };
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
