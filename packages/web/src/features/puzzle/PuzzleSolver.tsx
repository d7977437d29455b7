import { ConnectError } from '@connectrpc/connect';
import { ERRORS } from '@tessera/protocol';
import { useEffect, useState, type CSSProperties } from 'react';
import { Navigate } from 'react-router';
import { useServices } from '../../app/services.tsx';
import { boardStyleVars, tileStyleVars } from '../../preferences/styles.ts';
import { usePreferences } from '../../preferences/use-preferences.ts';
import { errorText } from '../../rpc/errors.ts';
import { Alert } from '../../ui/Alert.tsx';
import { HintsPanel } from './HintsPanel.tsx';
import { answerFacts } from './puzzle-view.ts';
import { PuzzleBoard } from './PuzzleBoard.tsx';
import { PuzzleResult } from './PuzzleResult.tsx';
import { TryAgainModal } from './TryAgainModal.tsx';
import { useGoToPuzzle } from './navigation.ts';
import { themeTags } from './puzzle-queries.ts';
import { usePuzzle } from './use-puzzle.ts';

/** The failure is the server saying this puzzle does not exist. */
function notFound(err: unknown): boolean {
  return (
    err instanceof ConnectError && err.rawMessage.startsWith(`${ERRORS.PUZZLE_NOT_FOUND.code};`)
  );
}

/** Says why, once, and goes back to /puzzle (a start puzzle in the saved dictionary). */
function BackToStart({ error }: { error: unknown }) {
  const { notifications } = useServices();
  useEffect(() => {
    notifications.show('error', errorText(error));
  }, [notifications, error]);
  return <Navigate to="/puzzle" replace />;
}

/** One puzzle: the position to solve, its hints, its state and what comes next. */
export function PuzzleSolver({
  puzzleId,
  lexicon,
  theme,
}: {
  puzzleId: string;
  lexicon: string;
  theme: string | null;
}) {
  const { api, notifications } = useServices();
  const prefs = usePreferences();
  const puzzle = usePuzzle(puzzleId);
  const go = useGoToPuzzle(theme);
  // Hints the user chose to see, per puzzle.
  const [revealed, setRevealed] = useState({ id: puzzleId, count: 0 });
  const shownHints = revealed.id === puzzleId ? revealed.count : 0;

  const style = {
    ...boardStyleVars(prefs.boardStyle),
    ...tileStyleVars(prefs.tileStyle),
  } as CSSProperties;

  if (puzzle.query.error) {
    // docs/product/gameplay.md §8: an invalid puzzle id goes back to the default state.
    if (notFound(puzzle.query.error)) return <BackToStart error={puzzle.query.error} />;
    return <Alert kind="error">{errorText(puzzle.query.error)}</Alert>;
  }
  const { data, view } = puzzle;
  if (!data || !view) {
    return (
      <p className="page-loading" role="status">
        Loading the puzzle…
      </p>
    );
  }

  const facts = answerFacts(data.answer?.hints);
  const highlight =
    !puzzle.answered && facts && shownHints >= 3
      ? facts.vertical
        ? { column: facts.column }
        : { row: facts.row }
      : null;
  const next = async () => {
    try {
      const r = await api.puzzle.getNextClosestRatingPuzzleId({
        lexicon: data.lexicon || lexicon,
        tags: themeTags(theme),
      });
      if (r.poolExhausted) {
        notifications.show('info', 'You have seen every puzzle here; these come round again.');
      }
      go(r.puzzleId);
    } catch (err) {
      notifications.show('error', errorText(err));
    }
  };
  const previous = async () => {
    try {
      const r = await api.puzzle.getPreviousPuzzleId({ puzzleId });
      go(r.puzzleId);
    } catch (err) {
      notifications.show('error', errorText(err));
    }
  };

  return (
    <div className="puzzle-solver" style={style} data-puzzle-id={puzzleId}>
      <div className="puzzle-board-column">
        <p className="puzzle-prompt">
          {puzzle.answered
            ? 'The best play is on the board.'
            : `Find the best play with your rack (${data.lexicon}).`}{' '}
          <span className="muted">
            Score {view.scores[view.playerOnTurn]}–{view.scores[1 - view.playerOnTurn]}
          </span>
        </p>
        <PuzzleBoard
          // A fresh rack per puzzle.
          key={puzzleId}
          view={view}
          solving={!puzzle.answered && !puzzle.busy}
          highlight={highlight}
          onSolve={(coords, tiles) => void puzzle.solve(coords, tiles)}
          palette={style}
        />
      </div>
      <div className="puzzle-panels">
        <PuzzleResult
          data={data}
          busy={puzzle.busy}
          onGiveUp={() => void puzzle.giveUp()}
          onVote={(v) => void puzzle.vote(v)}
          onNext={() => void next()}
          onPrevious={() => void previous()}
        />
        {!puzzle.answered && (
          <HintsPanel
            answer={data.answer}
            revealed={shownHints}
            onReveal={() => setRevealed({ id: puzzleId, count: shownHints + 1 })}
          />
        )}
      </div>
      {puzzle.wrong && <TryAgainModal wrong={puzzle.wrong} onClose={puzzle.closeWrong} />}
    </div>
  );
}
