import { useCallback } from 'react';
import { GameEndReason, TournamentGameResult } from '@tessera/protocol';
import { useServices } from '../../app/services.tsx';
import type { Division } from './model.ts';
import { SUCCESS } from './messages.ts';
import { tournamentErrorText } from './tournament-errors.ts';

/** Results from two scores: higher wins, equal draws (§5 "Set result"). */
export function resultsOf(a: number, b: number): [TournamentGameResult, TournamentGameResult] {
  if (a > b) return [TournamentGameResult.WIN, TournamentGameResult.LOSS];
  if (a < b) return [TournamentGameResult.LOSS, TournamentGameResult.WIN];
  return [TournamentGameResult.DRAW, TournamentGameResult.DRAW];
}

/** The kiosk's score entry: SetResult for the player's own pairing of the current round. */
export function useKioskSubmit(id: string) {
  const { api, notifications, queries } = useServices();
  return useCallback(
    async (round: number, opponent: string, personId: string, mine: number, theirs: number) => {
      const division = (
        queries.getQueryData<{ divisions: Division[] }>(['tournament', 'getTournament', id])
          ?.divisions ?? []
      ).find((d) => d.players.some((p) => p.id === personId));
      const [r1, r2] = resultsOf(mine, theirs);
      try {
        await api.tournament.setResult({
          id,
          division: division?.id ?? '',
          playerOneId: personId,
          playerTwoId: opponent,
          round,
          playerOneScore: mine,
          playerTwoScore: theirs,
          playerOneResult: r1,
          playerTwoResult: r2,
          gameEndReason: GameEndReason.STANDARD,
          amendment: false,
          gameIndex: 0,
        });
        notifications.show('success', SUCCESS.resultSubmitted);
        return '';
      } catch (err) {
        return tournamentErrorText(err);
      }
    },
    [api, id, notifications, queries],
  );
}
