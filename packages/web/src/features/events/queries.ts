import { queryOptions } from '@tanstack/react-query';
import type { ApiClients } from '../../rpc/clients.ts';

/**
 * Recent and upcoming tournaments (the events page, the clubs page and the
 * lobby widget). The key stays under 'tournament' with the other tournament data.
 */
export const upcomingTournamentsQuery = (api: ApiClients) =>
  queryOptions({
    queryKey: ['tournament', 'getRecentAndUpcomingTournaments'],
    queryFn: () => api.tournament.getRecentAndUpcomingTournaments({}),
    staleTime: 60_000,
  });
