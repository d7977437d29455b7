import type { StreamType } from '@tessera/protocol';

/** One participant's stream of one tournament: what a relay publishes and fans out. */
export interface RelayStream {
  tournamentId: string;
  userId: string;
  type: StreamType;
}

/**
 * Where a stream's media flows when it does not go peer to peer
 * (decision 0140). The browser speaks only to Tessera: the server checks
 * who may publish and who may watch, then hands the session description to
 * the relay and the relay's reply back. SDPs carry every ICE candidate
 * (no trickle), so there is nothing else to pass on.
 *
 * - `publish`: the participant's offer for one stream → the relay's answer.
 *   Publishing again replaces the earlier publication.
 * - `subscribe`: a viewing session (a director's tile) → the relay's offer.
 * - `start`: that session's answer; media then flows from the relay.
 * - `leave`: the viewing session ends.
 * - `unpublish`: the stream ends (stop, reset, hang-up); its viewers lose it.
 * - `closeTournament`: the tournament finished; everything of it goes.
 * - `close`: the server shuts down.
 */
export interface MediaRelay {
  readonly name: string;
  publish(stream: RelayStream, offerSdp: string): Promise<string>;
  subscribe(stream: RelayStream, session: string): Promise<string>;
  start(session: string, answerSdp: string): Promise<void>;
  leave(session: string): Promise<void>;
  unpublish(stream: RelayStream): Promise<void>;
  closeTournament(tournamentId: string): Promise<void>;
  close(): Promise<void>;
}

export type { MediaRelayConfig } from '../../config.ts';
