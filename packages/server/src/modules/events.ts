import { EventHub } from '../events/hub.ts';
import type { Applied, Created } from './game/index.ts';
import type { TournamentChanged } from './tournament/index.ts';

/**
 * Every domain event, by name, with its payload. The module that owns the
 * change publishes it (see events/hub.ts for the two phases); who reacts to
 * what is listed in each module's index.ts and in docs/ARCHITECTURE.md.
 */
export interface DomainEvents {
  /** A game was created, before anyone has moved. */
  'game.created': Created;
  /** A game changed: a move, a challenge, a time-out, a cancel or nudge request or answer, added time. */
  'game.changed': Applied;
  /** A game ended (published after its game.changed, in the same transaction). */
  'game.ended': Applied;
  /** The server is back after a time when no process was running (liveness). */
  'platform.resumed': { outageMs: number; resumedAt: number };
  /** A server process stopped beating without saying goodbye (killed, or cut off). */
  'process.gone': { processId: string };
  /** Entries were appended to a tournament's log (after commit: its realm is told). */
  'tournament.changed': TournamentChanged;
}

export type Events = EventHub<DomainEvents>;

export function createEvents(log?: ConstructorParameters<typeof EventHub>[0]): Events {
  return new EventHub<DomainEvents>(log);
}
