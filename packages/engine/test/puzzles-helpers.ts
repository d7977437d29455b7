/**
 * Shared by the puzzle tests: the ENABLE word list (packages/lexica/data,
 * the North American list the fixture games were played in) compiled once
 * per process, the common-word list standing in for COMMON-EN (SCOWL to
 * size 35, as the platform's builtin), and the fixture games.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { leavesFor } from '../src/equity/leaves.ts';
import { importGcg } from '../src/formats/gcg/replay.ts';
import type { GameState } from '../src/game/state.ts';
import { Lexicon } from '../src/lexicon/lexicon.ts';
import { tokenizeWord } from '../src/lexicon/tokenize.ts';
import type { PuzzleResources } from '../src/puzzles/index.ts';
import { englishWords, lexiconOf } from './movegen-helpers.ts';

const ENABLE_FILE = new URL('../../lexica/data/enable1.txt.gz', import.meta.url);
const FIXTURES = new URL('./puzzles-fixtures/', import.meta.url);

let enable: Lexicon | null = null;
let common: Lexicon | null = null;

/** The ENABLE words of 2 to 15 letters, tokenised. */
export function enableWords(): Uint8Array[] {
  const text = gunzipSync(readFileSync(ENABLE_FILE)).toString('utf8');
  const words: Uint8Array[] = [];
  for (const line of text.split('\n')) {
    const w = line.trim();
    if (w.length < 2 || w.length > 15) continue;
    const t = tokenizeWord('english', w);
    if (t) words.push(t);
  }
  return words;
}

/** The ENABLE graph. */
export function enableLexicon(): Lexicon {
  enable ??= Lexicon.compile(enableWords(), {
    name: 'ENABLE',
    letterSet: 'english',
    maxLength: 15,
  });
  return enable;
}

/** Common English words (SCOWL up to size 35), as COMMON-EN is built. */
export function commonLexicon(): Lexicon {
  common ??= lexiconOf('english', englishWords(35, true));
  return common;
}

export function puzzleResources(withCommon = true): PuzzleResources {
  return {
    lexicon: enableLexicon(),
    // The fixtures' expected answers were worked out with SCOWL-EN's leave values (ENABLE had
    // none of its own then); pinning them keeps a refit of ENABLE's leaves from moving close
    // answers under the tests, which are about the finder, not about one leave table.
    leaves: leavesFor('SCOWL-EN', 'english'),
    common: withCommon ? commonLexicon() : null,
  };
}

export function fixtureText(name: string): string {
  return readFileSync(new URL(name, FIXTURES), 'utf8');
}

/** A fixture game, challenge rule DOUBLE (the records' phonies come off). */
export function fixtureGame(name: string): GameState {
  const r = importGcg(fixtureText(name), { challengeRule: 'DOUBLE' });
  if (!r.ok) throw new Error(`${name}: ${r.message}`);
  return r.value;
}
