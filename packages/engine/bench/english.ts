/**
 * The engine benchmarks' setting: an English lexicon (fetched or built into
 * DATA_DIR / LEXICON_DIR as `npm start` would), the English letter set and
 * the standard board.
 */
import { ensureLexicons, DEFAULT_LEXICON, SCOWL_LEXICON } from '@tessera/lexica';
import { boardLayout, letterSet } from '@tessera/engine';
import { leavesFor, type BotResources } from '@tessera/engine/ai';

/**
 * The lexicon the endgame benches and endgame-proofs.json were made with.
 * Their positions come from self-play and real games checked against it, so
 * it stays SCOWL-EN after the default became ENABLE (decision 0084).
 */
export const ENDGAME_BENCH_LEXICON = SCOWL_LEXICON;

/** The English lexicons the move generation and self-play figures are given for. */
export const MOVEGEN_BENCH_LEXICONS = [DEFAULT_LEXICON, SCOWL_LEXICON];

export async function english(name: string): Promise<BotResources> {
  const store = await ensureLexicons({
    dataDir: process.env.DATA_DIR || './data',
    lexiconDir: process.env.LEXICON_DIR || './lexica',
    only: [name],
  });
  return {
    lexicon: store.load(name),
    set: letterSet('english'),
    layout: boardLayout('CrosswordGame'),
    leaves: leavesFor(name, 'english'),
  };
}

/** The default English lexicon (ENABLE). */
export function defaultEnglish(): Promise<BotResources> {
  return english(DEFAULT_LEXICON);
}

/** The endgame benches' lexicon (SCOWL-EN, see ENDGAME_BENCH_LEXICON). */
export function endgameEnglish(): Promise<BotResources> {
  return english(ENDGAME_BENCH_LEXICON);
}
