import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useServices } from '../../../app/services.tsx';
import { useErrorText } from '../../../rpc/use-error-text.ts';
import { timestamp } from '../from-proto.ts';
import { clubSessionsQuery } from '../queries.ts';
import type { Viewer } from '../roles.ts';
import { useAction } from '../use-action.ts';

/**
 * A club's sessions (docs/product/tournaments.md §7 CreateClubSession,
 * GetRecentClubSessions): the latest meetings, each its own event page, and
 * for the club's directors a way to start one for a date.
 */
export function ClubSessions({ clubId, viewer }: { clubId: string; viewer: Viewer }) {
  const { api } = useServices();
  const queries = useQueryClient();
  const navigate = useNavigate();
  const q = useQuery(clubSessionsQuery(api, clubId, 0));
  const error = useErrorText(q.error);
  const { run, busy } = useAction();
  const [date, setDate] = useState(() => new Date().toISOString().slice(0, 10));
  const sessions = q.data?.sessions ?? [];

  async function create() {
    let made: { slug: string } | undefined;
    const ok = await run(async () => {
      made = await api.tournament.createClubSession({
        clubId,
        // Noon UTC of the day chosen: the server names the session by its UTC
        // date, and noon is that same day in every time zone people live in.
        date: timestamp(Date.parse(`${date}T12:00:00Z`)),
      });
    }, null);
    if (!ok || !made) return;
    await queries.invalidateQueries({ queryKey: clubSessionsQuery(api, clubId, 0).queryKey });
    navigate(made.slug);
  }

  if (!viewer.canDirect && sessions.length === 0) return null;
  return (
    <section className="card club-sessions" aria-labelledby="club-sessions-title">
      <h2 id="club-sessions-title" className="card-title">
        Club sessions
      </h2>
      {error && <p role="alert">{error}</p>}
      {sessions.length > 0 ? (
        <ul aria-label="Club sessions">
          {sessions.map((s) => (
            <li key={s.tournamentId}>
              {/* Old sessions have their name too; the slug is only a last resort. */}
              <Link to={s.slug}>{s.name || s.slug.split('/').pop()}</Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">No sessions yet.</p>
      )}
      {viewer.canDirect && (
        <form
          className="club-session-form"
          onSubmit={(e) => {
            e.preventDefault();
            void create();
          }}
        >
          <label>
            <span>Session date</span>
            <input type="date" value={date} onChange={(e) => setDate(e.target.value)} />
          </label>
          <button type="submit" className="button-secondary" disabled={busy || !date}>
            New club session
          </button>
        </form>
      )}
    </section>
  );
}
