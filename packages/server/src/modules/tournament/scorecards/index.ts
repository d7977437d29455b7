/**
 * Printable scorecards for a tournament (GetTournamentScorecards, docs/product/tournaments.md).
 *
 * The public face of this folder: plain data in, a zip's bytes out. It reads no database and
 * knows nothing of RPCs; the tournament module gathers the data (players, seeds, pairings so far)
 * and sends the bytes back as the reply's `pdfZip`.
 *
 * The zip holds one PDF per division (`<division name>.pdf`), one A4 portrait page per player in
 * seed order, so a director prints one file per division room in one go.
 */

/** One round of one player's schedule, as far as it is known when the cards are printed. */
export interface ScorecardPairing {
  /**
   * The opponent: an index into the same division's `players`, `'bye'` for a bye, or
   * `'forfeit-win'` / `'forfeit-loss'` for a forfeit already set by a director.
   */
  opponent: number | 'bye' | 'forfeit-win' | 'forfeit-loss';
  /** True when this player goes first, false when second; absent or null when not yet decided. */
  first?: boolean | null;
}

/** A player of a division. */
export interface ScorecardPlayer {
  /** The tournament's player id (`{userID}:{username}` or the bare user id); the QR code's key. */
  id: string;
  /** The name printed on the card. */
  name: string;
  /** The player's seed in the division, 1 for the top seed. */
  seed: number;
  /** The rating printed on the card; null or absent when the player has none (printed as "unrated"). */
  rating?: number | null;
  /**
   * The player's pairings by round, index 0 for round 1; shorter than the division's round count,
   * or null entries, for rounds not paired yet (printed as blank lines to fill in).
   */
  rounds?: (ScorecardPairing | null)[];
}

/** A division: its name, its number of rounds and its players (printed in seed order). */
export interface ScorecardDivision {
  name: string;
  /** Number of rounds; one table row each. 1 to 100. */
  rounds: number;
  players: ScorecardPlayer[];
}

/** What a director asks for, with the tournament's data. */
export interface ScorecardRequest {
  tournamentName: string;
  /** The tournament's slug, as in `/tournament/<slug>`. */
  slug: string;
  /** The site's public base URL (no trailing slash needed), e.g. `https://tessera.example`. */
  publicUrl: string;
  divisions: ScorecardDivision[];
  /** Print each round's opponent's name where the pairing is known. */
  showOpponents: boolean;
  /** Print seeds (the player's in the header, the opponents' beside their names). */
  showSeeds: boolean;
  /** Print a QR code linking to the player's kiosk page (`<publicUrl>/tournament/<slug>?es=<key>`). */
  showQrCode: boolean;
}

/**
 * Makes the zip of scorecard PDFs: one PDF per division, one page per player.
 * Rejects (with a plain Error) a request that cannot be printed: no divisions, a division
 * without players, a round count outside 1..100, an opponent index outside the division.
 * The caller validates the request's permissions and maps such errors to the error catalogue.
 */
export async function makeScorecardsZip(input: ScorecardRequest): Promise<Uint8Array> {
  void input;
  throw new Error('scorecards: not implemented yet');
}

/**
 * The kiosk keys (`es=` values) of a tournament's players: for each player id, the shortest
 * prefix of its user-id part (before any `:`), at least 8 characters, that no other player's
 * user-id part starts with. The kiosk page finds the player whose user id starts with the key.
 */
export function kioskKeys(playerIds: readonly string[]): Map<string, string> {
  void playerIds;
  throw new Error('scorecards: not implemented yet');
}

/** The player's kiosk URL: `<publicUrl>/tournament/<slug>?es=<key>`. */
export function kioskUrl(publicUrl: string, slug: string, key: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/tournament/${encodeURIComponent(slug)}?es=${encodeURIComponent(key)}`;
}
