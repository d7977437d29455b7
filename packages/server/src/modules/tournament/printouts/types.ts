/** The plain data a printout carries (see index.ts): names already chosen, seeds 1-based. */

/** What every page of a division's printout is headed with. */
export interface PrintoutHeading {
  tournamentName: string;
  divisionName: string;
}

/** One line of a round's pairings: a game, or one player's bye or forfeit. */
export interface PairingLine {
  /** The board (over the board events); null when the round has none or for a bye. */
  board: number | null;
  /** The player who goes first, e.g. "Ada Lovelace (#1)"; for a bye, the player. */
  first: string;
  /** The player who goes second; for a bye or forfeit, its word ("Bye", "Forfeit loss"). */
  second: string;
  /** False while the first player is still to be drawn: the two are then listed by seed. */
  firstKnown: boolean;
  /** The score once recorded ("412-380"), or "". */
  result: string;
}

export interface PairingsSheet extends PrintoutHeading {
  /** 1-based, as printed. */
  round: number;
  lines: PairingLine[];
}

/** One player's row of the wall chart. */
export interface WallChartRow {
  seed: number;
  name: string;
  rating: number | null;
  /** One cell per round: "W +40\nv #3", "Bye", "" for a round not played yet. */
  cells: string[];
  /** "5-2" (draws as halves), and the spread, e.g. "+212". */
  record: string;
  spread: string;
}

export interface WallChart extends PrintoutHeading {
  rounds: number;
  rows: WallChartRow[];
}

/** One player's kiosk link. */
export interface KioskLinkRow {
  seed: number;
  name: string;
  url: string;
}

export interface KioskLinkSheet extends PrintoutHeading {
  rows: KioskLinkRow[];
}
