import {
  fromDocument,
  type GameDocument,
  type GameState,
  type LetterSetName,
  type Lexicon,
  toDocument,
  truncate,
} from '@tessera/engine';
import {
  gameSeedOf,
  generatorGame,
  leavesFor,
  type Puzzle,
  PuzzleFinder,
  type PuzzleResources,
  type SimCheckOptions,
} from '@tessera/engine/ai';
import type { StoredAnswer } from './migrations.ts';
import type { NewPuzzle } from './store.ts';

/**
 * What the puzzle worker thread is asked and answers (structured-clone
 * friendly: no typed arrays in puzzles). Pure engine work: the thread loads
 * the lexicons, the main thread stores the results.
 */
export type FinderRequest =
  | {
      kind: 'bots';
      lexicon: string;
      letterDistribution: LetterSetName;
      jobSeed: number;
      /** Index of the first game (games before it were played by earlier chunks). */
      from: number;
      maxGames: number;
      budgetMs: number;
      equityLossLimit: number;
      sim?: SimCheckOptions | false;
    }
  | {
      kind: 'games';
      lexicon: string;
      games: { id: string; document: GameDocument; players: number[] }[];
      /** Games are read in order until one crosses this much time. */
      budgetMs: number;
      equityLossLimit: number;
      sim?: SimCheckOptions | false;
    };

export interface FoundGame {
  /** Stored game id, or the generator's game seed. */
  gameId: string | null;
  gameSeed: number | null;
  dropped: boolean;
  puzzles: Omit<NewPuzzle, 'generatorJobId'>[];
}

export interface FinderReply {
  games: FoundGame[];
}

export interface Resources {
  lexicon(name: string): Promise<Lexicon>;
  common(): Promise<Lexicon | null>;
}

/** Runs one request with the thread's loaded lexicons. */
export async function runFinder(req: FinderRequest, r: Resources): Promise<FinderReply> {
  const lexicon = await r.lexicon(req.lexicon);
  const common = await r.common();
  const setName =
    req.kind === 'bots' ? req.letterDistribution : (lexicon.letterSet as LetterSetName);
  const res: PuzzleResources = { lexicon, leaves: leavesFor(req.lexicon, setName), common };
  const finder = new PuzzleFinder(res);
  const opts = { equityLossLimit: req.equityLossLimit, sim: req.sim };
  const out: FoundGame[] = [];
  if (req.kind === 'bots') {
    const started = Date.now();
    for (let n = req.from; n < req.from + req.maxGames; n++) {
      const gameSeed = gameSeedOf(req.jobSeed, n);
      const game = generatorGame(res, gameSeed, {
        lexiconName: req.lexicon,
        letterDistribution: req.letterDistribution,
      });
      const found = finder.find(game, opts);
      out.push({
        gameId: null,
        gameSeed,
        dropped: !!found.dropped,
        puzzles: found.puzzles.map((p) => stored(p, game, null, gameSeed)),
      });
      if (Date.now() - started > req.budgetMs) break;
    }
  } else {
    const started = Date.now();
    for (const g of req.games) {
      if (out.length > 0 && Date.now() - started > req.budgetMs) break;
      const game = fromDocument(g.document);
      if (!game.ok) {
        out.push({ gameId: g.id, gameSeed: null, dropped: true, puzzles: [] });
        continue;
      }
      const found = finder.find(game.value, { ...opts, players: g.players });
      out.push({
        gameId: g.id,
        gameSeed: null,
        dropped: !!found.dropped,
        puzzles: found.puzzles.map((p) => stored(p, game.value, g.id, null)),
      });
    }
  }
  return { games: out };
}

/** A finder puzzle as the store takes it, with the game before the puzzle's turn. */
function stored(
  p: Puzzle,
  game: GameState,
  gameId: string | null,
  gameSeed: number | null,
): Omit<NewPuzzle, 'generatorJobId'> {
  const before = truncate(game, p.eventIndex);
  const answer: StoredAnswer = {
    text: p.answer.text,
    row: p.answer.row,
    col: p.answer.col,
    vertical: p.answer.vertical,
    playedTiles: p.answer.playedTiles,
    score: p.answer.score,
    equity: p.answer.equity,
    isBingo: p.answer.isBingo,
    words: [...p.answer.words],
    tilesPlayed: p.answer.placement.tiles.filter((t) => t !== 0).length,
  };
  return {
    lexicon: p.lexicon,
    letterDistribution: p.letterDistribution,
    boardLayout: p.boardLayout,
    variant: p.variant,
    cgp: p.cgp,
    rack: p.rack,
    position: before.ok ? toDocument(before.value) : null,
    turnNumber: p.turnNumber,
    answer,
    equivalents: [...p.equivalents],
    tags: [...p.tags],
    staticMargin: p.staticMargin,
    simMargin: p.simMargin,
    sourceGameId: gameId,
    gameSeed,
    difficulty: p.difficulty,
  };
}
