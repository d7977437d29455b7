/**
 * What a bot needs, loaded once per process or worker: the game's lexicon,
 * the common-English lexicon when a common-word kind plays, and the leave
 * values shipped with the engine.
 */
import { boardLayout, letterSet } from '@tessera/engine';
import { type BotKind, type BotResources, leavesFor } from '@tessera/engine/ai';
import { COMMON_LEXICON, DEFAULT_LEXICON } from '@tessera/lexica';
import { loadLexicons } from './lexicons.ts';

export async function botResources(
  lexiconName: string = DEFAULT_LEXICON,
  kinds: readonly BotKind[] = [],
): Promise<BotResources | null> {
  const needsCommon = kinds.some((k) => k.startsWith('common'));
  const names = needsCommon ? [lexiconName, COMMON_LEXICON] : [lexiconName];
  const lexicons = await loadLexicons(names);
  const lexicon = lexicons.get(lexiconName);
  if (!lexicon) return null;
  const set = letterSet(lexicon.letterSet);
  return {
    lexicon,
    set,
    layout: boardLayout(set.name === 'english_super' ? 'SuperCrosswordGame' : 'CrosswordGame'),
    leaves: leavesFor(lexicon.name, set.name),
    common: needsCommon ? (lexicons.get(COMMON_LEXICON) ?? null) : null,
  };
}
