/** The plain data a scorecard request carries (see index.ts). */

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
  /**
   * Played on the site (an online event): the kiosk shows the player's games
   * but takes no scores (the site records them), so the QR code's words say
   * so. Absent or false: over the board, "Scan to enter scores".
   */
  online?: boolean;
  /** Paper size, portrait; A4 when absent. */
  paper?: 'A4' | 'Letter';
}
