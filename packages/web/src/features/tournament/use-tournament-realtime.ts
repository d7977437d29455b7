import { useEffect } from 'react';
import type { DescMessage, MessageShape } from '@bufbuild/protobuf';
import {
  DivisionControlsMessageSchema,
  DivisionDeletedMessageSchema,
  DivisionPairingsDeletedMessageSchema,
  DivisionPairingsMessageSchema,
  DivisionPlayersMessageSchema,
  DivisionRoundControlsMessageSchema,
  MessageType,
  PlayerCheckinMessageSchema,
  SessionInfoSchema,
  TournamentDivisionMessageSchema,
  TournamentFinishedMessageSchema,
  TournamentGameEndedEventSchema,
  TournamentMetadataMessageSchema,
  TournamentReadyStateSchema,
  TournamentRoundStartedSchema,
} from '@tessera/protocol';
import { useServices } from '../../app/services.tsx';
import type { TournamentState } from './from-proto.ts';
import * as live from './live-updates.ts';
import {
  recentGamesQuery,
  tournamentMetadataQuery,
  tournamentQuery,
  type PageKind,
} from './queries.ts';

/**
 * Keeps the page's cached tournament current from the tournament realm's
 * messages (docs/product/tournaments.md §4 "Client events"). Messages carry
 * deltas (the changed round's pairings, the standings a result moved) that
 * merge round by round; a division message without its body asks for the
 * tournament again (decision 0122). A finished game
 * also refreshes the first page of recent games only (§4: results join the
 * finished-games list only while its first page is shown).
 */
export function useTournamentRealtime(id: string, kind: PageKind, slug: string) {
  const { socket, queries, api } = useServices();
  useEffect(() => {
    if (!id) return;
    const key = tournamentQuery(api, id).queryKey;
    const edit = (f: (s: TournamentState) => TournamentState) =>
      queries.setQueryData<TournamentState>(key, (s) => (s ? f(s) : s));
    const offs: (() => void)[] = [];
    function on<D extends DescMessage>(
      type: MessageType,
      schema: D,
      f: (s: TournamentState, m: MessageShape<D>) => TournamentState,
    ) {
      offs.push(
        socket.on(type, schema, (m) => {
          if ((m as { tournamentId?: string }).tournamentId === id) edit((s) => f(s, m));
        }),
      );
    }
    on(MessageType.TOURNAMENT_ROUND_STARTED, TournamentRoundStartedSchema, (s, m) =>
      live.roundStarted(s, m, Date.now()),
    );
    on(MessageType.TOURNAMENT_READY_STATE, TournamentReadyStateSchema, live.readyState);
    on(MessageType.TOURNAMENT_GAME_ENDED, TournamentGameEndedEventSchema, (s, m) => {
      void queries.invalidateQueries({
        queryKey: recentGamesQuery(api, id, 0).queryKey,
        exact: true,
      });
      return live.gameEnded(s, m);
    });
    on(
      MessageType.TOURNAMENT_DIVISION_CONTROLS,
      DivisionControlsMessageSchema,
      live.divisionControls,
    );
    on(
      MessageType.TOURNAMENT_ROUND_CONTROLS,
      DivisionRoundControlsMessageSchema,
      live.roundControls,
    );
    on(MessageType.TOURNAMENT_DIVISION_PAIRINGS, DivisionPairingsMessageSchema, live.pairingsSet);
    on(
      MessageType.TOURNAMENT_DIVISION_PAIRINGS_DELETED,
      DivisionPairingsDeletedMessageSchema,
      live.pairingsDeleted,
    );
    on(MessageType.TOURNAMENT_DIVISION_PLAYERS, DivisionPlayersMessageSchema, live.playersChanged);
    on(MessageType.TOURNAMENT_DIVISION_DELETED, DivisionDeletedMessageSchema, live.divisionDeleted);
    on(MessageType.TOURNAMENT_PLAYER_CHECKIN, PlayerCheckinMessageSchema, live.checkin);
    on(MessageType.TOURNAMENT_DIVISION, TournamentDivisionMessageSchema, (s, m) => {
      // A division too big for one message comes without its body: fetch the tournament again.
      if (!m.full) void queries.invalidateQueries({ queryKey: key, exact: true });
      return live.wholeDivision(s, m);
    });
    on(MessageType.TOURNAMENT_FINISHED, TournamentFinishedMessageSchema, live.tournamentFinished);
    offs.push(
      socket.on(MessageType.TOURNAMENT_METADATA, TournamentMetadataMessageSchema, (m) => {
        const update = live.metadataUpdate(id, m);
        if (update) queries.setQueryData(tournamentMetadataQuery(api, kind, slug).queryKey, update);
      }),
    );
    // A new connection may have missed messages: ask for the tournament again.
    offs.push(
      socket.on(MessageType.SESSION_INFO, SessionInfoSchema, () => {
        void queries.invalidateQueries({ queryKey: key, exact: true });
      }),
    );
    return () => offs.forEach((off) => off());
  }, [id, kind, slug, socket, queries, api]);
}
