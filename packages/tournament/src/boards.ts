/**
 * Boards for an over-the-board round (IRL mode): a pair keeps the board the
 * director gave it; the others take the lowest free numbers, the pair with the
 * better-placed player (standings before the round) on the lower board, so
 * the leaders play on board 1 as at a club or TSH event. Byes and forfeits
 * take no board.
 */
import { computeStandings } from '@tessera/pairing';
import { playerIndex, toPairingDivision } from './lookup.ts';
import type { DivState, PairEntry } from './state.ts';

export function withBoards(d: DivState, round: number, pairs: PairEntry[]): PairEntry[] {
  // Place of each player (by id) in the standings before the round.
  const place = new Map<string, number>();
  computeStandings(toPairingDivision(d), round - 1).forEach((s, i) =>
    place.set(d.players[s.player].id, i),
  );
  const rankOf = (pair: PairEntry) =>
    Math.min(place.get(pair.a) ?? Infinity, place.get(pair.b) ?? Infinity);
  const row = d.rounds[round] ?? [];
  const kept = (pair: PairEntry) => {
    const slot = row[playerIndex(d, pair.a)];
    return slot && slot.opponent === playerIndex(d, pair.b) ? slot.board : undefined;
  };
  const out = pairs.map((pair) => {
    const board = pair.board ?? kept(pair);
    return board ? { ...pair, board } : { ...pair };
  });
  const used = new Set(out.map((x) => x.board).filter((b): b is number => !!b));
  let next = 1;
  const free = () => {
    while (used.has(next)) next++;
    used.add(next);
    return next;
  };
  out
    .filter((pair) => pair.a !== pair.b && !pair.board)
    .sort((x, y) => rankOf(x) - rankOf(y))
    .forEach((pair) => (pair.board = free()));
  return out;
}
