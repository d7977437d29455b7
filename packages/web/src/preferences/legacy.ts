/**
 * Legacy value migration (docs/product/community.md §4.13, decision 0129):
 * run on every load before the preferences are read, so a browser that holds
 * values written by an older version of the site (or copied in by the
 * signed-cookie handover from another address) starts with current ones.
 */

/** Old lexicon name → the edition that replaced it (§4.13, both lists). */
export const LEGACY_LEXICONS: Readonly<Record<string, string>> = {
  // Puzzle lexicons of older versions.
  NWL20: 'NWL23',
  FRA20: 'FRA24',
  RD28: 'RD29',
  CSW21: 'CSW24',
  // The other legacy names.
  NWL: 'NWL23',
  CSW: 'CSW24',
  FRA: 'FRA24',
  OSPS49: 'OSPS50',
  NSF23: 'NSF25',
};

/** The current name of a lexicon ('' stays ''; a current name is kept as it is). */
export function currentLexicon(stored: string): string {
  const name = stored.trim();
  if (!name) return '';
  return LEGACY_LEXICONS[name.toUpperCase()] ?? name;
}

/** Where the preferences live (preferences.ts's STORAGE_KEY; repeated here to avoid a cycle). */
const PREFERENCES_KEY = 'tessera.preferences';
const SEEK_FORM_PREFIX = 'tessera.seekForm.';

type Parse = (raw: string) => unknown;
const bool: Parse = (raw) => raw === 'true';
const text: Parse = (raw) => raw;

/**
 * Keys older versions kept on their own, and the preference each became.
 * `enableVariants` is the legacy variants setting: it became the
 * all-lexicons toggle of the secret section.
 */
export const LEGACY_KEYS: readonly { from: string; to: string; parse: Parse }[] = [
  { from: 'enableVariants', to: 'allLexicons', parse: bool },
  { from: 'enableAllLexicons', to: 'allLexicons', parse: bool },
  { from: 'darkMode', to: 'darkMode', parse: bool },
  { from: 'puzzleLexicon', to: 'puzzleLexicon', parse: text },
  { from: 'enableSilentSite', to: 'silentSite', parse: bool },
  { from: 'hidePool', to: 'hidePool', parse: bool },
  { from: 'enableBicolorMode', to: 'bicolorMode', parse: bool },
];

function readJson(storage: Storage, key: string): Record<string, unknown> | undefined {
  try {
    const raw: unknown = JSON.parse(storage.getItem(key) ?? 'null');
    return raw && typeof raw === 'object' && !Array.isArray(raw)
      ? (raw as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

function renameLexicon(obj: Record<string, unknown>, field: string): boolean {
  const v = obj[field];
  if (typeof v !== 'string') return false;
  const now = currentLexicon(v);
  if (now === v) return false;
  obj[field] = now;
  return true;
}

/**
 * Renames legacy keys into the preferences (removing them) and legacy
 * lexicon names in the stored preferences and seek forms. Returns whether
 * anything changed. Never throws: storage may be full or unavailable.
 */
export function migrateLegacyStorage(storage: Storage): boolean {
  try {
    let changed = false;
    const prefs = readJson(storage, PREFERENCES_KEY) ?? {};
    let prefsChanged = false;
    for (const { from, to, parse } of LEGACY_KEYS) {
      const raw = storage.getItem(from);
      if (raw === null) continue;
      // A value set by the current version wins over a legacy one.
      if (!(to in prefs)) prefs[to] = parse(raw);
      storage.removeItem(from);
      prefsChanged = true;
    }
    if (renameLexicon(prefs, 'puzzleLexicon')) prefsChanged = true;
    if (renameLexicon(prefs, 'lobbyFilterByLexicon')) prefsChanged = true;
    if (prefsChanged) {
      storage.setItem(PREFERENCES_KEY, JSON.stringify(prefs));
      changed = true;
    }
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (!key?.startsWith(SEEK_FORM_PREFIX)) continue;
      const form = readJson(storage, key);
      if (form && renameLexicon(form, 'lexicon')) {
        storage.setItem(key, JSON.stringify(form));
        changed = true;
      }
    }
    return changed;
  } catch {
    return false;
  }
}
