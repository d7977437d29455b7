/**
 * The one entry point: `pairRound(division, round)` validates, runs the
 * round's method on the players not yet paired (a director's existing
 * pairings stay), decides who goes first and writes the log. Expected failures
 * come back as an error result naming the players involved; nothing throws
 * for bad input.
 */
import { pairCop } from './cop/cop.ts';
import type { PhaseMillis } from './cop/deadline.ts';
import { createContext, type Context, type Pairs, PairingFailure, who } from './context.ts';
import { countFirsts, coin, goesFirst, type FirstCounts } from './firsts.ts';
import { pairAustralian } from './methods/australian.ts';
import { pairElimination } from './methods/elimination.ts';
import { pairFactor } from './methods/factor.ts';
import { withGibson } from './methods/gibson.ts';
import { pairInitialFontes } from './methods/initial-fontes.ts';
import { pairKingOfTheHill } from './methods/king-of-the-hill.ts';
import { pairManual } from './methods/manual.ts';
import { pairQuickpair } from './methods/quickpair.ts';
import { pairRandom } from './methods/random.ts';
import { pairRoundRobin } from './methods/round-robin.ts';
import { pairSwiss } from './methods/swiss.ts';
import { pairInterleavedRoundRobin, pairTeamRoundRobin } from './methods/team-round-robin.ts';
import type { Division, PairingMethod, PairingResult, RoundPairing } from './types.ts';
import { firstCopRound, problem, validateDivision, validateRoundControl } from './validate.ts';

export interface PairOptions {
  /** Seed of all randomness; default a hash of the names (and the rounds scored). */
  seed?: number;
  /** Manual method: the director's pairs, [a, a] for a bye. */
  manual?: [number, number][];
  /**
   * COP: time cap of each phase (simulation, tightened simulation, control
   * loss, factor-3 check), one number for all or a cap per phase, instead of
   * the shared 2.5 s budget (cop/deadline.ts). Out of time a phase decides on
   * fewer simulations and logs it.
   */
  copPhaseMillis?: PhaseMillis;
}

const METHODS: Record<PairingMethod, (ctx: Context, o: PairOptions) => Pairs> = {
  random: pairRandom,
  round_robin: pairRoundRobin,
  // Standings order without weights: gibsonized players are set apart first (gibson.ts).
  king_of_the_hill: (ctx) => withGibson(ctx, pairKingOfTheHill),
  elimination: pairElimination,
  factor: (ctx) => withGibson(ctx, pairFactor),
  initial_fontes: pairInitialFontes,
  swiss: (ctx) => pairSwiss(ctx),
  quickpair: pairQuickpair,
  manual: (ctx, o) => pairManual(ctx, o.manual),
  team_round_robin: pairTeamRoundRobin,
  interleaved_round_robin: pairInterleavedRoundRobin,
  cop: (ctx, o) => pairCop(ctx, o),
  australian: pairAustralian,
};

export function pairRound(d: Division, round: number, options: PairOptions = {}): PairingResult {
  const problems = validateDivision(d, round);
  if (problems.length) {
    const p = problems[0];
    return {
      ok: false,
      error: { code: p.code, message: p.message, players: p.players },
      log: problems.map((x) => x.message),
    };
  }
  const ctx = createContext(d, round, options.seed);
  const controlProblems = validateRoundControl(ctx.rc, round);
  if (
    ctx.rc.pairingMethod === 'cop' &&
    !ctx.rc.copFromRoundOne &&
    round < firstCopRound(d.numRounds)
  ) {
    controlProblems.push(problem('INVALID_CONTROLS', 'cop', [firstCopRound(d.numRounds) + 1]));
  }
  if (controlProblems.length) {
    const p = controlProblems[0];
    return {
      ok: false,
      error: { code: p.code, message: p.message },
      log: controlProblems.map((x) => x.message),
    };
  }
  ctx.log.push(
    `Round ${round + 1} of ${d.numRounds}: ${ctx.rc.pairingMethod}, ${ctx.available.length} to pair, ` +
      `${ctx.scored} round(s) scored, ${ctx.remaining} remaining, seed ${ctx.seed}.`,
  );
  let pairs: Pairs;
  try {
    pairs = METHODS[ctx.rc.pairingMethod](ctx, options);
  } catch (e) {
    if (e instanceof PairingFailure) {
      ctx.log.push(`Failed: ${e.message}`);
      return {
        ok: false,
        error: {
          code: e.code,
          message: e.message,
          players: e.players.length ? e.players : undefined,
        },
        log: ctx.log,
      };
    }
    throw e;
  }
  return { ok: true, pairing: assemble(ctx, pairs), log: ctx.log };
}

/**
 * First method: manual = the first player of the pair as entered (or as the
 * method lists it); random = a seeded coin per pair; automatic = balanced by
 * deficit (decision 0079).
 */
function decideFirst(ctx: Context, a: number, b: number, counts: FirstCounts): boolean {
  return ctx.rc.firstMethod === 'manual'
    ? true
    : ctx.rc.firstMethod === 'random'
      ? coin(a, b, ctx.seed, ctx.round) === a < b
      : goesFirst(a, b, counts, ctx.seed, ctx.round);
}

/**
 * Whether a goes first in a pair a director sets with a as player one: the
 * round's first method decides, as for the pairs the engine makes.
 */
export function directorPairFirst(
  d: Division,
  round: number,
  a: number,
  b: number,
  seed?: number,
): boolean {
  const ctx = createContext(d, round, seed);
  return decideFirst(ctx, a, b, countFirsts(d.rounds, d.players.length, round));
}

/** Opponents, firsts and gibson flags for the whole division. */
function assemble(ctx: Context, pairs: Pairs): RoundPairing {
  const d = ctx.division;
  const n = d.players.length;
  const opponent = new Array<number>(n).fill(-1);
  const first = new Array<boolean>(n).fill(false);
  const existing = d.rounds[ctx.round] ?? [];
  const counts = countFirsts(d.rounds, n, ctx.round);
  const decide = (a: number, b: number) => decideFirst(ctx, a, b, counts);
  existing.forEach((s, p) => {
    if (!s) return;
    opponent[p] = s.opponent;
    const o = s.opponent;
    if (o === p || o < p) return;
    // A director's pair: as entered, or decided like any other when neither
    // side says who goes first.
    const other = existing[o]?.first;
    const aFirst = s.first !== undefined ? s.first : other !== undefined ? !other : decide(p, o);
    first[p] = aFirst;
    first[o] = !aFirst;
  });
  for (const [a, b] of pairs.pairs) {
    opponent[a] = b;
    opponent[b] = a;
    const fixed = pairs.firstOf?.get(`${a}:${b}`) ?? pairs.firstOf?.get(`${b}:${a}`);
    const aFirst = fixed !== undefined ? fixed === a : decide(a, b);
    first[a] = aFirst;
    first[b] = !aFirst;
  }
  for (const p of pairs.byes) {
    opponent[p] = p;
    ctx.log.push(`Bye: ${who(ctx, p)}.`);
  }
  const gibsonized = new Array<boolean>(n).fill(false);
  for (const s of ctx.standings) gibsonized[s.player] = s.gibsonized;
  return { round: ctx.round, opponent, first, gibsonized };
}
