import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useServices } from '../../app/services.tsx';
import { useErrorText } from '../../rpc/use-error-text.ts';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { clubsOf, EventRows, upcomingTournamentsQuery } from '../events/index.ts';
import { Loading } from '../../ui/Loading.tsx';

/** /clubs: the clubs that meet on Tessera, each a link to its page. */
export function ClubsPage() {
  usePageTitle('Clubs');
  const { api } = useServices();
  const q = useQuery(upcomingTournamentsQuery(api));
  const error = useErrorText(q.error);
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">Clubs</h1>
      {error && <p role="alert">{error}</p>}
      {q.isPending ? (
        <Loading />
      ) : (
        <EventRows items={clubsOf(q.data?.tournaments ?? [])} label="Clubs" empty="No clubs yet." />
      )}
      <p>
        <Link to="/events">Events calendar</Link>
      </p>
    </section>
  );
}
