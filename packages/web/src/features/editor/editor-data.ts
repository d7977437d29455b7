import type { ChallengeRule } from '@tessera/engine';
import { ChallengeRule as WireRule } from '@tessera/protocol';

/** Recent annotated games on the landing page (docs/product/community.md §10). */
export const RECENT_PAGE = 40;
export const NAME_MAX = 50;
export const DESCRIPTION_MAX = 140;

/** §5: the challenge rules the editor offers, in its order. */
export const RULE_OPTIONS: readonly { value: ChallengeRule; wire: WireRule; label: string }[] = [
  { value: 'FIVE_POINT', wire: WireRule.FIVE_POINT, label: '5 points' },
  { value: 'DOUBLE', wire: WireRule.DOUBLE, label: 'Double' },
  { value: 'TEN_POINT', wire: WireRule.TEN_POINT, label: '10 points' },
  { value: 'SINGLE', wire: WireRule.SINGLE, label: 'Single' },
];

/** §5: legacy lexicons offered beside the server's, creating and importing. */
export const EXTRA_LEXICONS_CREATE = ['NWL20', 'NWL18', 'CSW19', 'CSW21', 'OSPS49'];
export const EXTRA_LEXICONS_IMPORT = ['NWL20', 'NWL18', 'CSW19'];

/** The lexicon choices: the server's without the common-English list, then the extras. */
export function lexiconChoices(server: readonly string[], extras: readonly string[]): string[] {
  const names = server.filter((n) => !/^(ECWL|COMMON)/i.test(n));
  for (const e of extras) if (!names.includes(e)) names.push(e);
  return names;
}

/** The rack editor (docs/product/gameplay.md §5): letters, ?, brackets and the middle dot only. */
export function rackInput(text: string): string {
  return text.replace(/[^\p{L}?[\]·]/gu, '').toUpperCase();
}

export const PASS_OR_CHALLENGE =
  'Pass or challenge: The bag is now empty; please Pass or Challenge to end the game.';
export const SAVED_INFO = 'Saved game information';
export const UPLOAD_INVALID = 'Please upload a valid gcg file';

/** The operator's board-scanning service, set at build time (README); hidden while unset. */
export function scannerUrl(): string {
  const value: unknown = import.meta.env.VITE_TESSERA_SCANNER_URL;
  return typeof value === 'string' ? value.trim() : '';
}

/** Where a game scanned by the operator's service comes back to (§2.8). */
export const SCANNER_RETURN_PATH = '/scrabblecam/callback';

/** The scanning service's address with our return address added as `return`. */
export function scannerLink(scanner: string, origin: string): string {
  const back = encodeURIComponent(`${origin}${SCANNER_RETURN_PATH}`);
  return `${scanner}${scanner.includes('?') ? '&' : '?'}return=${back}`;
}

/** A GCG that names its lexicon (#lexicon), which an import needs unless one is chosen. */
export const namesLexicon = (gcg: string) => /^#lexicon[ \t]+\S/m.test(gcg);

export const annotatedKeys = {
  history: (id: string) => ['annotated', 'history', id] as const,
  recent: (offset: number) => ['annotated', 'recent', offset] as const,
  unfinished: () => ['annotated', 'unfinished'] as const,
};
