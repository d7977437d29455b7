import { useLexicons } from '../../rpc/use-lexicons.ts';
import { EXTRA_LEXICONS_IMPORT, lexiconChoices } from './editor-data.ts';

/** The lexicons offered to create or import an annotated game (§5: no ECWL, the extras added). */
export function useLexiconNames(extras: readonly string[]) {
  const lex = useLexicons();
  return {
    names: lexiconChoices(
      lex.lexicons.map((l) => l.name),
      extras,
    ),
    fallback: lex.defaultLexicon,
  };
}

/** The lexicons offered when importing a GCG. */
export const useImportLexicons = () => useLexiconNames(EXTRA_LEXICONS_IMPORT).names;
