import type { ActionOptions, ActionResult } from '@tessera/engine';
import type { MetaAnnouncement } from '../events.ts';
import type { ClockState } from './clock.ts';
import type { MetaEventState } from './migrations.ts';

/** What a change does, decided while the game's row is locked. */
export interface Decision {
  mover: number;
  /** The engine call (or direct ending) to make; null for none. */
  run: ((o: ActionOptions) => ActionResult) | null;
  /** The outstanding cancel/nudge request after this change (undefined: unchanged). */
  meta?: MetaEventState | null;
  /** A meta event to tell the players about. */
  announce?: MetaAnnouncement;
  /** Resolving an expired request: the clock's own flag does not apply. */
  expired?: boolean;
  /** A change to the clocks (added time). */
  clock?: (c: ClockState) => ClockState;
}
