import { useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useSession } from '../../app/services.tsx';
import { setPreferences, usePreferences } from '../../preferences/use-preferences.ts';
import { Alert } from '../../ui/Alert.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { useLoginModal } from '../auth/index.ts';
import { migratePuzzleLexicon, usablePuzzleLexicon } from './puzzle-lexicon.ts';
import { PuzzleSidePanel } from './PuzzleSidePanel.tsx';
import { PuzzleSolver } from './PuzzleSolver.tsx';
import { PuzzleToolbar } from './PuzzleToolbar.tsx';
import { StartPuzzle } from './StartPuzzle.tsx';
import { usePuzzleLexicons } from './use-puzzle-lexicons.ts';
import { WelcomeModal } from './WelcomeModal.tsx';
import '../../board/game.css';
import './puzzle.css';

export const LOGGED_OUT_TEXT = 'Log in or register to start solving puzzles.';

/**
 * Puzzle mode (/puzzle and /puzzle/{id}, docs/product/gameplay.md §2 "Puzzle
 * page"): without an id it finds a start puzzle in the saved dictionary (and
 * theme); with one it shows that puzzle to solve. The dictionary is asked
 * for on the first visit and kept in the local preferences.
 */
export function PuzzlePage() {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const theme = search.get('theme');
  usePageTitle(id ? 'Puzzle' : 'Puzzles');
  const session = useSession();
  const { openLogin } = useLoginModal();
  const prefs = usePreferences();
  const lexicons = usePuzzleLexicons();
  const [welcomeClosed, setWelcomeClosed] = useState(false);

  // §4.13: a name stored by an older version is renamed once, on load.
  useEffect(() => {
    const migrated = migratePuzzleLexicon(prefs.puzzleLexicon);
    if (migrated !== prefs.puzzleLexicon) setPreferences({ puzzleLexicon: migrated });
  }, [prefs.puzzleLexicon]);

  const lexicon = usablePuzzleLexicon(
    prefs.puzzleLexicon,
    lexicons.options.map((o) => o.name),
  );
  const needLexicon = session.loggedIn && lexicons.ready && !lexicon;

  return (
    <div className="puzzle-page">
      <div className="puzzle-main">
        <h1 className="page-title">Puzzles</h1>
        {!session.loggedIn ? (
          <div className="card puzzle-logged-out">
            <p>{LOGGED_OUT_TEXT}</p>
            <p>
              <button type="button" className="button-primary" onClick={openLogin}>
                Log in
              </button>{' '}
              <Link to="/register">Register</Link>
            </p>
          </div>
        ) : (
          <>
            <PuzzleToolbar
              lexicon={lexicon}
              theme={theme}
              options={lexicons.options}
              onLexicon={(name) => setPreferences({ puzzleLexicon: name })}
            />
            {!lexicon ? (
              needLexicon && welcomeClosed ? (
                <Alert kind="info">
                  <button
                    type="button"
                    className="link-button"
                    onClick={() => setWelcomeClosed(false)}
                  >
                    Choose a dictionary
                  </button>{' '}
                  to start solving puzzles.
                </Alert>
              ) : null
            ) : id ? (
              <PuzzleSolver puzzleId={id} lexicon={lexicon} theme={theme} />
            ) : (
              <StartPuzzle lexicon={lexicon} theme={theme} />
            )}
          </>
        )}
      </div>
      <aside className="puzzle-side">
        <PuzzleSidePanel />
      </aside>
      {needLexicon && !welcomeClosed && (
        <WelcomeModal
          options={lexicons.options}
          ready={lexicons.ready}
          initial=""
          onChoose={(name) => setPreferences({ puzzleLexicon: name })}
          onClose={() => setWelcomeClosed(true)}
        />
      )}
    </div>
  );
}
