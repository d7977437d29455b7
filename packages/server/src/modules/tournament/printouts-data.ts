/** The tournament's state as the printouts' plain data (printouts/types.ts). */
import { refuse } from '@tessera/protocol';
import { computeStandings } from '@tessera/pairing';
import { toPairingDivision, usernameOf, type DivState, type TSlot } from '@tessera/tournament';
import type {
  KioskLinkSheet,
  PairingLine,
  PairingsSheet,
  WallChart,
  WallChartRow,
} from './printouts/index.ts';

const nameOf = (d: DivState, i: number) => d.players[i].name ?? usernameOf(d.players[i].id);
const label = (d: DivState, i: number) => `${nameOf(d, i)} (#${i + 1})`;

/** What a player's own bye or forfeit is called. */
function selfWord(slot: TSlot): string {
  switch (slot.outcome) {
    case 'forfeit_win':
      return 'Forfeit win';
    case 'forfeit_loss':
      return 'Forfeit loss';
    case 'void':
      return 'Void';
    // A self-pairing is a bye unless it says otherwise.
    case 'bye':
    case 'win':
    case 'loss':
    case 'draw':
    case undefined:
      return 'Bye';
  }
}

/**
 * One round's pairings (0-based `round`): games by board, then those without a
 * board by their better seed, then byes and forfeits, then players not paired.
 * Refused with 1316 when nobody is paired in the round yet.
 */
export function pairingsSheet(tournamentName: string, d: DivState, round: number): PairingsSheet {
  const row = d.rounds[round] ?? [];
  if (!row.some((x) => x)) throw refuse('TOURNAMENT_PRINTOUT_NOT_PAIRED', round + 1, d.name);
  const games: (PairingLine & { seed: number })[] = [];
  const others: PairingLine[] = [];
  const seen = new Set<number>();
  d.players.forEach((player, i) => {
    if (seen.has(i)) return;
    const slot = row[i];
    if (!slot) {
      if (!player.removed)
        others.push({
          board: null,
          first: label(d, i),
          second: 'Not paired',
          firstKnown: true,
          result: '',
        });
      return;
    }
    const o = slot.opponent;
    seen.add(i).add(o);
    if (o === i) {
      others.push({
        board: null,
        first: label(d, i),
        second: selfWord(slot),
        firstKnown: true,
        result: '',
      });
      return;
    }
    // Listed by seed (i < o) unless the first player is known.
    const [a, b] = slot.first === false ? [o, i] : [i, o];
    const sa = row[a]!;
    const scored = sa.score !== undefined && sa.opponentScore !== undefined;
    games.push({
      board: slot.board ?? null,
      first: label(d, a),
      second: label(d, b),
      firstKnown: slot.first !== undefined,
      result: sa.outcome === 'void' ? 'Void' : scored ? `${sa.score}-${sa.opponentScore}` : '',
      seed: Math.min(a, o),
    });
  });
  games.sort((x, y) => (x.board ?? Infinity) - (y.board ?? Infinity) || x.seed - y.seed);
  return {
    tournamentName,
    divisionName: d.name,
    round: round + 1,
    lines: [...games.map(({ seed: _, ...line }) => line), ...others],
  };
}

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));
const half = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));

/** A player's cell of the wall chart for one round. */
function cell(d: DivState, i: number, slot: TSlot | null | undefined): string {
  if (!slot) return '';
  const o = slot.opponent;
  if (o === i) {
    const word = selfWord(slot);
    return slot.score !== undefined && slot.outcome !== 'void'
      ? `${word}\n${signed(slot.score)}`
      : word;
  }
  const against = `v ${o + 1}`;
  if (slot.outcome === 'void') return `Void\n${against}`;
  const scored = slot.score !== undefined && slot.opponentScore !== undefined;
  const spread = scored ? slot.score! - slot.opponentScore! : 0;
  const letter =
    slot.outcome === 'win' || slot.outcome === 'forfeit_win'
      ? 'W'
      : slot.outcome === 'loss' || slot.outcome === 'forfeit_loss'
        ? 'L'
        : slot.outcome === 'draw'
          ? 'T'
          : scored
            ? spread > 0
              ? 'W'
              : spread < 0
                ? 'L'
                : 'T'
            : '';
  if (!letter) return against;
  return `${letter}${scored ? ` ${signed(spread)}` : ''}\n${against}`;
}

/** Every player's results round by round, in seed order, with their record and spread. */
export function wallChart(tournamentName: string, d: DivState): WallChart {
  if (d.players.length === 0) throw refuse('TOURNAMENT_PRINTOUT_NO_PLAYERS');
  const rounds = Math.max(1, d.roundControls.length, d.rounds.length);
  const standings = new Map(computeStandings(toPairingDivision(d)).map((s) => [s.player, s]));
  const rows: WallChartRow[] = d.players.map((p, i) => {
    const s = standings.get(i);
    return {
      seed: i + 1,
      name: nameOf(d, i) + (p.removed ? ' (withdrawn)' : ''),
      rating: p.rating || null,
      cells: Array.from({ length: rounds }, (_, r) => cell(d, i, d.rounds[r]?.[i])),
      record: s ? `${half(s.wins)}-${half(s.losses)}` : '0-0',
      spread: signed(s?.spread ?? 0),
    };
  });
  return { tournamentName, divisionName: d.name, rounds, rows };
}

/** The division's players still in it, with their kiosk links (`url(player id)`). */
export function kioskLinkSheet(
  tournamentName: string,
  d: DivState,
  url: (playerId: string) => string,
): KioskLinkSheet {
  return {
    tournamentName,
    divisionName: d.name,
    rows: d.players.flatMap((p, i) =>
      p.removed ? [] : [{ seed: i + 1, name: nameOf(d, i), url: url(p.id) }],
    ),
  };
}
