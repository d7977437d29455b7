/**
 * Lexicon names: the free defaults shipped with the platform and the legacy
 * names that old game records and links still use.
 */

/**
 * The English lexicon used when nothing else is configured (rated play, new
 * seeks, bots, the analyzer): ENABLE, a public-domain list made for word games.
 */
export const DEFAULT_LEXICON = 'ENABLE';

/** The SCOWL spelling list (the default until ENABLE); still offered. */
export const SCOWL_LEXICON = 'SCOWL-EN';

/** Common English words: common-word bots and the void-challenge lexicon. */
export const COMMON_LEXICON = 'COMMON-EN';

/** Spec: legacy names map to current editions. */
export const LEGACY_NAMES: Readonly<Record<string, string>> = {
  NWL: 'NWL23',
  NWL20: 'NWL23',
  CSW: 'CSW24',
  CSW21: 'CSW24',
  FRA: 'FRA24',
  FRA20: 'FRA24',
  OSPS49: 'OSPS50',
  NSF23: 'NSF25',
  RD28: 'RD29',
};

/** The current name for a lexicon name (legacy names mapped, case ignored). */
export function resolveLexiconName(name: string): string {
  const upper = name.trim().toUpperCase();
  return LEGACY_NAMES[upper] ?? upper;
}
