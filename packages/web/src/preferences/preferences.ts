/**
 * Local preferences (docs/product/community.md §2.5 and §9; docs/product/gameplay.md §3
 * "Local settings"): kept in this browser only, in one localStorage entry,
 * and shared by every tab (a change in one tab reaches the others through
 * the `storage` event). The lobby, the settings pages and the game room all
 * read them through `usePreferences()`; anything outside React uses
 * `preferences.getSnapshot()`.
 */
import { migrateLegacyStorage } from './legacy.ts';
import { BOARD_STYLES, TILE_STYLES } from './styles.ts';
import { TILE_ORDERS, type TileOrder } from './tile-order.ts';
import { Listeners } from '../stores/listeners.ts';

export type PoolFormat = 'alphabetical' | 'vowels-first' | 'detailed';

export interface Preferences {
  /** How a fresh rack is arranged (docs/product/gameplay.md §9 tile order presets). */
  tileOrder: TileOrder;
  /** Shuffle every fresh rack instead of ordering it. */
  autoShuffle: boolean;
  tileStyle: string;
  boardStyle: string;
  darkMode: boolean;
  /** "Your turn vs {opponent}" desktop notifications when the window is unfocused. */
  turnNotifications: boolean;
  /** The score shown on tiles placed but not yet played. */
  showTentativeScore: boolean;
  poolFormat: PoolFormat;
  puzzleLexicon: string;
  /** Lobby: show only seeks in this lexicon ('' shows all). */
  lobbyFilterByLexicon: string;
  // The secret section.
  telestrator: boolean;
  blindfold: boolean;
  allLexicons: boolean;
  showEquityLoss: boolean;
  /** Mutes every sound of the site. */
  silentSite: boolean;
  hidePool: boolean;
  bicolorMode: boolean;
}

export const STORAGE_KEY = 'tessera.preferences';

function systemPrefersDark(): boolean {
  return (
    typeof window !== 'undefined' && !!window.matchMedia?.('(prefers-color-scheme: dark)').matches
  );
}

export function defaultPreferences(): Preferences {
  return {
    tileOrder: 'alphabetical',
    autoShuffle: false,
    tileStyle: TILE_STYLES[0].id,
    boardStyle: BOARD_STYLES[0].id,
    darkMode: systemPrefersDark(),
    turnNotifications: false,
    showTentativeScore: true,
    poolFormat: 'alphabetical',
    puzzleLexicon: '',
    lobbyFilterByLexicon: '',
    telestrator: false,
    blindfold: false,
    allLexicons: false,
    showEquityLoss: false,
    silentSite: false,
    hidePool: false,
    bicolorMode: false,
  };
}

const POOL_FORMATS: readonly PoolFormat[] = ['alphabetical', 'vowels-first', 'detailed'];

/** Keeps what is valid in a stored object and falls back to the default for the rest. */
export function parsePreferences(raw: unknown): Preferences {
  const d = defaultPreferences();
  if (!raw || typeof raw !== 'object') return d;
  const r = raw as Record<string, unknown>;
  const out = { ...d } as Record<string, unknown>;
  for (const key of Object.keys(d) as (keyof Preferences)[]) {
    const v = r[key];
    if (typeof v === typeof d[key]) out[key] = v;
  }
  const p = out as unknown as Preferences;
  if (!TILE_ORDERS.some((o) => o.id === p.tileOrder)) p.tileOrder = d.tileOrder;
  if (!TILE_STYLES.some((s) => s.id === p.tileStyle)) p.tileStyle = d.tileStyle;
  if (!BOARD_STYLES.some((s) => s.id === p.boardStyle)) p.boardStyle = d.boardStyle;
  if (!POOL_FORMATS.includes(p.poolFormat)) p.poolFormat = d.poolFormat;
  return p;
}

function readStorage(): Preferences {
  try {
    migrateLegacyStorage(localStorage);
    const text = localStorage.getItem(STORAGE_KEY);
    return parsePreferences(text ? JSON.parse(text) : null);
  } catch {
    return defaultPreferences();
  }
}

export class PreferencesStore {
  private prefs: Preferences;
  private readonly listeners = new Listeners();

  constructor() {
    this.prefs = readStorage();
    if (typeof window !== 'undefined') {
      window.addEventListener('storage', (e) => {
        if (e.key === STORAGE_KEY || e.key === null) this.reload();
      });
    }
    applyTheme(this.prefs);
  }

  getSnapshot = (): Preferences => this.prefs;

  subscribe = this.listeners.subscribe;

  set(patch: Partial<Preferences>): void {
    this.prefs = parsePreferences({ ...this.prefs, ...patch });
    try {
      localStorage.setItem(STORAGE_KEY, JSON.stringify(this.prefs));
    } catch {
      // Private browsing or a full quota: the preference holds for this page only.
    }
    this.changed();
  }

  /** Reads the stored preferences again (another tab, or a test that cleared storage). */
  reload(): void {
    this.prefs = readStorage();
    this.changed();
  }

  private changed(): void {
    applyTheme(this.prefs);
    this.listeners.notify();
  }
}

/** Dark mode is a class on <body> (and the colour scheme the browser uses for form controls). */
export function applyTheme(prefs: Pick<Preferences, 'darkMode'>): void {
  if (typeof document === 'undefined') return;
  document.body?.classList.toggle('dark', prefs.darkMode);
  document.documentElement.dataset.theme = prefs.darkMode ? 'dark' : 'light';
}

/** The app's one preferences store. */
export const preferences = new PreferencesStore();

export function setPreferences(patch: Partial<Preferences>): void {
  preferences.set(patch);
}
