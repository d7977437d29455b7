import { Link } from 'react-router';

/** What the widget says while no tournament is scheduled. */
export const NO_TOURNAMENTS = 'No upcoming tournaments yet.';

/**
 * The lobby's tournaments widget (docs/product/gameplay.md §2 "Lobby", left
 * column under the chat). Tournaments cannot be scheduled yet, so this is its
 * empty state; it will list the upcoming events once they exist.
 */
export function TournamentsWidget() {
  return (
    <section className="card extras-card lobby-tournaments" aria-labelledby="tournaments-title">
      <h2 id="tournaments-title" className="card-title">
        Tournaments
      </h2>
      <p className="muted">{NO_TOURNAMENTS}</p>
      <p className="muted">Upcoming events will be listed here when they are scheduled.</p>
      <Link to="/clubs">Browse clubs</Link>
    </section>
  );
}
