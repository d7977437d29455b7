import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../app/services.tsx';
import { useErrorText } from '../../rpc/use-error-text.ts';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { upcomingTournamentsQuery } from './queries.ts';
import { useNow } from '../../ui/use-now.ts';
import { clubsOf, upcomingOf, viewerTimeZone } from './event-list.ts';
import { EventRows } from './EventRows.tsx';
import { Loading } from '../../ui/Loading.tsx';

/**
 * /events (docs/product/tournaments.md §2 "Routes"): the club directory and
 * the upcoming tournaments, times in the viewer's own time zone.
 */
export function EventsPage() {
  usePageTitle('Events');
  const { api } = useServices();
  const q = useQuery(upcomingTournamentsQuery(api));
  const now = useNow(60_000);
  const error = useErrorText(q.error);
  const items = q.data?.tournaments ?? [];
  return (
    <section className="page events-page" aria-labelledby="page-title">
      <h1 id="page-title">Events</h1>
      <p className="muted">Times are shown in your time zone ({viewerTimeZone()}).</p>
      {error && <p role="alert">{error}</p>}
      <div className="events-columns">
        <section aria-labelledby="upcoming-title">
          <h2 id="upcoming-title">Upcoming tournaments</h2>
          {q.isPending ? (
            <Loading />
          ) : (
            <EventRows
              items={upcomingOf(items, now)}
              label="Upcoming tournaments"
              empty="No upcoming tournaments yet."
            />
          )}
        </section>
        <section aria-labelledby="club-directory-title">
          <h2 id="club-directory-title">Club directory</h2>
          {q.isPending ? (
            <Loading />
          ) : (
            <EventRows items={clubsOf(items)} label="Clubs" empty="No clubs yet." />
          )}
        </section>
      </div>
    </section>
  );
}
