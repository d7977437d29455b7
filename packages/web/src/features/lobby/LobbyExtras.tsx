import { Link } from 'react-router';
import { Announcements } from './Announcements.tsx';
import { MyRatings } from './MyRatings.tsx';

/**
 * The lobby's right column (docs/product/gameplay.md §2 "Lobby"): announcements, the user's
 * ratings and a puzzle preview (puzzles have no server yet, so it says what
 * will be there).
 */
export function LobbyExtras() {
  return (
    <>
      <Announcements />
      <MyRatings />
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
