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
import { division, type LogEntry, type TState } from '@tessera/tournament';
import { gameOutcomes } from './rules.ts';
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

export const tournamentRealm = (slug: string) =>
  `tournament.${slug.replace(/^\/(tournament|club)\//, '')}`;

export function broadcastChange(gateway: Gateway, s: TState, entries: LogEntry[]): void {
  const realm = tournamentRealm(s.meta.slug);
  const send = (bytes: Uint8Array) => gateway.toRealm(realm, bytes);
  const tournamentId = s.id;
  const sent = new Set<string>();
  const once = (key: string, f: () => void) => {
    if (!sent.has(key)) {
      sent.add(key);
      f();
    }
  };
  for (const { body: b } of entries) {
    const d = 'division' in b ? division(s, b.division) : undefined;
    switch (b.kind) {
      case 'round.started':
        send(
          encodeSocketMessage(MessageType.TOURNAMENT_ROUND_STARTED, TournamentRoundStartedSchema, {
            tournamentId,
            division: b.division,
            round: b.round,
          }),
        );
        break;
      case 'ready':
        send(
          encodeSocketMessage(MessageType.TOURNAMENT_READY_STATE, TournamentReadyStateSchema, {
            tournamentId,
            division: b.division,
            round: b.round,
            playerId: b.player,
            ready: b.ready,
          }),
        );
        break;
      case 'result.set': {
        if (!d) break;
        const row = d.rounds[b.round] ?? [];
        const pa = d.players.findIndex((p) => p.id === b.a);
        const pb = d.players.findIndex((p) => p.id === b.b);
        send(
          encodeSocketMessage(MessageType.TOURNAMENT_GAME_ENDED, TournamentGameEndedEventSchema, {
            tournamentId,
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
        break;
      }
      case 'pairings.set':
      case 'pairings.deleted':
      case 'game.started':
        if (d)
          once(`pairings.${d.name}`, () =>
            send(
              encodeSocketMessage(
                MessageType.TOURNAMENT_DIVISION_PAIRINGS,
                DivisionPairingsMessageSchema,
                {
                  tournamentId,
                  division: d.name,
                  pairings: pairingsView(d),
                  standings: standingsView(d),
                },
              ),
            ),
          );
        break;
      case 'division.controls':
        if (d)
          send(
            encodeSocketMessage(
              MessageType.TOURNAMENT_DIVISION_CONTROLS,
              DivisionControlsMessageSchema,
              {
                tournamentId,
                division: d.name,
                divisionControls: divisionControlsView(s, d),
                standings: standingsView(d),
              },
            ),
          );
        break;
      case 'round.controls':
      case 'round.control':
        if (d)
          send(
            encodeSocketMessage(
              MessageType.TOURNAMENT_ROUND_CONTROLS,
              DivisionRoundControlsMessageSchema,
              {
                tournamentId,
                division: d.name,
                roundControls: d.roundControls.map((rc, i) => roundControlView(rc, i)),
                pairings: pairingsView(d),
                standings: standingsView(d),
              },
            ),
          );
        break;
      case 'players.added':
      case 'players.removed':
      case 'registered':
        if (d)
          send(
            encodeSocketMessage(
              MessageType.TOURNAMENT_DIVISION_PLAYERS,
              DivisionPlayersMessageSchema,
              {
                tournamentId,
                division: d.name,
                players: divisionView(s, d).players,
                playerIndexMap: Object.fromEntries(d.players.map((p, i) => [p.id, i])),
                pairings: pairingsView(d),
                standings: standingsView(d),
              },
            ),
          );
        break;
      case 'division.removed':
        send(
          encodeSocketMessage(
            MessageType.TOURNAMENT_DIVISION_DELETED,
            DivisionDeletedMessageSchema,
            { tournamentId, division: b.division },
          ),
        );
        break;
      case 'finished':
        send(
          encodeSocketMessage(MessageType.TOURNAMENT_FINISHED, TournamentFinishedMessageSchema, {
            tournamentId,
            finished: b.finished,
          }),
        );
        break;
      case 'checkin':
        send(
          encodeSocketMessage(MessageType.TOURNAMENT_PLAYER_CHECKIN, PlayerCheckinMessageSchema, {
            tournamentId,
            playerId: b.id,
            checkedIn: b.checkedIn,
          }),
        );
        break;
      case 'metadata.set':
      case 'directors.added':
      case 'directors.removed':
      case 'registration':
      case 'checkins':
        once('meta', () =>
          send(
            encodeSocketMessage(MessageType.TOURNAMENT_METADATA, TournamentMetadataMessageSchema, {
              metadata: metadataView(s),
              directors: directorList(s),
            }),
          ),
        );
        break;
      default:
        // Anything else (division added or renamed, a player moved, unstart,
        // check-ins cleared): every division again.
        for (const x of s.divisions)
          once(`div.${x.name}`, () =>
            send(
              encodeSocketMessage(
                MessageType.TOURNAMENT_DIVISION,
                TournamentDivisionMessageSchema,
                {
                  tournamentId,
                  division: x.name,
                  full: divisionView(s, x),
                  started: s.started,
                  ...(b.kind === 'division.renamed' && x.name === b.newName
                    ? { renamedFrom: b.division }
                    : {}),
                },
              ),
            ),
          );
    }
  }
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
