import { PuzzleStatus, type GetPuzzleResponse } from '@tessera/protocol';
import { Link } from 'react-router';
import { MAX_STARS } from './hints.ts';
import { tagLabel } from './puzzle-queries.ts';
import { solutionText } from './puzzle-view.ts';

export const GIVE_UP_LABEL = 'Show solution';
export const NEXT_LABEL = 'Next puzzle';
export const PREVIOUS_LABEL = 'Previous puzzle';
export const SOURCE_GAME_LABEL = 'See the game this puzzle comes from';

/** "★★☆" read as "2 of 3 stars". */
export function Stars({ stars }: { stars: number }) {
  return (
    <span className="puzzle-stars" role="img" aria-label={`${stars} of ${MAX_STARS} stars`}>
      {'★'.repeat(stars)}
      {'☆'.repeat(Math.max(0, MAX_STARS - stars))}
    </span>
  );
}

const VOTES = [
  { value: 1, label: 'I like this puzzle', icon: '▲' },
  { value: -1, label: 'I dislike this puzzle', icon: '▼' },
] as const;

/**
 * The puzzle's state card: the attempts while it is open (and giving up),
 * then the verdict, stars, ratings, the solution, its tags, the vote buttons
 * and the game it comes from.
 */
export function PuzzleResult({
  data,
  busy,
  onGiveUp,
  onVote,
  onNext,
  onPrevious,
}: {
  data: GetPuzzleResponse;
  busy: boolean;
  onGiveUp: () => void;
  onVote: (value: number) => void;
  onNext: () => void;
  onPrevious: () => void;
}) {
  const answer = data.answer;
  const status = answer?.status ?? PuzzleStatus.UNANSWERED;
  const attempts = answer?.attempts ?? 0;
  const answered = status === PuzzleStatus.CORRECT || status === PuzzleStatus.INCORRECT;
  return (
    <section className="card puzzle-result" aria-labelledby="puzzle-result-title">
      <h2 id="puzzle-result-title" className="card-title">
        {status === PuzzleStatus.CORRECT
          ? 'Solved!'
          : status === PuzzleStatus.INCORRECT
            ? 'Solution shown'
            : 'Find the best play'}
      </h2>
      <p data-testid="puzzle-attempts">
        {attempts === 0 ? 'No attempts yet.' : `Attempts: ${attempts}`}
        {data.rating > 0 && <span className="muted"> · Puzzle rating {data.rating}</span>}
      </p>
      {status === PuzzleStatus.CORRECT && <Stars stars={answer?.stars ?? 0} />}
      {answered && answer?.newUserRating ? (
        <p>Your puzzle rating is now {answer.newUserRating}.</p>
      ) : null}
      {answered && answer?.correctAnswer && (
        <p>
          Solution:{' '}
          <strong
            data-solution={`${answer.correctAnswer.position} ${answer.correctAnswer.playedTiles}`}
          >
            {solutionText(answer.correctAnswer)}
          </strong>
          {answer.correctAnswer.isBingo && ' (bingo)'}
        </p>
      )}
      {answered && data.tags.length > 0 && (
        <ul className="puzzle-tags" aria-label="Themes">
          {data.tags.map((t) => (
            <li key={t} className="puzzle-tag">
              {tagLabel(t)}
            </li>
          ))}
        </ul>
      )}
      {/* The server names the source game only once the puzzle is answered (decision 0119). */}
      {answered && answer?.gameId && (
        <p>
          {/* ?turn=n examines the position after n - 1 events: the puzzle's own position. */}
          <Link
            to={`/game/${encodeURIComponent(answer.gameId)}?turn=${answer.turnNumber || (data.history?.events.length ?? 0) + 1}`}
          >
            {SOURCE_GAME_LABEL}
          </Link>
        </p>
      )}
      {answered && (
        <div className="puzzle-votes" role="group" aria-label="Vote">
          {VOTES.map((v) => (
            <button
              key={v.value}
              type="button"
              className="icon-button"
              aria-label={v.label}
              aria-pressed={data.userVote === v.value}
              onClick={() => onVote(data.userVote === v.value ? 0 : v.value)}
            >
              {v.icon}
            </button>
          ))}
          <span className="muted" data-testid="puzzle-vote-total">
            {data.voteTotal > 0 ? `+${data.voteTotal}` : data.voteTotal}
          </span>
        </div>
      )}
      <div className="puzzle-actions">
        {!answered && (
          <button type="button" className="button-secondary" disabled={busy} onClick={onGiveUp}>
            {GIVE_UP_LABEL}
          </button>
        )}
        <button type="button" className="button-secondary" onClick={onPrevious}>
          {PREVIOUS_LABEL}
        </button>
        <button
          type="button"
          className={answered ? 'button-primary' : 'button-secondary'}
          onClick={onNext}
        >
          {NEXT_LABEL}
        </button>
      </div>
    </section>
  );
}
