/**
 * The endgame benchmarks' positions: real games from the shared test data
 * at the move where the bag has just run out (endgame.bench.ts, and the
 * CLI's two-thread bench).
 */
import { existsSync, readFileSync } from 'node:fs';
import { truncate, type GameState, gcg } from '@tessera/engine';

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
  // The hardest endings found in the test data (its 42 bag-empty points
  // solved with a long limit): a blank rack 123 behind, stuck tiles.
  ['gcgio-utf8_dos.gcg', 20], // 7 v 6
  ['gcgio-some_isc_game.gcg', 19], // 7 v 5
  ['gcgio-noah_vs_peter.gcg', 31], // 7 v 6
  ['pkg-stats-every_e.gcg', 25], // 7 v 2
];

export interface BenchEnding {
  /** File name without .gcg, @ events replayed. */
  readonly name: string;
  readonly state: GameState;
}

/** The positions, or null without the shared test data. */
export function benchEndings(): BenchEnding[] | null {
  if (!existsSync(GCG)) return null;
  return POSITIONS.map(([file, events]) => {
    const full = gcg.importGcg(new Uint8Array(readFileSync(new URL(file, GCG))));
    if (!full.ok) throw new Error(`${file}: ${full.message}`);
    const at = truncate(full.value, events);
    if (!at.ok) throw new Error(`${file}: ${at.message}`);
    if (at.value.bag.size > 0) throw new Error(`${file} at ${events}: the bag is not empty`);
    return { name: `${file.replace(/\.gcg$/, '')}@${events}`, state: at.value };
  });
}
