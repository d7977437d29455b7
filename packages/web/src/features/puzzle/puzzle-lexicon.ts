import { currentLexicon } from '../../preferences/legacy.ts';

/**
 * The puzzle page's dictionary (docs/product/gameplay.md §2 "Puzzle page",
 * docs/product/community.md §4.13): chosen once in the welcome modal and kept
 * in the local preferences as `puzzleLexicon`. Names stored by older
 * versions of the site are renamed on load to the edition that replaced them.
 */

/** The current name for a stored puzzle lexicon ('' stays '': nothing chosen yet). */
export function migratePuzzleLexicon(stored: string): string {
  return currentLexicon(stored);
}

/**
 * The lexicon the page uses: the stored one once migrated, if the server
 * offers it; '' asks the user (the welcome modal).
 */
export function usablePuzzleLexicon(stored: string, offered: readonly string[]): string {
  const name = migratePuzzleLexicon(stored);
  if (!name) return '';
  const match = offered.find((o) => o.toUpperCase() === name.toUpperCase());
  return match ?? '';
}
