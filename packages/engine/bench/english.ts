/**
 * The engine benchmarks' setting: the default English lexicon (fetched or
 * built into DATA_DIR / LEXICON_DIR as `npm start` would), the English
 * letter set and the standard board.
 */
import { ensureLexicons, DEFAULT_LEXICON } from '@tessera/lexica';
import { boardLayout, letterSet } from '@tessera/engine';
import { leavesFor, type BotResources } from '@tessera/engine/ai';

export async function defaultEnglish(): Promise<BotResources> {
  const store = await ensureLexicons({
    dataDir: process.env.DATA_DIR || './data',
    lexiconDir: process.env.LEXICON_DIR || './lexica',
    only: [DEFAULT_LEXICON],
  });
  return {
    lexicon: store.load(DEFAULT_LEXICON),
    set: letterSet('english'),
    layout: boardLayout('CrosswordGame'),
    leaves: leavesFor(DEFAULT_LEXICON, 'english'),
  };
}
