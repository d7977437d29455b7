import type { Division, Pairing, Standing } from './model.ts';

/**
 * Pure helpers of the Games and Standings tabs (docs/product/tournaments.md
 * §2 "Games tab, paired mode", "Standings tab").
 */

/** What a bye and a forfeit loss are worth in the quick actions (§9). */
export const BYE_SPREAD = 50;
export const FORFEIT_SPREAD = -50;

/** Recent games come 30 a page (§9). */
export const RECENT_GAMES_PAGE_SIZE = 30;

/** True when the pairing is a bye, forfeit or void: one player in both slots. */
export const isSelfPairing = (p: Pairing) => p.players[0] === p.players[1];

/**
 * How many times the two players of a pairing have met up to and including
 * `round` (byes and forfeits excepted).
 */
export function meetings(division: Division, round: number, a: string, b: string): number {
  // The server counts them (a page of rounds does not hold the earlier ones).
  const here = (division.pairings[round] ?? []).find(
    (p) => (p.players[0] === a && p.players[1] === b) || (p.players[0] === b && p.players[1] === a),
  );
  if (here?.count) return here.count;
  let n = 0;
  for (let r = 0; r <= round && r < division.pairings.length; r++) {
    for (const p of division.pairings[r] ?? []) {
      if ((p.players[0] === a && p.players[1] === b) || (p.players[0] === b && p.players[1] === a))
        n++;
    }
  }
  return n;
}

/** "Repeat" for a second meeting, "3-peat" for a third and so on; '' for a first. */
export function repeatLabel(count: number): string {
  if (count <= 1) return '';
  if (count === 2) return 'Repeat';
  return `${count}-peat`;
}

/** The division's players without a pairing in `round`, in seed order. */
export function unpairedPlayers(division: Division, round: number): string[] {
  const paired = new Set((division.pairings[round] ?? []).flatMap((p) => p.players));
  return division.players.filter((p) => !paired.has(p.id) && !p.suspended).map((p) => p.id);
}

/**
 * Directors get Open Round N on the selected round when it is the one after
 * the current: round currentRound+2 counted 1-based, i.e. index currentRound+1.
 */
export function showsOpenRound(division: Division, selectedRound: number): boolean {
  return selectedRound === division.currentRound + 1 && selectedRound < division.numRounds;
}

/** Whether the selected round's pairings are tentative (paired ahead of the round opening). */
export function isTentative(division: Division, round: number): boolean {
  if (division.tentative?.[round] !== undefined) return division.tentative[round];
  return round > division.currentRound && (division.pairings[round]?.length ?? 0) > 0;
}

export interface StandingRow {
  rank: number;
  playerId: string;
  /** Wins plus half the draws (§2 "Standings tab"). */
  wins: number;
  losses: number;
  spread: number;
  gibsonized: boolean;
}

/** Table rows from one round's standings, in the server's order. */
export function standingRows(standings: readonly Standing[]): StandingRow[] {
  return standings.map((s, i) => ({
    rank: i + 1,
    playerId: s.playerId,
    wins: s.wins + s.draws / 2,
    losses: s.losses + s.draws / 2,
    spread: s.spread,
    gibsonized: s.gibsonized,
  }));
}

/** The standings to show when looking at `round`: after it, or the latest before it. */
export function standingsAt(division: Division, round: number): readonly Standing[] {
  for (let r = Math.min(round, division.standings.length - 1); r >= 0; r--) {
    const s = division.standings[r];
    if (s && s.length > 0) return s;
  }
  return [];
}

/** "+50", "-12", "0". */
export function signed(n: number): string {
  return n > 0 ? `+${n}` : String(n);
}

/** The round shown first: the current one, or the first before the start. */
export function initialRound(division: Division): number {
  return Math.max(0, Math.min(division.currentRound, division.numRounds - 1));
}

/** A player's seed (1-based position in the division list); 0 when absent. */
export function seedOf(division: Division, personId: string): number {
  return division.players.findIndex((p) => p.id === personId) + 1;
}

/** A score as printed: a true minus sign for a negative one ("−22", not "-22"). */
export const scoreText = (n: number) => (n < 0 ? `\u2212${-n}` : String(n));

const WON: readonly string[] = ['WIN', 'FORFEIT_WIN', 'BYE'];
const END_NOTE: Partial<Record<string, string>> = {
  RESIGNED: 'resigned',
  TIME: 'on time',
  FORCE_FORFEIT: 'forfeit',
  TRIPLE_CHALLENGE: 'triple challenge',
  CONSECUTIVE_ZEROES: 'six zeroes',
};

/**
 * A decided game's line in the pairings table: the scores (spaced when one
 * is negative, so "−22 – −12" never reads as a range), then who won and how
 * when the scores alone do not say it: "0–0, bob won (resigned)",
 * "380–380 (draw)", "Void". `name` gives a player's display name.
 */
export function scoreLine(
  p: Pairing,
  game: { scores: [number, number]; results: [string, string]; endReason: string } | undefined,
  name: (personId: string) => string,
): string {
  const [ra, rb] = p.outcomes[0] !== 'NO_RESULT' || !game ? p.outcomes : game.results;
  if (ra === 'VOID' || rb === 'VOID') return 'Void';
  const winner = WON.includes(ra) ? p.players[0] : WON.includes(rb) ? p.players[1] : undefined;
  const who = winner ? `${name(winner)} won` : ra === 'DRAW' && rb === 'DRAW' ? 'Draw' : '';
  if (!game) return who;
  const [a, b] = game.scores;
  const dash = a < 0 || b < 0 ? ' – ' : '–';
  const scores = `${scoreText(a)}${dash}${scoreText(b)}`;
  const note = END_NOTE[game.endReason];
  if (who === 'Draw') return `${scores} (draw)`;
  return who ? `${scores}, ${who}${note ? ` (${note})` : ''}` : scores;
}

/** The pairing's winner once the result is in (a bye or forfeit win counts); undefined otherwise. */
export function winnerOf(p: Pairing): string | undefined {
  const game = p.games[0];
  const [ra, rb] = p.outcomes[0] !== 'NO_RESULT' || !game ? p.outcomes : game.results;
  if (ra === 'VOID' || rb === 'VOID') return undefined;
  if (WON.includes(ra) && !WON.includes(rb)) return p.players[0];
  if (WON.includes(rb) && !WON.includes(ra)) return p.players[1];
  return undefined;
}

/** A player's record before `round` ("2–1", draws as halves: "1.5–0.5"); "0–0" in round 1. */
export function recordBefore(division: Division, round: number, personId: string): string {
  const s =
    round > 0 ? standingsAt(division, round - 1).find((x) => x.playerId === personId) : undefined;
  const wins = s ? s.wins + s.draws / 2 : 0;
  const losses = s ? s.losses + s.draws / 2 : 0;
  return `${wins}\u2013${losses}`;
}
