/**
 * The puzzle page's dictionary (docs/product/gameplay.md §2 "Puzzle page",
 * docs/product/community.md §4.13): chosen once in the welcome modal and kept
 * in the local preferences as `puzzleLexicon`. Names stored by older
 * versions of the site are renamed on load to the edition that replaced them.
 */

/** Old edition → current edition, for names a browser may still hold. */
export const LEGACY_PUZZLE_LEXICONS: Readonly<Record<string, string>> = {
  NWL20: 'NWL23',
  FRA20: 'FRA24',
  RD28: 'RD29',
  CSW21: 'CSW24',
  // The bare names of §4.13 "other legacy lexicon names".
  NWL: 'NWL23',
  CSW: 'CSW24',
  FRA: 'FRA24',
  OSPS49: 'OSPS50',
  NSF23: 'NSF25',
};

/** The current name for a stored puzzle lexicon ('' stays '': nothing chosen yet). */
export function migratePuzzleLexicon(stored: string): string {
  const name = stored.trim();
  if (!name) return '';
  return LEGACY_PUZZLE_LEXICONS[name.toUpperCase()] ?? name;
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
