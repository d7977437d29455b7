import type { DivisionControls, RoundControl } from '@tessera/protocol';
import type { TournamentKind } from '@tessera/tournament';

/**
 * The tournament page's own picture of a tournament (docs/product/tournaments.md
 * §3), made from the server's answers and socket messages by `from-proto.ts`.
 * The pure parts of the page (competitor status, pairings, standings, kiosk)
 * work on these plain types, so they can be read and tested without the wire.
 */

/** Match result values, §3. */
export type MatchResult =
  | 'NO_RESULT'
  | 'WIN'
  | 'LOSS'
  | 'DRAW'
  | 'BYE'
  | 'FORFEIT_WIN'
  | 'FORFEIT_LOSS'
  | 'ELIMINATED'
  | 'VOID';

/** Game end reasons, §3. */
export type EndReason =
  | 'NONE'
  | 'TIME'
  | 'STANDARD'
  | 'CONSECUTIVE_ZEROES'
  | 'RESIGNED'
  | 'ABORTED'
  | 'TRIPLE_CHALLENGE'
  | 'CANCELLED'
  | 'FORCE_FORFEIT';

/** The tournament's kind, as the shared tournament package declares it. */
export type TournamentType = TournamentKind;

/** A player of a division: `id` is "{userID}:{username}" (§3 "Person"). */
export interface Person {
  id: string;
  rating: number;
  suspended: boolean;
  checkedIn: boolean;
  /** The real name exports, scorecards and the kiosk print ("Smylie, Jackson"); '' or absent = the username. */
  name?: string;
  /** The class for class prizes ("A", "B" ...); '' or absent = none. */
  className?: string;
}

export interface PairingGame {
  /** Indexed like the pairing's players. */
  scores: [number, number];
  results: [MatchResult, MatchResult];
  endReason: EndReason;
  /** The game's id once it was played on the site; '' for results entered by hand. */
  id: string;
}

/** One pairing of one round (§3 "Pairing"): both slots hold the same player for a bye or forfeit. */
export interface Pairing {
  players: [string, string];
  round: number;
  games: PairingGame[];
  outcomes: [MatchResult, MatchResult];
  /** Per player slot: non-empty once that player said they are ready. */
  readyStates: [string, string];
  /** The board of an over-the-board game (IRL mode); 0 or absent = none. */
  board?: number;
  /** How many times these two have met up to and including this round, as the server counts it. */
  count?: number;
}

export interface Standing {
  playerId: string;
  wins: number;
  losses: number;
  draws: number;
  spread: number;
  gibsonized: boolean;
}

export interface Division {
  id: string;
  players: Person[];
  /** -1 before the start; 0-based. */
  currentRound: number;
  /**
   * When the current round opened (ms, the server's clock), so the player
   * card's late state ("Start your game!") survives a reload.
   */
  roundStartedAt?: number;
  numRounds: number;
  /** pairings[round] lists that round's pairings (empty while it is unpaired). */
  pairings: Pairing[][];
  /** standings[round], standings after that round. */
  standings: Standing[][];
  /** Per round: true when the round's pairings are tentative (not yet final). */
  tentative?: boolean[];
  /**
   * The rounds whose pairings and standings the page has, when it asked for
   * a page of them (GetTournament paged); absent: every round.
   */
  loadedRounds?: number[];
  /** As the server sent them; the director tools' forms start from these. */
  controls?: DivisionControls;
  roundControls?: RoundControl[];
}

export interface Directors {
  /** In display order: full directors first, read-only ones last. */
  list: { userId: string; username: string; readOnly: boolean }[];
  /** The executive director's user id ('' when unknown). */
  executive: string;
}

export interface TournamentMeta {
  id: string;
  name: string;
  slug: string;
  type: TournamentType;
  description: string;
  disclaimer: string;
  logo: string;
  color: string;
  irlMode: boolean;
  privateAnalysis: boolean;
  checkinsOpen: boolean;
  registrationOpen: boolean;
  monitored: boolean;
  /** Milliseconds since the epoch; 0 when not scheduled. */
  scheduledStart: number;
  scheduledEnd: number;
  /** A club session's club (its slug); '' for anything else. */
  clubSlug: string;
}

/** "{userID}:{username}" → its two halves. */
export function splitPersonId(id: string): { userId: string; username: string } {
  const at = id.indexOf(':');
  return at < 0
    ? { userId: id, username: id }
    : { userId: id.slice(0, at), username: id.slice(at + 1) };
}

export const usernameOf = (personId: string) => splitPersonId(personId).username;
export const userIdOf = (personId: string) => splitPersonId(personId).userId;

/** A player's real name in a division, '' when none was given. */
export function realNameOf(division: Division, personId: string): string {
  return division.players.find((p) => p.id === personId)?.name ?? '';
}

/** The name people know a player by at the board: the printed name, else the username. */
export function shortNameOf(division: Division, personId: string): string {
  return realNameOf(division, personId) || usernameOf(personId);
}

/** "Smylie, Jackson (jsmylie)" when the player has a real name, else the username. */
export function personLabel(division: Division, personId: string): string {
  const name = realNameOf(division, personId);
  const username = usernameOf(personId);
  return name ? `${name} (${username})` : username;
}

/** "Board 3" for a pairing with a board, '' for one without. */
export const boardLabel = (p: Pick<Pairing, 'board'> | undefined): string =>
  p?.board ? `Board ${p.board}` : '';

/** Paired events have rounds; clubs are free-form (§1). */
export function isPaired(type: TournamentType): boolean {
  return type === 'standard' || type === 'child';
}

/** What a read-only director's name carries (§2 "Tournament page layout"). */
export const READ_ONLY_SUFFIX = ' (read-only)';

/**
 * The directors list of the server ("{userID}:{username}", ":readonly" at the
 * end of a read-only one), full directors first (§6: read-only ones last);
 * `executive` is the executive director's person id (the metadata's
 * `firstDirector`), who can be neither removed nor demoted.
 */
export function parseDirectors(entries: readonly string[], executive = ''): Directors {
  const list = entries.map((e) => {
    const readOnly = e.endsWith(':readonly');
    const { userId, username } = splitPersonId(readOnly ? e.slice(0, -':readonly'.length) : e);
    return { userId, username, readOnly };
  });
  list.sort((a, b) => Number(a.readOnly) - Number(b.readOnly));
  return { list, executive: executive ? splitPersonId(executive).userId : '' };
}

/** The user's pairing in a round, if any. */
export function pairingOf(division: Division, round: number, personId: string) {
  return division.pairings[round]?.find((p) => p.players.includes(personId));
}

/** The division a user plays in (matched by user id), or undefined. */
export function divisionOf(divisions: readonly Division[], userId: string) {
  for (const d of divisions) {
    const p = d.players.find((x) => userIdOf(x.id) === userId);
    if (p) return { division: d, person: p };
  }
  return undefined;
}
