import type { GameEvent, GameState } from '@tessera/engine';
import type { GameMetaEvent_Type } from '@tessera/protocol';
import { EventHub } from '../events/hub.ts';
// Payloads are made of table rows and folded state, from files that import
// no module: the catalogue imports nothing that imports it back.
import type { GameRow } from './game/migrations.ts';
import type { LogEntry, TState } from '@tessera/tournament';

/** What happened in one accepted change (the payload of game.changed and game.ended). */
export interface Applied {
  row: GameRow;
  g: GameState;
  events: GameEvent[];
  /** Index of the first new event in the log. */
  from: number;
  mover: number;
  ended: boolean;
  meta?: MetaAnnouncement;
}

/** A new game (the payload of game.created). */
export interface Created {
  row: GameRow;
  g: GameState;
}

/** The meta event (a request or its answer) that the change announces. */
export interface MetaAnnouncement {
  type: GameMetaEvent_Type;
  origEventId: string;
  playerIndex: number;
  expiry: number;
}

/** The payload of tournament.changed: the entries just appended and the state they led to. */
export interface TournamentChanged {
  id: string;
  state: TState;
  entries: LogEntry[];
}

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
