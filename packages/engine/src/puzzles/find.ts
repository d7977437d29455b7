/**
 * The puzzle finder: every position of one game where the player to move
 * had a clearly best play (decision 0087).
 *
 * For each move whose rack the record shows, the position before it is
 * rebuilt and every move generated with static equity. That gives the
 * player's equity loss (the game is dropped when a real player lost more
 * than the limit in total). A position with at least `minBag` tiles in the
 * bag becomes a puzzle when its best play is a placement that clearly leads:
 * by static equity when the next different play is `sim.below` or more
 * behind, otherwise by a simulation of the best few (sim-check.ts), whose
 * winner becomes the answer. Equivalent plays (the transposed opening, a
 * one-tile play read either way) are one play throughout.
 */
import { parseCoord } from '../board/coords.ts';
import { writeCgp } from '../formats/cgp/cgp.ts';
import { cgpPositionOf } from '../formats/cgp/game.ts';
import { importGcg, type GcgOptions } from '../formats/gcg/replay.ts';
import { truncate } from '../game/history.ts';
import { canSetRack, setRack } from '../game/racks.ts';
import type { GameEvent } from '../game/events.ts';
import { refill, type GameState } from '../game/state.ts';
import { err, ok, type Result } from '../result.ts';
import { RACK_SIZE } from '../rules/constants.ts';
import type { Placement } from '../rules/placement.ts';
import { wordsFormed } from '../rules/words.ts';
import { parseTiles, printTiles, sortTiles } from '../tiles/notation.ts';
import { analyze, type AnalyzeOptions } from '../analyzer/analyze.ts';
import { equityLeaveFn, openingPenalty, rackValue } from '../equity/equity.ts';
import { Movegen } from '../movegen/movegen.ts';
import { EXCHANGE, MAX_LEN, PASS, PLACE, type MoveList } from '../movegen/moves.ts';
import { SimRunner } from '../sim/simulate.ts';
import { answerKey, otherReading, placementText, transposed } from './answers.ts';
import { difficultyOf } from './difficulty.ts';
import { SIM_DEFAULTS, simCheck } from './sim-check.ts';
import { tagsOf } from './tags.ts';
import type {
  FinderOptions,
  FinderResult,
  Puzzle,
  PuzzleAnswer,
  PuzzleResources,
  SkipReason,
  TurnLoss,
} from './types.ts';

export const DEFAULT_MIN_BAG = 7;
export const DEFAULT_EQUITY_LOSS_LIMIT = 150;
export const DEFAULT_EQUITY_MARGIN = 10;
/** The static margin recorded when a position has a single play (a finite number stores as JSON). */
export const ONLY_PLAY_MARGIN = 999;

/** A generated move with its identity (equivalent plays share `key`). */
interface Entry {
  readonly index: number;
  readonly key: string;
  readonly equity: number;
}

/** Reusable per lexicon: the generator and the simulation runner. */
export class PuzzleFinder {
  private readonly gens = new Map<string, { mg: Movegen; runner: SimRunner }>();

  /** Positions simulated and iterations run by `find` so far (reset by each call). */
  private simulated = 0;
  private iterations = 0;

  constructor(readonly res: PuzzleResources) {}

  private engine(g: GameState): { mg: Movegen; runner: SimRunner } {
    const key = `${g.set.name}/${g.board.layout.name}`;
    let e = this.gens.get(key);
    if (!e) {
      const mg = new Movegen(this.res.lexicon, g.set, g.board.layout);
      e = { mg, runner: new SimRunner(mg, this.res.leaves) };
      this.gens.set(key, e);
    }
    return e;
  }

  /** The puzzles of one game (see `findPuzzles`). */
  find(game: GameState, opts: FinderOptions = {}): FinderResult {
    const minBag = opts.minBag ?? DEFAULT_MIN_BAG;
    const limit = opts.equityLossLimit ?? DEFAULT_EQUITY_LOSS_LIMIT;
    const real = new Set(opts.players ?? [0, 1]);
    const loss: [number, number] = [0, 0];
    const skipped: Partial<Record<SkipReason, number>> = {};
    const skip = (r: SkipReason) => (skipped[r] = (skipped[r] ?? 0) + 1);
    this.simulated = 0;
    this.iterations = 0;
    const found: Puzzle[] = [];
    const turns: TurnLoss[] = [];
    const candidates: {
      g: GameState;
      k: number;
      turn: number;
      played: NonNullable<AnalyzeOptions['played']>;
    }[] = [];
    const round = (v: number) => Math.round(v * 100) / 100;
    let turn = 0;
    game.events.forEach((e, k) => {
      if (e.type !== 'TILE_PLACEMENT_MOVE' && e.type !== 'EXCHANGE' && e.type !== 'PASS') return;
      turn++;
      const g = positionBefore(game, k, e);
      if (!g) {
        skip('RACK_UNKNOWN');
        return;
      }
      const played = playedOf(g, e);
      if (played === null) {
        skip('RACK_UNKNOWN');
        return;
      }
      const passOver: SkipReason | null = !real.has(e.playerIndex)
        ? 'NOT_REAL'
        : g.bag.size < minBag
          ? 'BAG'
          : opts.events !== undefined && !opts.events.includes(k)
            ? 'NOT_ASKED'
            : null;
      // First the loss of every move; the puzzles only if the game is kept.
      const r = this.position(g, k, turn, played, false, opts);
      loss[e.playerIndex] += r.loss;
      turns.push({
        eventIndex: k,
        player: e.playerIndex,
        played: playedText(g, played),
        loss: round(r.loss),
      });
      if (passOver === null) candidates.push({ g, k, turn, played });
      else skip(passOver);
    });
    const equityLoss: [number, number] = [round(loss[0]), round(loss[1])];
    const over = [...real].some((p) => equityLoss[p] > limit);
    if (!over) {
      for (const c of candidates) {
        const r = this.position(c.g, c.k, c.turn, c.played, true, opts);
        if (r.puzzle) found.push(r.puzzle);
        else skip(r.reason);
      }
    }
    return {
      puzzles: found,
      turns,
      equityLoss,
      dropped: over ? 'EQUITY_LOSS' : null,
      skipped,
      simulated: this.simulated,
      simIterations: this.iterations,
    };
  }

  /** The loss of a move the generator does not make (a phony): the analyzer scores it. */
  private lossOnly(g: GameState, played: NonNullable<AnalyzeOptions['played']>): number {
    const moves = analyze(g, {
      lexicon: this.res.lexicon,
      leaves: this.res.leaves,
      count: 1,
      played,
    });
    const chosen = moves.find((m) => m.chosen);
    return chosen ? Math.max(0, moves[0].equity - chosen.equity) : 0;
  }

  /** One position with the mover's rack set: its loss, and its puzzle if it is a `candidate`. */
  private position(
    g: GameState,
    k: number,
    turn: number,
    played: NonNullable<AnalyzeOptions['played']>,
    candidate: boolean,
    opts: FinderOptions,
  ): { loss: number; puzzle: Puzzle | null; reason: SkipReason } {
    const { mg, runner } = this.engine(g);
    const p = g.playerOnTurn;
    const rack = g.racks[p].counts;
    const list = mg.generate(g.board.squares, rack, {
      leave: equityLeaveFn({
        model: this.res.leaves,
        bagSize: g.bag.size,
        oppRackValue: rackValue(g.set, g.racks[1 - p].counts),
        set: g.set,
      }),
      bagSize: g.bag.size,
      exchangeMinBag: g.rules.exchangeMinBag,
      opening: openingPenalty(g.board.layout, g.set),
    });
    const opening = g.board.isEmpty;
    const cgp = positionCgp(g, true);
    const entries = distinctEntries(mg, list, opening);
    const best = entries[0];
    const playedKey = keyOfPlayed(g, played, opening);
    const mine = entries.find((en) => en.key === playedKey);
    const loss = mine
      ? best.equity - mine.equity
      : this.lossOnly(g, played); /* a phony or a move the generator does not make */
    const none = (reason: SkipReason) => ({ loss, puzzle: null, reason });
    if (!candidate) return none('NOT_ASKED');
    const staticMargin = entries.length > 1 ? best.equity - entries[1].equity : ONLY_PLAY_MARGIN;
    const simOpts = opts.sim === false ? null : { ...SIM_DEFAULTS, ...opts.sim };
    let answer = best;
    let simMargin: number | null = null;
    let simIterations = 0;
    if (simOpts === null) {
      // Without simulation only a wide static lead is trusted.
      if (staticMargin < SIM_DEFAULTS.below) return none('NOT_CLEAR');
    } else if (staticMargin < simOpts.below) {
      const pool = entries
        .filter((en) => best.equity - en.equity <= simOpts.window)
        .slice(0, simOpts.candidates);
      // With no rival within the window a simulation could only agree.
      if (pool.length > 1) {
        const v = simCheck(
          mg,
          runner,
          this.res.leaves,
          g,
          list,
          pool.map((en) => en.index),
          simOpts,
          simOpts.seed ?? hashText(cgp),
        );
        simIterations = v.iterations;
        this.simulated++;
        this.iterations += v.iterations;
        if (v.winner < 0) return none('NOT_CLEAR');
        answer = pool.find((en) => en.index === v.winner)!;
        simMargin = Math.round(v.margin * 100) / 100;
      }
    }
    if (list.kind[answer.index] !== PLACE) return none('NOT_A_PLACEMENT');
    // The mover's rack and the board are still as before the move: build the puzzle.
    const placement = mg.placementOf(list, answer.index);
    const bingos = new Set<string>();
    for (const en of entries) {
      if (list.kind[en.index] === PLACE && list.played[en.index] === RACK_SIZE) bingos.add(en.key);
    }
    const isBingo = g.racks[p].size === RACK_SIZE && list.played[answer.index] === RACK_SIZE;
    const margin = simMargin ?? (answer === best ? staticMargin : best.equity - answer.equity);
    const tags = tagsOf(g, placement, {
      isBingo,
      bingoCount: bingos.size,
      margin,
      equityMargin: opts.equityMargin ?? DEFAULT_EQUITY_MARGIN,
      common: this.res.common ?? null,
    });
    const answerOut = describeAnswer(g, placement, list, answer.index, isBingo);
    const staticLead =
      answer === best ? staticMargin : answer.equity - best.equity; /* negative: sim overruled */
    const puzzle: Puzzle = {
      eventIndex: k,
      turnNumber: turn,
      player: p,
      lexicon: g.rules.lexicon,
      letterDistribution: g.rules.letterDistribution,
      boardLayout: g.rules.boardLayout,
      variant: g.rules.variant,
      cgp: positionCgp(g, false),
      rack: printTiles(g.set, sortTiles(g.racks[p].tiles()), 'rack'),
      scores: [g.scores[p], g.scores[1 - p]],
      bagCount: g.bag.size,
      answer: answerOut,
      equivalents: equivalentTexts(g, placement, opening),
      tags,
      staticMargin: round2(staticLead),
      simMargin,
      simIterations,
      played: playedText(g, played),
      difficulty: difficultyOf(list, entries, answer.index, {
        isBingo,
        margin,
        words: answerOut.words,
      }),
    };
    return { loss, puzzle, reason: 'NOT_CLEAR' };
  }
}

/**
 * The puzzles of `game` (a game record: its events carry the racks). Each
 * turn with a known rack is judged; see the module comment and decision
 * 0087. Pure and synchronous.
 */
export function findPuzzles(
  game: GameState,
  res: PuzzleResources,
  opts: FinderOptions = {},
): FinderResult {
  return new PuzzleFinder(res).find(game, opts);
}

/** `findPuzzles` on a GCG record (its bytes or text). */
export function findPuzzlesInGcg(
  gcg: Uint8Array | string,
  res: PuzzleResources,
  opts: FinderOptions & { readonly gcg?: GcgOptions } = {},
): Result<FinderResult> {
  const game = importGcg(gcg, opts.gcg ?? {});
  if (!game.ok) return err(game.code, game.message);
  return ok(findPuzzles(game.value, res, opts));
}

/** The game just before event `k`, with the mover's rack from the event; null if unknown. */
function positionBefore(game: GameState, k: number, e: GameEvent): GameState | null {
  const at = truncate(game, k);
  if (!at.ok) return null;
  const g = at.value;
  const p = e.playerIndex;
  const rack = parseTiles(g.set, e.rack, 'rack');
  if (g.playerOnTurn !== p || g.playState === 'GAME_OVER' || !rack.ok) return null;
  if (rack.value.length === 0 || !canSetRack(g, p, rack.value).ok) return null;
  // Some records give only the tiles played: a rack short of what the player
  // must hold is not the position the player faced.
  if (rack.value.length < Math.min(RACK_SIZE, g.racks[p].size + g.bag.size)) return null;
  setRack(g, p, rack.value);
  // A record's first move: the opponent has not drawn yet, but holds a rack.
  if (g.racks[1 - p].size === 0) refill(g, 1 - p);
  return g;
}

function playedOf(g: GameState, e: GameEvent): NonNullable<AnalyzeOptions['played']> | null {
  if (e.type === 'PASS') return 'pass';
  if (e.type === 'EXCHANGE') {
    const t = parseTiles(g.set, e.exchanged, 'rack');
    return t.ok && t.value.length > 0 ? { exchange: t.value } : null;
  }
  const at = parseCoord(e.position, g.board.dim);
  const t = parseTiles(g.set, e.playedTiles, 'word');
  return at.ok && t.ok ? { ...at.value, tiles: t.value } : null;
}

function playedText(g: GameState, played: NonNullable<AnalyzeOptions['played']>): string {
  if (played === 'pass') return '-';
  if ('exchange' in played) return `-${printTiles(g.set, sortTiles(played.exchange), 'rack')}`;
  return placementText(g.set, played);
}

function keyOfPlayed(
  g: GameState,
  played: NonNullable<AnalyzeOptions['played']>,
  opening: boolean,
): string {
  if (played === 'pass') return '-';
  if ('exchange' in played) return `-${sortTiles(played.exchange).join(',')}`;
  return answerKey(played, opening);
}

/** Moves best first, one entry per distinct play. */
function distinctEntries(mg: Movegen, list: MoveList, opening: boolean): Entry[] {
  const order = Array.from({ length: list.count }, (_, i) => i).sort(
    (a, b) => list.equity[b] - list.equity[a],
  );
  const seen = new Set<string>();
  const out: Entry[] = [];
  for (const i of order) {
    const key = entryKey(mg, list, i, opening);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ index: i, key, equity: list.equity[i] });
  }
  return out;
}

function entryKey(mg: Movegen, list: MoveList, i: number, opening: boolean): string {
  const kind = list.kind[i];
  if (kind === PASS) return '-';
  if (kind === EXCHANGE) {
    const base = i * MAX_LEN;
    return `-${sortTiles(list.tiles.subarray(base, base + list.len[i])).join(',')}`;
  }
  return answerKey(mg.placementOf(list, i), opening);
}

function describeAnswer(
  g: GameState,
  placement: Placement,
  list: MoveList,
  i: number,
  isBingo: boolean,
): PuzzleAnswer {
  return {
    text: placementText(g.set, placement),
    placement,
    row: placement.row,
    col: placement.col,
    vertical: placement.vertical,
    playedTiles: printTiles(g.set, placement.tiles, 'word'),
    score: list.score[i],
    equity: round2(list.equity[i]),
    isBingo,
    words: wordsOf(g, placement),
  };
}

function wordsOf(g: GameState, placement: Placement): string[] {
  return wordsFormed(g.board, placement).map((w) => printTiles(g.set, w, 'word').toUpperCase());
}

/** The other texts of the answer: the transposed opening, the other reading of one tile. */
function equivalentTexts(g: GameState, p: Placement, opening: boolean): string[] {
  const out: string[] = [];
  if (opening) out.push(placementText(g.set, transposed(p)));
  const other = otherReading(g.board, p);
  if (other) out.push(placementText(g.set, other));
  return out.filter((t) => t !== placementText(g.set, p));
}

/** The position as CGP: the mover first, the opponent's rack not shown (nor, for a seed, the game's id). */
function positionCgp(g: GameState, bare: boolean): string {
  const pos = cgpPositionOf(g);
  const ops = bare ? pos.ops.filter(([op]) => op !== 'gid' && op !== 'tmr') : pos.ops;
  return writeCgp({ ...pos, ops, racks: [pos.racks[0], new Uint8Array(0)] });
}

/** A 32-bit FNV-1a hash: the simulation's seed follows the position, not the record. */
function hashText(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

function round2(v: number): number {
  return Number.isFinite(v) ? Math.round(v * 100) / 100 : v;
}
