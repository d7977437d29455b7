/**
 * After a change commits, the tournament's realm (`tournament.<slug>`) hears
 * what changed: one message per kind of change (tournament.proto, socket part).
 */
import {
  DivisionControlsMessageSchema,
  DivisionDeletedMessageSchema,
  DivisionPairingsMessageSchema,
  DivisionPlayersMessageSchema,
  DivisionRoundControlsMessageSchema,
  encodeSocketMessage,
  endReasons,
  MessageType,
  PlayerCheckinMessageSchema,
  TournamentDivisionMessageSchema,
  TournamentFinishedMessageSchema,
  TournamentGameEndedEventSchema,
  TournamentMetadataMessageSchema,
  TournamentReadyStateSchema,
  TournamentRoundStartedSchema,
} from '@tessera/protocol';
import type { Gateway } from '../../socket/gateway.ts';
import type { GameRow } from '../game/index.ts';
import {
  byKind,
  division,
  type LogEntry,
  type LogTable,
  type TState,
  gameOutcomes,
  tournamentRealm,
} from '@tessera/tournament';
import {
  directorList,
  divisionControlsView,
  divisionView,
  metadataView,
  pairingsView,
  roundControlView,
  OUTCOME_TO_WIRE,
  slotOutcome,
  standingsView,
} from './views.ts';

export function broadcastChange(gateway: Gateway, s: TState, entries: LogEntry[]): void {
  const realm = tournamentRealm(s.meta.slug);
  const send = (bytes: Uint8Array) => gateway.toRealm(realm, bytes);
  const sent = new Set<string>();
  const once = (key: string, message: () => Uint8Array) => {
    if (sent.has(key)) return;
    sent.add(key);
    send(message());
  };
  const out: Out = { s, send, once };
  for (const { body } of entries) byKind(TELL, body, out);
}

/** Where a change's messages go; `once` sends a view at most once per change (several entries may ask for it). */
interface Out {
  s: TState;
  send(bytes: Uint8Array): void;
  once(key: string, message: () => Uint8Array): void;
}

/** What the realm hears for each kind of entry. */
const TELL: LogTable<void, [out: Out]> = {
  'round.started'(b, { s, send }) {
    send(
      encodeSocketMessage(MessageType.TOURNAMENT_ROUND_STARTED, TournamentRoundStartedSchema, {
        tournamentId: s.id,
        division: b.division,
        round: b.round,
      }),
    );
  },
  ready(b, { s, send }) {
    send(
      encodeSocketMessage(MessageType.TOURNAMENT_READY_STATE, TournamentReadyStateSchema, {
        tournamentId: s.id,
        division: b.division,
        round: b.round,
        playerId: b.player,
        ready: b.ready,
      }),
    );
  },
  'result.set'(b, { s, send }) {
    const d = division(s, b.division);
    if (!d) return;
    const row = d.rounds[b.round] ?? [];
    const pa = d.players.findIndex((p) => p.id === b.a);
    const pb = d.players.findIndex((p) => p.id === b.b);
    send(
      encodeSocketMessage(MessageType.TOURNAMENT_GAME_ENDED, TournamentGameEndedEventSchema, {
        tournamentId: s.id,
        division: d.name,
        round: b.round,
        gameId: b.gameId ?? '',
        players: [b.a, b.b],
        scores: [b.scoreA, b.scoreB],
        results: [slotOutcome(row[pa]), slotOutcome(row[pb])],
        endReason: b.endReason,
        standings: standingsView(d),
      }),
    );
  },
  'pairings.set': (b, out) => pairings(out, b.division),
  'pairings.deleted': (b, out) => pairings(out, b.division),
  'game.started': (b, out) => pairings(out, b.division),
  'division.controls'(b, { s, send }) {
    const d = division(s, b.division);
    if (!d) return;
    send(
      encodeSocketMessage(MessageType.TOURNAMENT_DIVISION_CONTROLS, DivisionControlsMessageSchema, {
        tournamentId: s.id,
        division: d.name,
        divisionControls: divisionControlsView(s, d),
        standings: standingsView(d),
      }),
    );
  },
  'round.controls': (b, out) => roundControls(out, b.division),
  'round.control': (b, out) => roundControls(out, b.division),
  'players.added': (b, out) => players(out, b.division),
  'players.removed': (b, out) => players(out, b.division),
  registered: (b, out) => players(out, b.division),
  'division.removed'(b, { s, send }) {
    send(
      encodeSocketMessage(MessageType.TOURNAMENT_DIVISION_DELETED, DivisionDeletedMessageSchema, {
        tournamentId: s.id,
        division: b.division,
      }),
    );
  },
  finished(b, { s, send }) {
    send(
      encodeSocketMessage(MessageType.TOURNAMENT_FINISHED, TournamentFinishedMessageSchema, {
        tournamentId: s.id,
        finished: b.finished,
      }),
    );
  },
  checkin(b, { s, send }) {
    send(
      encodeSocketMessage(MessageType.TOURNAMENT_PLAYER_CHECKIN, PlayerCheckinMessageSchema, {
        tournamentId: s.id,
        playerId: b.id,
        checkedIn: b.checkedIn,
      }),
    );
  },
  'metadata.set': (_b, out) => metadata(out),
  'directors.added': (_b, out) => metadata(out),
  'directors.removed': (_b, out) => metadata(out),
  registration: (_b, out) => metadata(out),
  checkins: (_b, out) => metadata(out),
  // The rest reshape divisions as a whole: every division again.
  created: (_b, out) => everyDivision(out),
  'division.added': (_b, out) => everyDivision(out),
  'division.renamed': (b, out) => everyDivision(out, { from: b.division, to: b.newName }),
  'player.moved': (_b, out) => everyDivision(out),
  unregistered: (_b, out) => everyDivision(out),
  'checkins.cleared': (_b, out) => everyDivision(out),
  'unchecked.removed': (_b, out) => everyDivision(out),
  unstarted: (_b, out) => everyDivision(out),
  'unstart.undone': (_b, out) => everyDivision(out),
  // Held kiosk scores are the directors' business: their log shows them.
  'score.held': () => {},
};

function pairings({ s, once }: Out, name: string): void {
  const d = division(s, name);
  if (!d) return;
  once(`pairings.${d.name}`, () =>
    encodeSocketMessage(MessageType.TOURNAMENT_DIVISION_PAIRINGS, DivisionPairingsMessageSchema, {
      tournamentId: s.id,
      division: d.name,
      pairings: pairingsView(d),
      standings: standingsView(d),
    }),
  );
}

function roundControls({ s, send }: Out, name: string): void {
  const d = division(s, name);
  if (!d) return;
  send(
    encodeSocketMessage(MessageType.TOURNAMENT_ROUND_CONTROLS, DivisionRoundControlsMessageSchema, {
      tournamentId: s.id,
      division: d.name,
      roundControls: d.roundControls.map((rc, i) => roundControlView(rc, i)),
      pairings: pairingsView(d),
      standings: standingsView(d),
    }),
  );
}

function players({ s, send }: Out, name: string): void {
  const d = division(s, name);
  if (!d) return;
  send(
    encodeSocketMessage(MessageType.TOURNAMENT_DIVISION_PLAYERS, DivisionPlayersMessageSchema, {
      tournamentId: s.id,
      division: d.name,
      players: divisionView(s, d).players,
      playerIndexMap: Object.fromEntries(d.players.map((p, i) => [p.id, i])),
      pairings: pairingsView(d),
      standings: standingsView(d),
    }),
  );
}

function metadata({ s, once }: Out): void {
  once('meta', () =>
    encodeSocketMessage(MessageType.TOURNAMENT_METADATA, TournamentMetadataMessageSchema, {
      metadata: metadataView(s),
      directors: directorList(s),
    }),
  );
}

function everyDivision({ s, once }: Out, renamed?: { from: string; to: string }): void {
  for (const x of s.divisions)
    once(`div.${x.name}`, () =>
      encodeSocketMessage(MessageType.TOURNAMENT_DIVISION, TournamentDivisionMessageSchema, {
        tournamentId: s.id,
        division: x.name,
        full: divisionView(s, x),
        started: s.started,
        ...(renamed && x.name === renamed.to ? { renamedFrom: renamed.from } : {}),
      }),
    );
}

/**
 * A club game ended: the club's page hears it (no division, no standings), so
 * its Recent games list refreshes its first page.
 */
export function announceClubGame(
  gateway: Gateway,
  s: TState,
  row: Pick<GameRow, 'id' | 'score0' | 'score1' | 'winner' | 'end_reason'>,
  players: [string, string],
): void {
  const { outcomeA, outcomeB } = gameOutcomes(row.end_reason, row.winner);
  const wire = (o: typeof outcomeA) => (o ? OUTCOME_TO_WIRE[o] : 0);
  gateway.toRealm(
    tournamentRealm(s.meta.slug),
    encodeSocketMessage(MessageType.TOURNAMENT_GAME_ENDED, TournamentGameEndedEventSchema, {
      tournamentId: s.id,
      gameId: row.id,
      players,
      scores: [row.score0, row.score1],
      results: [wire(outcomeA), wire(outcomeB)],
      endReason: endReasons.toWire(row.end_reason as never),
    }),
  );
}
