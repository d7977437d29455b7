import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useServices } from '../../app/services.tsx';
import { upcomingOf, EventRows, upcomingTournamentsQuery } from '../events/index.ts';
import { useNow } from '../../ui/use-now.ts';
import { Loading } from '../../ui/Loading.tsx';

/** What the widget says while no tournament is scheduled. */
export const NO_TOURNAMENTS = 'No upcoming tournaments yet.';

/** How many upcoming events the lobby shows. */
export const WIDGET_EVENTS = 5;

/**
 * The lobby's tournaments widget (docs/product/gameplay.md §2 "Lobby", left
 * column under the chat): the next upcoming events, links to all events and
 * to the clubs.
 */
export function TournamentsWidget() {
  const { api } = useServices();
  const q = useQuery(upcomingTournamentsQuery(api));
  const now = useNow(60_000);
  const items = upcomingOf(q.data?.tournaments ?? [], now).slice(0, WIDGET_EVENTS);
  return (
    <section className="card extras-card lobby-tournaments" aria-labelledby="tournaments-title">
      <h2 id="tournaments-title" className="card-title">
        Tournaments
      </h2>
      {q.isPending ? (
        <Loading />
      ) : (
        <EventRows items={items} label="Upcoming tournaments" empty={NO_TOURNAMENTS} />
      )}
      <p>
        <Link to="/events">All events</Link> · <Link to="/clubs">Browse clubs</Link>
      </p>
    </section>
  );
}
