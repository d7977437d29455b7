import { useState } from 'react';
import { Link } from 'react-router';
import { useTeam } from '../../site/site-files.ts';
import { readWonkyTiles, setWonkyTiles } from '../../site/wonky-tiles.ts';
import { usePageTitle } from '../../ui/use-page-title.ts';

/**
 * /about and /team (docs/product/community.md §2.1): the mission, the team
 * from the operator's list (TEAM_FILE), and a hidden toggle: the T of the
 * title tile knocks every tile of the site askew, and back.
 */
export function AboutPage() {
  usePageTitle('About us');
  const team = useTeam();
  const [wonky, setWonky] = useState(readWonkyTiles);

  function toggle() {
    setWonkyTiles(!wonky);
    setWonky(!wonky);
  }

  return (
    <section className="page about-page" aria-labelledby="page-title">
      <div className="about-title">
        <button
          type="button"
          className="about-secret"
          aria-pressed={wonky}
          aria-label="Wonky tiles"
          title=""
          onClick={toggle}
        >
          <span className="tile-letter">T</span>
          <span className="tile-score">1</span>
        </button>
        <h1 id="page-title">About us</h1>
      </div>
      <h2>Our mission</h2>
      <p>
        Tessera exists so that anyone, anywhere, can play the crossword tile game well: against
        people or bots, in clubs and tournaments, and study it with puzzles and analysis, free of
        charge and free of advertising. It is run as a non-profit by volunteers and paid for by
        donations, and its code is open.
      </p>
      <p>
        Read the <Link to="/terms">Terms of Service</Link>, or{' '}
        <Link to="/settings/donate">support Tessera</Link>.
      </p>
      <h2 id="team">The team</h2>
      {team.isPending ? null : (team.data ?? []).length === 0 ? (
        <p>The volunteers who run this site have not listed themselves yet.</p>
      ) : (
        <ul className="team-list" aria-labelledby="team">
          {team.data!.map((m) => (
            <li key={`${m.name}-${m.role}`}>
              {m.url ? (
                <a href={m.url} rel="noopener noreferrer">
                  {m.name}
                </a>
              ) : (
                <strong>{m.name}</strong>
              )}{' '}
              — {m.role}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
