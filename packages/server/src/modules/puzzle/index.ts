import type { Gateway } from '../../socket/gateway.ts';

/** The puzzle pages' realm: presence and the puzzle lobby chat (chat.puzzlelobby). */
export const PUZZLE_REALM = 'puzzle';

/** The puzzle module; for now it owns only its pages' realm. */
export function createPuzzleModule(deps: { gateway: Gateway }): void {
  deps.gateway.realms((path) =>
    path === '/puzzle' || path.startsWith('/puzzle/') ? [PUZZLE_REALM] : [],
  );
}
