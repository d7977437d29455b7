/**
 * What every pairing method sees: the division, the round's controls, the
 * standings of the active players, who is still to be paired, how often any
 * two players have met, and a log for the director.
 */
import { divisionControls, roundControls } from './controls.ts';
import { createRng, hashString, type Rng } from './rng.ts';
import { computeStandings, scoredRounds, type Standing } from './standings.ts';
import type { Division, DivisionControls, PairingErrorCode, RoundControls } from './types.ts';

/** A method's answer: pairs and byes among the players it was given. */
export interface Pairs {
  pairs: [number, number][];
  byes: number[];
  /** Firsts the method fixes itself (round robin's later cycles): pair → a goes first. */
  firstOf?: Map<string, number>;
}

/** An expected failure; `pairRound` turns it into an error result. */
export class PairingFailure extends Error {
  constructor(
    readonly code: PairingErrorCode,
    message: string,
    readonly players: string[] = [],
  ) {
    super(message);
  }
}

export interface Context {
  division: Division;
  round: number;
  rc: RoundControls;
  dc: DivisionControls;
  /** Active players in standings order (standings from every scored result). */
  standings: Standing[];
  /** rank[p] in `standings`, −1 for removed players. */
  rank: Int32Array;
  /** Active players not yet paired this round, in standings order. */
  available: number[];
  /** Rounds fully scored, and rounds remaining after them. */
  scored: number;
  remaining: number;
  /** Seed of this round's randomness, and the event's (constant across rounds). */
  seed: number;
  baseSeed: number;
  /** The seed the caller passed, if any (else seeds derive from names). */
  givenSeed?: number;
  rng: Rng;
  log: string[];
  /** Times a and b were paired in rounds before this one. */
  met(a: number, b: number): number;
  /** Byes p received before this round. */
  byes(p: number): number;
  name(p: number): string;
}

export function divisionSeed(d: Division): number {
  return hashString(d.players.map((p) => p.name).join('\u0000'));
}

export function createContext(d: Division, round: number, seed?: number): Context {
  const n = d.players.length;
  const all = computeStandings(d, round - 1);
  const standings = all.filter((s) => !s.removed);
  const rank = new Int32Array(n).fill(-1);
  standings.forEach((s, i) => (rank[s.player] = i));
  const current = d.rounds[round] ?? [];
  const available = standings.map((s) => s.player).filter((p) => !current[p]);
  const meetings = new Uint16Array(n * n);
  const byeCount = new Int32Array(n);
  for (let r = 0; r < round && r < d.rounds.length; r++) {
    d.rounds[r].forEach((s, p) => {
      if (!s) return;
      if (s.opponent === p) {
        if ((s.outcome ?? 'bye') === 'bye') byeCount[p]++;
      } else meetings[p * n + s.opponent]++;
    });
  }
  const scored = Math.min(scoredRounds(d), round);
  const baseSeed = seed ?? divisionSeed(d);
  const s = (baseSeed ^ Math.imul(scored + 1, 0x9e3779b1)) >>> 0;
  return {
    division: d,
    round,
    rc: roundControls(d, round),
    dc: divisionControls(d),
    standings,
    rank,
    available,
    scored,
    remaining: d.numRounds - scored,
    seed: s,
    baseSeed,
    givenSeed: seed,
    rng: createRng(s ^ Math.imul(round + 1, 0x85ebca6b)),
    log: [],
    met: (a, b) => meetings[a * n + b],
    byes: (p) => byeCount[p],
    name: (p) => d.players[p]?.name ?? `#${p + 1}`,
  };
}

/** "Name (#seed)" for the log. */
export function who(ctx: Context, p: number): string {
  return `${ctx.name(p)} (#${p + 1})`;
}

/** Pairs neighbours of `order`; an odd one out at the end gets the bye. */
export function pairInOrder(order: number[]): Pairs {
  const pairs: [number, number][] = [];
  for (let i = 0; i + 1 < order.length; i += 2) pairs.push([order[i], order[i + 1]]);
  return { pairs, byes: order.length % 2 ? [order[order.length - 1]] : [] };
}
