/**
 * The puzzle generator (docs/product/community.md §3 "Puzzle generation
 * job"): bot-versus-bot games with seeds from one seed, each run through the
 * finder, until `creationLimit` puzzles are kept (or every bucket is full)
 * or `considerationLimit` games were played. Pure and synchronous, so a
 * worker thread runs it and posts `onProgress` reports; `shouldStop` cancels.
 */
import { boardLayout } from '../board/layouts.ts';
import { Bot } from '../bots/bot.ts';
import { exchange, pass, play } from '../game/actions.ts';
import { createGame, type GameState } from '../game/state.ts';
import { EXCHANGE, MAX_LEN, PASS } from '../movegen/moves.ts';
import { Movegen } from '../movegen/movegen.ts';
import { letterSet, type LetterSetName } from '../tiles/letter-sets.ts';
import { FastGame } from '../sim/fast-game.ts';
import { PuzzleFinder } from './find.ts';
import type {
  GeneratedPuzzle,
  GeneratorOptions,
  GeneratorResult,
  Puzzle,
  PuzzleBucket,
  PuzzleResources,
  PuzzleTag,
} from './types.ts';

/** Seed of game `n` of a run. */
export function gameSeedOf(seed: number, n: number): number {
  return (seed + Math.imul(n + 1, 0x9e3779b1)) >>> 0;
}

/**
 * Play the bot game of `gameSeed` to the end and return it as a game record
 * (the same seed and bots give the same game).
 */
export function generatorGame(
  res: PuzzleResources,
  gameSeed: number,
  opts: Pick<GeneratorOptions, 'bots' | 'lexiconName' | 'letterDistribution' | 'boardLayout'> = {},
): GameState {
  const setName: LetterSetName = opts.letterDistribution ?? res.lexicon.letterSet;
  const set = letterSet(setName);
  const layout = boardLayout(opts.boardLayout ?? 'CrosswordGame');
  const kinds = opts.bots ?? ['hasty', 'hasty'];
  const botRes = { lexicon: res.lexicon, set, layout, leaves: res.leaves, common: res.common };
  const bots = [
    new Bot(kinds[0], botRes, gameSeed * 2 + 1),
    new Bot(kinds[1], botRes, gameSeed * 2 + 2),
  ];
  const g = createGame({
    lexicon: opts.lexiconName ?? res.lexicon.name,
    letterDistribution: setName,
    boardLayout: layout.name,
    challengeRule: 'VOID',
    seed: gameSeed,
    firstPlayer: gameSeed % 2,
    players: [{ nickname: 'bot1' }, { nickname: 'bot2' }],
  });
  const fast = new FastGame(new Movegen(res.lexicon, set, layout));
  const checker = res.lexicon;
  let guard = 0;
  while (g.playState !== 'GAME_OVER') {
    const p = g.playerOnTurn;
    fast.loadGame(g);
    const { list, index } = bots[p].choose(fast);
    const kind = list.kind[index];
    const r =
      kind === PASS
        ? pass(g, p)
        : kind === EXCHANGE
          ? exchange(g, p, list.tiles.slice(index * MAX_LEN, index * MAX_LEN + list.len[index]))
          : play(g, p, fast.mg.placementOf(list, index), { checker });
    if (!r.ok) throw new Error(`generator: the bot's move was refused (${r.message})`);
    if (++guard > 1000) throw new Error('generator: game did not end');
  }
  return g;
}

/** Whether a puzzle's tags include all of `includes` and none of `excludes`. */
export function tagsMatch(
  tags: readonly PuzzleTag[],
  includes: readonly PuzzleTag[] = [],
  excludes: readonly PuzzleTag[] = [],
): boolean {
  return includes.every((t) => tags.includes(t)) && !excludes.some((t) => tags.includes(t));
}

/** Play games and keep their puzzles (see the module comment). */
export function generatePuzzles(res: PuzzleResources, opts: GeneratorOptions): GeneratorResult {
  const finder = new PuzzleFinder(res);
  const buckets: readonly PuzzleBucket[] = opts.buckets ?? [];
  const filled = buckets.map(() => 0);
  const bucketRoom = buckets.reduce((n, b) => n + b.size, 0);
  const target = buckets.length > 0 ? Math.min(opts.creationLimit, bucketRoom) : opts.creationLimit;
  const puzzles: GeneratedPuzzle[] = [];
  let gamesPlayed = 0;
  let gamesDropped = 0;
  let simulated = 0;
  let simIterations = 0;
  const bucketFor = (p: Puzzle): number | null => {
    if (!tagsMatch(p.tags, opts.includes, opts.excludes)) return null;
    if (buckets.length === 0) return -1;
    const b = buckets.findIndex(
      (bk, i) => filled[i] < bk.size && tagsMatch(p.tags, bk.includes, bk.excludes),
    );
    return b >= 0 ? b : null;
  };
  while (gamesPlayed < opts.considerationLimit && puzzles.length < target) {
    const gameSeed = gameSeedOf(opts.seed, gamesPlayed);
    const game = generatorGame(res, gameSeed, opts);
    gamesPlayed++;
    const found = finder.find(game, opts);
    if (found.dropped) gamesDropped++;
    simulated += found.simulated;
    simIterations += found.simIterations;
    for (const p of found.puzzles) {
      if (puzzles.length >= target) break;
      const bucket = bucketFor(p);
      if (bucket === null) continue;
      if (bucket >= 0) filled[bucket]++;
      puzzles.push({ ...p, gameSeed, bucket });
    }
    opts.onProgress?.({ gamesPlayed, puzzlesKept: puzzles.length, gamesDropped });
    if (opts.shouldStop?.()) break;
  }
  return {
    puzzles,
    gamesPlayed,
    puzzlesKept: puzzles.length,
    gamesDropped,
    simulated,
    simIterations,
    fulfilled: puzzles.length >= target,
  };
}
