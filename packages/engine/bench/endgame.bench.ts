/**
 * Endgame solve times on positions from real games: the board, racks and
 * scores of a GCG record (shared test data) at the move where the bag has
 * just run out, replayed through the engine, with the default English
 * lexicon and the solver's default time limit. One JSON line per position:
 * solve time, nodes, depth reached and whether the result is proven.
 * Run with `npm run bench endgame` (or `tessera bench endgame`).
 */
import { existsSync, readFileSync } from 'node:fs';
import { ensureLexicons, DEFAULT_LEXICON } from '@tessera/lexica';
import {
  EndgameSolver,
  FastGame,
  Movegen,
  boardLayout,
  importGcg,
  letterSet,
  truncate,
} from '@tessera/engine';

type Emit = (record: Record<string, unknown>) => void;

const GCG = new URL('../../../../shared/testdata/gcg/', import.meta.url);

/** File and number of events replayed: the bag is empty at that point. */
const POSITIONS: [string, number][] = [
  ['gcgio-josh2.gcg', 29], // 7 v 7
  ['gcgio-noah_vs_mishu.gcg', 27], // 7 v 7
  ['pkg-stats-all_triple_words_covered.gcg', 25], // 7 v 7
  ['pkg-puzzles-r9_randi.gcg', 21], // 7 v 7
  ['puzzles-bingo_nine_or_above.gcg', 18], // 7 v 7
  ['gcgio-guy_vs_bot.gcg', 21], // 7 v 6
  ['gcgio-vs_andy.gcg', 24], // 7 v 6
  ['gcgio-noah_vs_mishu.gcg', 29], // 5 v 5
  ['gcgio-noah_vs_peter.gcg', 34], // 5 v 5
  ['pkg-puzzles-r4_lipe.gcg', 21], // 5 v 5
];

export async function bench(emit: Emit): Promise<void> {
  if (!existsSync(GCG)) {
    emit({ bench: 'endgame.solve', skipped: 'no shared GCG test data' });
    return;
  }
  const store = await ensureLexicons({
    dataDir: process.env.DATA_DIR || './data',
    lexiconDir: process.env.LEXICON_DIR || './lexica',
    only: [DEFAULT_LEXICON],
  });
  const lexicon = store.load(DEFAULT_LEXICON);
  const set = letterSet('english');
  const layout = boardLayout('CrosswordGame');
  const solver = new EndgameSolver(lexicon, set, layout);
  const game = new FastGame(new Movegen(lexicon, set, layout));
  const millis = Number(process.env.ENDGAME_MILLIS || 0) || undefined;
  for (const [file, events] of POSITIONS) {
    const full = importGcg(new Uint8Array(readFileSync(new URL(file, GCG))));
    if (!full.ok) throw new Error(`${file}: ${full.message}`);
    const at = truncate(full.value, events);
    if (!at.ok) throw new Error(`${file}: ${at.message}`);
    const state = at.value;
    if (state.bag.size > 0) throw new Error(`${file} at ${events}: the bag is not empty`);
    game.loadGame(state);
    solver.load(game);
    const p = game.onTurn;
    const t0 = performance.now();
    const r = solver.solve(p, game.scores[p] - game.scores[1 - p], game.scoreless, { millis });
    emit({
      bench: 'endgame.solve',
      position: `${file.replace(/\.gcg$/, '')}@${events}`,
      tiles: `${game.rackSize[p]}v${game.rackSize[1 - p]}`,
      millis: Math.round(performance.now() - t0),
      proven: r.exact,
      depth: r.depth,
      nodes: r.nodes,
      finalSpread: r.finalSpread,
      best: r.line[0]?.text ?? '',
    });
  }
}
