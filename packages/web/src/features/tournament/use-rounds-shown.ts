import { useEffect } from 'react';
import { useServices } from '../../app/services.tsx';
import type { TournamentState } from './from-proto.ts';
import { roundsLoaded } from './live-updates.ts';
import type { Division } from './model.ts';
import { stateKey } from './queries.ts';

/**
 * The page holds a page of rounds (tournamentQuery: each division's current
 * round and its neighbours); a round shown that it does not hold is asked
 * for (GetTournament paged, that division, those rounds) and merged into the
 * page's state (issue 36 item 12). A failure leaves the round empty; the
 * next time it is shown it is asked for again.
 */
export function useRoundsShown(tournamentId: string, division: Division, rounds: number[]) {
  const { api, queries } = useServices();
  const loaded = division.loadedRounds;
  const wanted = loaded
    ? rounds
        .filter((r) => r >= 0 && r < division.numRounds && !loaded.includes(r))
        .sort((a, b) => a - b)
        .join(',')
    : '';
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    const list = wanted.split(',').map(Number);
    api.tournament
      .getTournament({ id: tournamentId, paged: true, division: division.id, rounds: list })
      .then((t) => {
        const page = t.divisions[division.id];
        if (!live || !page) return;
        queries.setQueryData<TournamentState>(stateKey(tournamentId), (s) =>
          s ? roundsLoaded(s, page, list) : s,
        );
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [api, queries, tournamentId, division.id, wanted]);
}
