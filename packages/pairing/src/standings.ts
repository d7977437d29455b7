/**
 * Standings with the semantics of docs/product/tournaments.md §2 "Standings
 * tab" and §9: W and L each add half of the draws; a bye or forfeit counts with
 * the spread entered for it (+50 / −50 when none is); spreads of games are
 * capped per division or per round; the order follows the division's
 * tiebreaks and then the seed. Gibsonization: a player among the top places
 * whose place can no longer change.
 */
import { BYE_SPREAD, divisionControls, FORFEIT_SPREAD, spreadCapFor } from './controls.ts';
import type { Division, Slot, TiebreakKey } from './types.ts';

export interface Standing {
  player: number;
  /** Wins plus half the draws, as displayed. */
  wins: number;
  /** Losses plus half the draws, as displayed. */
  losses: number;
  draws: number;
  /** Wins minus losses: what the order and the catch test use. */
  netWins: number;
  spread: number;
  /** Sum of own scores in games (byes and forfeits add nothing). */
  points: number;
  /** Results counted (voids and unscored games are not). */
  played: number;
  /** Byes received (self-pairings other than void and forfeit losses). */
  byes: number;
  removed: boolean;
  gibsonized: boolean;
}

/** How one slot counts: +1 win, −1 loss, 0 draw; null = counts for nothing yet. */
export interface SlotResult {
  result: 1 | 0 | -1;
  spread: number;
  points: number;
  isBye: boolean;
}

function capped(spread: number, cap: number): number {
  return cap > 0 ? Math.max(-cap, Math.min(cap, spread)) : spread;
}

/** The result of `slot` for player `p`, or null if it has none (unscored or void). */
export function slotResult(slot: Slot, p: number, cap: number): SlotResult | null {
  const self = slot.opponent === p;
  const entered =
    slot.score !== undefined && (self || slot.opponentScore !== undefined)
      ? self
        ? slot.score
        : slot.score - slot.opponentScore!
      : undefined;
  const outcome = slot.outcome ?? (self ? 'bye' : undefined);
  if (outcome === 'void') return null;
  if (self) {
    const win = outcome === 'bye' || outcome === 'forfeit_win' || outcome === 'win';
    const loss = outcome === 'forfeit_loss' || outcome === 'loss';
    const spread = entered ?? (win ? BYE_SPREAD : loss ? -FORFEIT_SPREAD : 0);
    return { result: win ? 1 : loss ? -1 : 0, spread, points: 0, isBye: outcome === 'bye' };
  }
  const points = slot.score ?? 0;
  if (outcome === undefined) {
    if (entered === undefined) return null;
    const r = entered > 0 ? 1 : entered < 0 ? -1 : 0;
    return { result: r, spread: capped(entered, cap), points, isBye: false };
  }
  const r = outcome === 'win' || outcome === 'forfeit_win' ? 1 : outcome === 'draw' ? 0 : -1;
  const forfeit = outcome === 'forfeit_win' || outcome === 'forfeit_loss';
  const fallback = forfeit ? r * FORFEIT_SPREAD : 0;
  return { result: r, spread: capped(entered ?? fallback, cap), points, isBye: false };
}

/** True when every paired, non-void slot of the round has a result. */
export function isRoundScored(d: Division, round: number): boolean {
  const slots = d.rounds[round];
  if (!slots) return false;
  return slots.every((s, p) => {
    if (!s) return true;
    if (s.opponent === p || s.outcome !== undefined) return true;
    return s.score !== undefined && s.opponentScore !== undefined;
  });
}

/** Rounds 0..k−1 all scored: the k that "rounds remaining" counts from. */
export function scoredRounds(d: Division): number {
  let k = 0;
  while (k < d.rounds.length && isRoundScored(d, k) && d.rounds[k].some((s) => s)) k++;
  return k;
}

/** Can the lower player j catch the higher player i with k rounds left? (README "COP", catch test) */
export function canCatch(
  higher: Standing,
  lower: Standing,
  k: number,
  gibsonSpread: number,
): boolean {
  const gap = higher.netWins - lower.netWins;
  if (gap < 2 * k) return true;
  if (gap > 2 * k) return false;
  return higher.spread - lower.spread <= gibsonSpread * k * 2;
}

/** Sorts standings in place by the tiebreaks, then by seed. */
export function sortStandings(
  rows: Standing[],
  tiebreaks: TiebreakKey[],
  ratings: number[],
): Standing[] {
  const value = (s: Standing, key: TiebreakKey): number =>
    key === 'rating' ? ratings[s.player] : s[key];
  return rows.sort((a, b) => {
    for (const key of tiebreaks) {
      const d = value(b, key) - value(a, key);
      if (d !== 0) return d;
    }
    return a.player - b.player;
  });
}

/**
 * Marks gibsonized players among ranks 0..lastPlace of `ranked` (active
 * players only, in order): those the next player cannot catch and who cannot
 * catch the player above.
 */
export function markGibsonized(
  ranked: Standing[],
  lastPlace: number,
  k: number,
  gibsonSpread: number,
): void {
  if (k <= 0) return;
  for (let r = 0; r <= lastPlace && r < ranked.length; r++) {
    const above = r > 0 ? !canCatch(ranked[r - 1], ranked[r], k, gibsonSpread) : true;
    const below =
      r + 1 < ranked.length ? !canCatch(ranked[r], ranked[r + 1], k, gibsonSpread) : true;
    ranked[r].gibsonized = above && below;
  }
}

/**
 * Standings after rounds 0..throughRound (default: every round with a
 * result), in standings order; removed players last. Gibsonization follows
 * the division controls, with the rounds remaining after the last fully
 * scored round included.
 */
export function computeStandings(d: Division, throughRound = d.rounds.length - 1): Standing[] {
  const controls = divisionControls(d);
  const n = d.players.length;
  const rows: Standing[] = d.players.map((pl, player) => ({
    player,
    wins: 0,
    losses: 0,
    draws: 0,
    netWins: 0,
    spread: 0,
    points: 0,
    played: 0,
    byes: 0,
    removed: pl.removed === true,
    gibsonized: false,
  }));
  for (let r = 0; r <= throughRound && r < d.rounds.length; r++) {
    const cap = spreadCapFor(d, r);
    const slots = d.rounds[r];
    for (let p = 0; p < n; p++) {
      const s = slots[p];
      if (!s) continue;
      const res = slotResult(s, p, cap);
      if (!res) continue;
      const row = rows[p];
      row.played++;
      row.spread += res.spread;
      row.points += res.points;
      if (res.isBye) row.byes++;
      if (res.result === 1) row.wins++;
      else if (res.result === -1) row.losses++;
      else row.draws++;
    }
  }
  for (const row of rows) {
    row.netWins = row.wins - row.losses;
    row.wins += row.draws / 2;
    row.losses += row.draws / 2;
  }
  const ratings = d.players.map((p) => p.rating);
  const active = sortStandings(
    rows.filter((r) => !r.removed),
    controls.tiebreaks,
    ratings,
  );
  const gone = sortStandings(
    rows.filter((r) => r.removed),
    controls.tiebreaks,
    ratings,
  );
  if (controls.gibsonize) {
    const done = Math.min(throughRound + 1, scoredRounds(d));
    markGibsonized(active, controls.minimumPlacement, d.numRounds - done, controls.gibsonSpread);
  }
  return active.concat(gone);
}

/** Standings after each round 0..rounds−1, as stored per round (§2). */
export function standingsByRound(d: Division): Standing[][] {
  return d.rounds.map((_, r) => computeStandings(d, r));
}
