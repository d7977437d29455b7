import { Link } from 'react-router';

/**
 * The lobby's right column (spec §2 "Lobby"): announcements and a puzzle
 * preview. Neither has a server yet, so both say what will be there.
 */
export function LobbyExtras() {
  return (
    <>
      <section className="card extras-card" aria-labelledby="announcements-title">
        <h2 id="announcements-title" className="card-title">
          Announcements
        </h2>
        <p className="muted">
          News from the Tessera team — tournaments, new features, maintenance — will appear here.
          There is nothing to announce yet.
        </p>
      </section>
      <section className="card extras-card" aria-labelledby="puzzle-title">
        <h2 id="puzzle-title" className="card-title">
          Puzzle
        </h2>
        <div className="tile-word" aria-hidden="true">
          {[...'PUZZLE'].map((l, i) => (
            <span key={i} className="mini-tile">
              {l}
            </span>
          ))}
        </div>
        <p className="muted">
          Find the best play from a real game position. Puzzles are coming soon; the preview will
          show today's position here.
        </p>
        <Link to="/puzzle">Go to puzzles</Link>
      </section>
    </>
  );
}
