import { availableParallelism } from 'node:os';
import {
  Bot,
  FastGame,
  Movegen,
  emptyResult,
  playMatch,
  resolveBot,
  type MatchResult,
  type SearchLimits,
} from '@tessera/engine/ai';
import { DEFAULT_LEXICON } from '@tessera/lexica';
import { botResources } from '../bots-setup.ts';
import { option } from '../lexicons.ts';
import { runWorker } from '../workers/spawn.ts';
import { writeBotTable, type MatchSpec } from './_bot-table.ts';

export const summary =
  'play bots against each other (--p1 BOT --p2 BOT), or --table for docs/BOTS.md';

const USAGE = `usage: tessera autoplay --games N --p1 BOT --p2 BOT [--lexicon NAME] [--seed S] [--threads T] [--json]
       tessera autoplay --table [--games N] [--best-games N] [--threads T] [--write FILE]
       (either form) [--sim-millis MS] [--endgame-millis MS]

BOT is a user-facing bot (BeginnerBot, BasicBot, BetterBot, STEEBot, HastyBot,
BestBot) or an engine kind (hasty, common1..common4, prob1..prob5, noleave,
simming, hasty-endgame, simming-infer). Game k uses seed S + 7919k, and the
players alternate who moves first, so a run is reproducible whatever T is.
--table plays every bot against HastyBot over fixed seeds and rewrites the
table in docs/BOTS.md.

The searching bots stop a simulation at 200 iterations per candidate, or
after 10 s, and give an endgame 1 s: on a busy machine the time limits
cut their searches short. --sim-millis and --endgame-millis raise them,
so that a run on a loaded machine plays as one on a quiet machine would.`;

/** The searching bots' time limits from --sim-millis and --endgame-millis, or an error. */
export function searchLimits(args: readonly string[]): SearchLimits | string {
  const limits: { simMillis?: number; endgameMillis?: number } = {};
  for (const [flag, key] of [
    ['--sim-millis', 'simMillis'],
    ['--endgame-millis', 'endgameMillis'],
  ] as const) {
    const text = option(args, flag);
    if (text === undefined) continue;
    const ms = Number(text);
    if (!Number.isInteger(ms) || ms < 1 || ms > 3_600_000) {
      return `${flag} takes a whole number of milliseconds from 1 to 3600000`;
    }
    limits[key] = ms;
  }
  return limits;
}

/** Play a match, split across worker threads when threads > 1. */
export async function runMatch(spec: MatchSpec): Promise<MatchResult> {
  const { games, threads } = spec;
  if (threads <= 1 || games < 2) {
    const res = await botResources(spec.lexicon, spec.kinds);
    if (!res) throw new Error(`unknown lexicon '${spec.lexicon}'`);
    const game = new FastGame(new Movegen(res.lexicon, res.set, res.layout));
    const bots: [Bot, Bot] = [new Bot(spec.kinds[0], res, 1), new Bot(spec.kinds[1], res, 2)];
    for (const b of bots) b.limits = spec.limits ?? {};
    return playMatch(game, bots, spec.seed, 0, games);
  }
  const per = Math.ceil(games / threads);
  const jobs: Promise<MatchResult>[] = [];
  for (let from = 0; from < games; from += per) {
    jobs.push(
      runWorker<MatchResult>(new URL('../workers/autoplay-worker.ts', import.meta.url), {
        lexicon: spec.lexicon,
        kinds: spec.kinds,
        seed: spec.seed,
        from,
        to: Math.min(games, from + per),
        limits: spec.limits ?? {},
      }),
    );
  }
  const total = emptyResult();
  for (const r of await Promise.all(jobs)) {
    total.games += r.games;
    total.p1Wins += r.p1Wins;
    total.p2Wins += r.p2Wins;
    total.ties += r.ties;
    total.p1Total += r.p1Total;
    total.p2Total += r.p2Total;
  }
  return total;
}

export async function run(args: string[]): Promise<number> {
  if (args.includes('--help')) {
    console.log(USAGE);
    return 0;
  }
  const threadsArg = option(args, '--threads');
  const threads = threadsArg === 'auto' ? availableParallelism() : Number(threadsArg ?? 1);
  const lexicon = option(args, '--lexicon') ?? DEFAULT_LEXICON;
  const seed = Number(option(args, '--seed') ?? 1);
  const limits = searchLimits(args);
  if (typeof limits === 'string') {
    console.error(`tessera autoplay: ${limits}`);
    return 2;
  }
  if (args.includes('--table')) {
    return writeBotTable({
      lexicon,
      seed,
      threads,
      limits,
      games: Number(option(args, '--games') ?? 200),
      bestGames: Number(option(args, '--best-games') ?? option(args, '--games') ?? 200),
      file: option(args, '--write') ?? 'docs/BOTS.md',
      runMatch,
    });
  }
  const p1 = option(args, '--p1');
  const p2 = option(args, '--p2');
  const games = Number(option(args, '--games') ?? 10);
  if (!p1 || !p2 || !(games > 0)) {
    console.error(USAGE);
    return 2;
  }
  const k1 = resolveBot(p1, lexicon);
  const k2 = resolveBot(p2, lexicon);
  if (!k1 || !k2) {
    console.error(`tessera autoplay: unknown bot '${!k1 ? p1 : p2}'`);
    return 2;
  }
  const started = performance.now();
  let r: MatchResult;
  try {
    r = await runMatch({ lexicon, kinds: [k1, k2], games, seed, threads, limits });
  } catch (e) {
    console.error(`tessera autoplay: ${(e as Error).message}`);
    return 1;
  }
  const seconds = (performance.now() - started) / 1000;
  const out = {
    games: r.games,
    p1Wins: r.p1Wins,
    p2Wins: r.p2Wins,
    ties: r.ties,
    p1AvgScore: round(r.p1Total / r.games),
    p2AvgScore: round(r.p2Total / r.games),
    gamesPerSec: round(r.games / seconds),
  };
  if (args.includes('--json')) console.log(JSON.stringify(out));
  else {
    console.log(
      `${p1} ${out.p1Wins} - ${out.p2Wins} ${p2} (${out.ties} ties) in ${out.games} games; ` +
        `average ${out.p1AvgScore} to ${out.p2AvgScore}; ${out.gamesPerSec} games/s`,
    );
  }
  return 0;
}

function round(x: number): number {
  return Math.round(x * 100) / 100;
}
