import { useQuery } from '@tanstack/react-query';
import { PuzzleStatus, type PuzzleHistoryEntry } from '@tessera/protocol';
import { useState } from 'react';
import { Link } from 'react-router';
import { useServices, useSession } from '../../app/services.tsx';
import { usePreferences } from '../../preferences/use-preferences.ts';
import { useErrorText } from '../../rpc/use-error-text.ts';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { LOGGED_OUT_TEXT } from './PuzzlePage.tsx';
import { migratePuzzleLexicon } from './puzzle-lexicon.ts';
import { puzzleHistoryQuery } from './puzzle-queries.ts';
import { Stars } from './PuzzleResult.tsx';
import { RatingChart } from './RatingChart.tsx';
import './puzzle.css';
import { Loading } from '../../ui/Loading.tsx';

function statusText(e: PuzzleHistoryEntry): string {
  if (e.status === PuzzleStatus.CORRECT) return 'Solved';
  if (e.status === PuzzleStatus.INCORRECT) return 'Gave up';
  return 'Not solved yet';
}

function day(iso: string): string {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? '' : new Date(t).toLocaleDateString();
}

/**
 * /puzzle/history: the user's puzzles, newest first, with their puzzle
 * rating per dictionary and a chart of it over time.
 */
export function PuzzleHistoryPage() {
  usePageTitle('My puzzles');
  const { api } = useServices();
  const session = useSession();
  const prefs = usePreferences();
  const [lexicon, setLexicon] = useState('');
  const history = useQuery({
    ...puzzleHistoryQuery(api, session.userId, lexicon),
    enabled: session.loggedIn,
  });
  const failure = useErrorText(history.error);
  const data = history.data;
  const lexicons = [...new Set((data?.ratings ?? []).map((r) => r.lexicon))];
  const chartLexicon =
    lexicon || lexicons.find((l) => l === migratePuzzleLexicon(prefs.puzzleLexicon)) || lexicons[0];

  return (
    <section className="page puzzle-history" aria-labelledby="page-title">
      <h1 id="page-title">My puzzles</h1>
      <p>
        <Link to="/puzzle">Back to puzzles</Link>
      </p>
      {!session.loggedIn ? (
        <p>{LOGGED_OUT_TEXT}</p>
      ) : failure || !data ? (
        <Loading error={failure} className="page-loading" />
      ) : (
        <>
          {lexicons.length > 0 && (
            <div className="field field-inline">
              <label htmlFor="puzzle-history-lexicon">Dictionary</label>
              <select
                id="puzzle-history-lexicon"
                value={lexicon}
                onChange={(e) => setLexicon(e.target.value)}
              >
                <option value="">All</option>
                {lexicons.map((l) => (
                  <option key={l} value={l}>
                    {l}
                  </option>
                ))}
              </select>
            </div>
          )}
          {data.ratings.length > 0 && (
            <ul className="puzzle-ratings" aria-label="Puzzle ratings">
              {data.ratings.map((r) => (
                <li key={r.lexicon}>
                  {r.lexicon}: <strong>{r.rating}</strong>
                  {!r.established && '?'} <span className="muted">({r.puzzlesRated} rated)</span>
                </li>
              ))}
            </ul>
          )}
          {chartLexicon && <RatingChart points={data.ratingHistory} lexicon={chartLexicon} />}
          {data.entries.length === 0 ? (
            <p>
              No puzzles yet. <Link to="/puzzle">Solve your first one.</Link>
            </p>
          ) : (
            <table className="puzzle-history-table">
              <thead>
                <tr>
                  <th scope="col">Puzzle</th>
                  <th scope="col">Dictionary</th>
                  <th scope="col">Result</th>
                  <th scope="col">Attempts</th>
                  <th scope="col">Stars</th>
                  <th scope="col">Rating after</th>
                </tr>
              </thead>
              <tbody>
                {data.entries.map((e) => (
                  <tr key={e.puzzleId}>
                    <td>
                      <Link to={`/puzzle/${encodeURIComponent(e.puzzleId)}`}>
                        {day(e.firstSeenAt) || e.puzzleId}
                      </Link>
                    </td>
                    <td>{e.lexicon}</td>
                    <td>{statusText(e)}</td>
                    <td>{e.attempts}</td>
                    <td>{e.stars > 0 ? <Stars stars={e.stars} /> : '—'}</td>
                    <td>{e.ratingAfter || '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </section>
  );
}
