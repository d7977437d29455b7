import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../app/services.tsx';
import { MonitoringHost } from './MonitoringHost.tsx';

/**
 * A tournament game's page: for a player of a monitored tournament, the
 * widget and (with ?monitoring=true) the setup dialog.
 */
export function GameMonitoring({
  tournamentId,
  player,
}: {
  tournamentId: string;
  player: boolean;
}) {
  const { api } = useServices();
  const q = useQuery({
    queryKey: ['monitoring', 'monitored', tournamentId],
    queryFn: async () =>
      !!(await api.tournament.getTournamentMetadata({ id: tournamentId })).metadata?.monitored,
    staleTime: Infinity,
    retry: false,
  });
  return (
    <MonitoringHost
      tournamentId={tournamentId}
      monitored={!!q.data}
      participant={player}
      director={false}
    />
  );
}
