/**
 * Results (docs/product/tournaments.md §5 "Set result"): the checks of a
 * result a director or a finished game enters, and the outcomes it records.
 */
import { refuse } from '@tessera/protocol';
import type { Outcome } from '@tessera/pairing';
import { settled, usernameOf } from './lookup.ts';
import { mustDivision, mustPlayer, notFinished, roundInRange } from './rules.ts';
import type { DivState, LogBody, Replaced, TState } from './state.ts';

/** A result entry after the checks of §5 "Set result". */
export function resultEntry(
  st: TState,
  divisionName: string,
  round: number,
  a: string,
  b: string,
  o: {
    scoreA: number;
    scoreB: number;
    outcomeA?: Outcome;
    outcomeB?: Outcome;
    endReason: number;
    amendment: boolean;
    gameId?: string;
  },
): LogBody {
  notFinished(st);
  const d = mustDivision(st, divisionName);
  if (!st.started || d.currentRound < 0) throw refuse('TOURNAMENT_NOT_STARTED');
  roundInRange(d, round);
  if (round > d.currentRound) throw refuse('TOURNAMENT_FUTURE_ROUND_SCORE');
  if (!Number.isFinite(o.scoreA) || !Number.isFinite(o.scoreB))
    throw refuse('TOURNAMENT_SCORES_NUMERIC');
  const pa = mustPlayer(d, a);
  const pb = mustPlayer(d, b);
  const row = d.rounds[round] ?? [];
  const slot = row[pa];
  if (!row.some((x) => x)) throw refuse('TOURNAMENT_PAIRING_NOT_FOUND', usernameOf(a), round + 1);
  if (!slot) throw refuse('TOURNAMENT_UNPAIRED_PLAYER', usernameOf(a), d.name);
  if (pa === pb && slot.opponent !== pa) throw refuse('TOURNAMENT_PLAYER_TWO_REQUIRED');
  if (slot.opponent !== pb) throw refuse('TOURNAMENT_PLAYERS_DID_NOT_PLAY');
  if (pa !== pb && d.rounds[round][pb]?.opponent !== pa)
    throw refuse('TOURNAMENT_PAIRING_CORRUPT', usernameOf(a), round + 1);
  if (settled(slot) && !o.amendment) throw refuse('TOURNAMENT_AMENDMENT_REQUIRED');
  let { outcomeA, outcomeB } = o;
  if (pa === pb) {
    outcomeA ??= slot.outcome ?? 'bye';
  } else {
    if (!consistentOutcomes(outcomeA, outcomeB)) throw refuse('TOURNAMENT_NO_WINNER');
    const [da, db] = outcomesFromScores(o.scoreA, o.scoreB);
    // Results default from the scores; an explicit one (forfeit, void) is kept.
    if (!outcomeA && !outcomeB) [outcomeA, outcomeB] = [undefined, undefined];
    else {
      outcomeA ??= da;
      outcomeB ??= db;
    }
  }
  return {
    kind: 'result.set',
    division: d.name,
    round,
    a,
    b,
    scoreA: o.scoreA,
    scoreB: o.scoreB,
    ...(outcomeA ? { outcomeA } : {}),
    ...(outcomeB ? { outcomeB } : {}),
    endReason: o.endReason,
    ...(o.gameId ? { gameId: o.gameId } : {}),
  };
}

/** Outcomes of a scored game from the scores when the director gave none (§5 Set result). */
export function outcomesFromScores(a: number, b: number): [Outcome, Outcome] {
  return a > b ? ['win', 'loss'] : a < b ? ['loss', 'win'] : ['draw', 'draw'];
}

const WINS: Outcome[] = ['win', 'forfeit_win', 'bye'];
const LOSSES: Outcome[] = ['loss', 'forfeit_loss'];

/** Two explicit outcomes must name one winner and one loser, or a draw or void on both sides. */
export function consistentOutcomes(a?: Outcome, b?: Outcome): boolean {
  if (!a || !b) return true;
  if (a === 'draw' || b === 'draw') return a === b;
  if (a === 'void' || b === 'void') return a === b;
  return (WINS.includes(a) && LOSSES.includes(b)) || (LOSSES.includes(a) && WINS.includes(b));
}

/**
 * The outcomes a finished tournament game records (players by seat): an
 * aborted or cancelled game is void, a forced forfeit a forfeit, any other
 * end with a winner (resignation, time, six zeroes) a win and a loss
 * whatever the scores; a tie is left to the scores (a draw).
 */
export function gameOutcomes(
  endReason: string,
  winner: number,
): { outcomeA?: Outcome; outcomeB?: Outcome } {
  if (endReason === 'ABORTED' || endReason === 'CANCELLED')
    return { outcomeA: 'void', outcomeB: 'void' };
  if (winner < 0) return {};
  const [w, l]: [Outcome, Outcome] =
    endReason === 'FORCE_FORFEIT' ? ['forfeit_win', 'forfeit_loss'] : ['win', 'loss'];
  return winner === 0 ? { outcomeA: w, outcomeB: l } : { outcomeA: l, outcomeB: w };
}

/**
 * A director's pairing of players in `round` (§5 Single pairing): a player
 * whose game of that round is under way or over cannot be paired again
 * ("The selected players did not play in this round." — they did, with
 * someone else, or that game stands) unless the director amends. The
 * games an amendment replaces, as they were, for its log entry.
 */
export function pairingReplaces(
  d: DivState,
  round: number,
  ids: readonly string[],
  amendment: boolean,
): Replaced[] {
  const row = d.rounds[round] ?? [];
  const out: Replaced[] = [];
  const seen = new Set<number>();
  for (const id of ids) {
    const p = mustPlayer(d, id);
    const slot = row[p];
    if (!slot || seen.has(p)) continue;
    const game = slot.opponent !== p && (!!slot.gameId || settled(slot));
    if (!game) continue;
    if (!amendment) throw refuse('TOURNAMENT_PLAYERS_DID_NOT_PLAY');
    seen.add(p);
    seen.add(slot.opponent);
    out.push({
      a: id,
      b: d.players[slot.opponent].id,
      ...(slot.score !== undefined ? { score: slot.score } : {}),
      ...(slot.opponentScore !== undefined ? { opponentScore: slot.opponentScore } : {}),
      ...(slot.outcome ? { outcome: slot.outcome } : {}),
      ...(slot.gameId ? { gameId: slot.gameId } : {}),
    });
  }
  return out;
}

/**
 * A player's kiosk entry (§6: players enter scores only; results, byes,
 * forfeits and voids are the directors'): the outcome follows from the two
 * scores. The first entry is the result; a later one that agrees changes
 * nothing, and one that disagrees is held for a director instead of
 * replacing it.
 */
export function kioskEntry(
  st: TState,
  divisionName: string,
  round: number,
  by: string,
  a: string,
  b: string,
  scoreA: number,
  scoreB: number,
): LogBody[] {
  const d = mustDivision(st, divisionName);
  const pa = mustPlayer(d, a);
  const slot = d.rounds[round]?.[pa];
  if (slot && settled(slot) && slot.opponent !== pa) {
    notFinished(st);
    if (slot.score === scoreA && slot.opponentScore === scoreB) return [];
    return [{ kind: 'score.held', division: d.name, round, a, b, scoreA, scoreB, by }];
  }
  return [
    resultEntry(st, divisionName, round, a, b, { scoreA, scoreB, endReason: 2, amendment: false }),
  ];
}
