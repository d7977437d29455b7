import { Link } from 'react-router';
import { whenText, type EventItem } from './event-list.ts';

/** A list of events or clubs with links to their pages. */
export function EventRows({
  items,
  label,
  empty,
}: {
  items: readonly EventItem[];
  label: string;
  empty: string;
}) {
  if (items.length === 0) return <p className="muted">{empty}</p>;
  return (
    <ul className="event-rows" aria-label={label}>
      {items.map((e) => (
        <li key={e.id}>
          <Link to={e.path}>{e.name}</Link>
          {e.start > 0 && (
            <span className="muted">
              {' '}
              · <time dateTime={new Date(e.start).toISOString()}>{whenText(e.start)}</time>
            </span>
          )}
          {e.director && <span className="muted"> · {e.director}</span>}
          {!e.club && e.registrants > 0 && (
            <span className="muted"> · {e.registrants} registered</span>
          )}
          {e.registrationOpen && <span className="tag"> Registration open</span>}
        </li>
      ))}
    </ul>
  );
}
