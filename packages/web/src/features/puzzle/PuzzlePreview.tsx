import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useServices, useSession } from '../../app/services.tsx';
import { usePreferences } from '../../preferences/use-preferences.ts';
import { readCgpPreview } from './cgp-board.ts';
import { migratePuzzleLexicon } from './puzzle-lexicon.ts';
import { puzzleLexiconsQuery, puzzleQuery } from './puzzle-queries.ts';
import './puzzle-preview.css';

/**
 * The lobby's puzzle card (docs/product/gameplay.md §2 "Lobby"): for a
 * signed-in user, the puzzle they would start with, its board and rack; for
 * a visitor, how many puzzles there are. Kept free of the engine (the lobby
 * loads first and small).
 */
export function PuzzlePreview() {
  const { api } = useServices();
  const session = useSession();
  const prefs = usePreferences();
  const lexicons = useQuery({ ...puzzleLexiconsQuery(api), retry: false });
  const available = (lexicons.data?.lexicons ?? []).filter((l) => l.puzzleCount > 0);
  const saved = migratePuzzleLexicon(prefs.puzzleLexicon);
  const lexicon =
    available.find((l) => l.lexicon === saved)?.lexicon ??
    [...available].sort((a, b) => b.puzzleCount - a.puzzleCount)[0]?.lexicon ??
    '';
  const start = useQuery({
    queryKey: ['puzzle', 'getStartPuzzleId', session.userId, lexicon, ''],
    queryFn: () => api.puzzle.getStartPuzzleId({ lexicon, tags: [] }),
    enabled: session.loggedIn && lexicon !== '',
    retry: false,
  });
  const puzzleId = start.data?.puzzleId ?? '';
  const puzzle = useQuery({
    ...puzzleQuery(api, session.userId, puzzleId),
    enabled: puzzleId !== '',
  });
  const preview = puzzle.data ? readCgpPreview(puzzle.data.cgp) : null;
  const total = available.reduce((n, l) => n + l.puzzleCount, 0);

  return (
    <section className="card extras-card" aria-labelledby="puzzle-title">
      <h2 id="puzzle-title" className="card-title">
        Puzzle
      </h2>
      {preview ? (
        <>
          <div
            className="preview-board"
            style={{ gridTemplateColumns: `repeat(${preview.rows.length}, 1fr)` }}
            role="img"
            aria-label={`A ${lexicon} puzzle position`}
          >
            {preview.rows.flatMap((row, r) =>
              row.map((t, c) => (
                <span key={`${r}-${c}`} className={t ? 'preview-square filled' : 'preview-square'}>
                  {t.toUpperCase()}
                </span>
              )),
            )}
          </div>
          <div className="tile-word" aria-label={`Rack ${preview.rack.join('')}`}>
            {preview.rack.map((l, i) => (
              <span key={i} className="mini-tile">
                {l === '?' ? '' : l}
              </span>
            ))}
          </div>
          <p className="muted">Find the best play ({lexicon}).</p>
          <Link to={`/puzzle/${encodeURIComponent(puzzleId)}`}>Solve this puzzle</Link>
        </>
      ) : (
        <>
          <div className="tile-word" aria-hidden="true">
            {[...'PUZZLE'].map((l, i) => (
              <span key={i} className="mini-tile">
                {l}
              </span>
            ))}
          </div>
          <p className="muted">
            Find the best play from a real game position.
            {total > 0 &&
              ` ${total} puzzles in ${available.length} dictionar${available.length === 1 ? 'y' : 'ies'}.`}
          </p>
          <Link to="/puzzle">Go to puzzles</Link>
        </>
      )}
    </section>
  );
}
