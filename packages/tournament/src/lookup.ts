/** Reading a folded state: divisions and players by name, settled slots, person ids. */
import { classNumbering, type Division } from '@tessera/pairing';
import type { DivState, TSlot, TState } from './state.ts';

export function division(s: TState, name: string): DivState | undefined {
  return s.divisions.find((d) => d.name === name);
}

/** A division by its stable id (decision 0121). */
export function divisionById(s: TState, id: string): DivState | undefined {
  return s.divisions.find((d) => d.id === id);
}

/** The division whose round `round` holds the game `gameId`, and the game's slot index. */
export function divisionOfGame(
  s: TState,
  round: number,
  gameId: string,
): { d: DivState; p: number } | undefined {
  for (const d of s.divisions) {
    const p = (d.rounds[round] ?? []).findIndex((x) => x?.gameId === gameId);
    if (p >= 0) return { d, p };
  }
  return undefined;
}

export function playerIndex(d: DivState, id: string): number {
  return d.players.findIndex((p) => p.id === id);
}

/** The division in the pairing engine's shape (names are usernames). */
export function toPairingDivision(d: DivState): Division {
  const n = d.players.length;
  const classes = classNumbering(d.players.map((p) => p.className));
  return {
    players: d.players.map((p) => ({
      name: p.name ?? usernameOf(p.id),
      rating: p.rating,
      removed: p.removed,
      ...(p.className ? { class: classes.get(p.className), className: p.className } : {}),
    })),
    numRounds: d.roundControls.length,
    rounds: d.rounds.map((row) => Array.from({ length: n }, (_, i) => row[i] ?? null)),
    controls: d.controls,
    roundControls: d.roundControls,
  };
}

export function usernameOf(personId: string): string {
  const i = personId.indexOf(':');
  return i < 0 ? personId : personId.slice(i + 1);
}

export function userIdOf(personId: string): string {
  const i = personId.indexOf(':');
  return i < 0 ? personId : personId.slice(0, i);
}

/** A slot is settled when it has an outcome or both scores. */
export function settled(slot: TSlot | null | undefined): boolean {
  return !!slot && (slot.outcome !== undefined || slot.score !== undefined);
}
