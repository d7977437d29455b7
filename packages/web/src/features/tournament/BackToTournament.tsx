import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useServices } from '../../app/services.tsx';
import { tournamentByIdQuery } from './queries.ts';

/**
 * In a tournament or club game, the way back to its page by slug, reading
 * Back to Tournament or Back to Club (docs/product/tournaments.md §2
 * "Routes"). Nothing while the tournament is unknown.
 */
export function BackToTournament({ tournamentId }: { tournamentId: string }) {
  const { api } = useServices();
  const q = useQuery(tournamentByIdQuery(api, tournamentId));
  if (!q.data) return null;
  const club = q.data.type === 'club';
  const path = q.data.slug.startsWith('/')
    ? q.data.slug
    : `/${club ? 'club' : 'tournament'}/${q.data.slug}`;
  return (
    <Link to={path} className="back-to-tournament">
      {club ? 'Back to Club' : 'Back to Tournament'}
    </Link>
  );
}
