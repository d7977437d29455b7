import { parseTiles, printTiles, type LetterSet } from '@tessera/engine';
import type { AnalyzerMove } from '@tessera/engine/ai';
import { useEffect, useId, useState } from 'react';
import { useServices } from '../../../app/services.tsx';
import { usePreferences } from '../../../preferences/use-preferences.ts';
import type { AnalyzerEngine } from './analyzer-client.ts';
import type { AnalyzerPosition } from './examine.ts';
import { WordText } from '../panels/WordText.tsx';
import { DefinedWord } from '../words/DefinedWord.tsx';
import { graphUrlFor } from './graph-url.ts';

/** The board's letters on the squares a move plays through, for showing the whole word. */
function throughLetters(
  m: AnalyzerMove,
  squares: Uint8Array,
  set: LetterSet,
  dim: number,
): string[] {
  const tiles = parseTiles(set, m.tiles, 'word');
  if (!tiles.ok) return [];
  const out: string[] = [];
  tiles.value.forEach((t, k) => {
    if (t !== 0) return;
    const sq = (m.row + (m.vertical ? k : 0)) * dim + m.col + (m.vertical ? 0 : k);
    out.push(printTiles(set, [squares[sq]], 'word').toUpperCase());
  });
  return out;
}

type Result =
  | { status: 'running' }
  | { status: 'done'; moves: AnalyzerMove[] }
  | { status: 'error'; message: string };

const AUTO_KEY = 'tessera.analyzer.auto';

function readAuto(): boolean {
  try {
    return localStorage.getItem(AUTO_KEY) !== 'false';
  } catch {
    return true;
  }
}

/**
 * The analyzer (docs/product/gameplay.md §2, §4 "Analyzer"): the engine's best
 * moves for the examined position, with coordinates, move, score, leave and
 * equity, run in a Web Worker. Results are kept per position; with Auto on,
 * each new position is analyzed as it is shown.
 */
export function Analyzer({
  lexicon,
  positionKey,
  position,
  engine,
  board,
}: {
  /** The examined position's squares, to spell out played-through letters. */
  board: { squares: Uint8Array; set: LetterSet; dim: number };
  lexicon: string;
  /** Identifies the position (the results cache key). */
  positionKey: string;
  position: AnalyzerPosition | { reason: string };
  engine: AnalyzerEngine;
}) {
  const services = useServices();
  const { showEquityLoss } = usePreferences();
  const [auto, setAuto] = useState(readAuto);
  const [results, setResults] = useState<ReadonlyMap<string, Result>>(new Map());
  const autoId = useId();
  const result = results.get(positionKey);
  const runnable = !('reason' in position);

  const run = () => {
    if (!runnable || results.get(positionKey)?.status === 'running') return;
    const key = positionKey;
    const set = (r: Result) => setResults((m) => new Map(m).set(key, r));
    set({ status: 'running' });
    graphUrlFor(services, lexicon)
      .then((url) => engine.analyze(url, position))
      .then(
        (moves) => set({ status: 'done', moves }),
        (err: unknown) =>
          set({ status: 'error', message: err instanceof Error ? err.message : String(err) }),
      );
  };

  useEffect(() => {
    if (auto && runnable && !result) run();
  });

  return (
    <section className="analyzer" aria-labelledby="analyzer-title">
      <div className="panel-head">
        <h2 id="analyzer-title" className="panel-title">
          Analyzer
        </h2>
        <span className="analyzer-auto">
          <input
            id={autoId}
            type="checkbox"
            checked={auto}
            onChange={(e) => {
              setAuto(e.target.checked);
              try {
                localStorage.setItem(AUTO_KEY, String(e.target.checked));
              } catch {
                // Not remembered; it still applies on this page.
              }
            }}
          />
          <label htmlFor={autoId}>Auto</label>
        </span>
        {!auto && runnable && (
          <button type="button" className="button-secondary button-small" onClick={run}>
            Evaluate
          </button>
        )}
      </div>
      {'reason' in position ? (
        <p className="muted">{position.reason}</p>
      ) : !result ? (
        <p className="muted">Press Evaluate to see the best moves here.</p>
      ) : result.status === 'running' ? (
        <p className="muted" role="status">
          Thinking…
        </p>
      ) : result.status === 'error' ? (
        <p className="analyzer-error">{result.message}</p>
      ) : (
        <MoveTable
          moves={result.moves}
          board={board}
          lexicon={lexicon}
          equityLoss={showEquityLoss}
        />
      )}
    </section>
  );
}

function MoveTable({
  moves,
  board,
  lexicon,
  equityLoss,
}: {
  moves: readonly AnalyzerMove[];
  board: { squares: Uint8Array; set: LetterSet; dim: number };
  lexicon: string;
  /** The secret equity loss setting: equities relative to the best valid move. */
  equityLoss: boolean;
}) {
  if (moves.length === 0) return <p className="muted">No moves found.</p>;
  const best = Math.max(...moves.filter((m) => m.valid).map((m) => m.equity));
  const equityText = (e: number) =>
    equityLoss && Number.isFinite(best) ? (e - best).toFixed(1) : e.toFixed(1);
  return (
    <div className="analyzer-scroll">
      <table className="analyzer-table">
        <thead>
          <tr>
            <th scope="col">Coordinates</th>
            <th scope="col">Move</th>
            <th scope="col">Score</th>
            <th scope="col">Leave</th>
            <th scope="col">{equityLoss ? 'Equity loss' : 'Equity'}</th>
          </tr>
        </thead>
        <tbody>
          {moves.map((m) => (
            <tr
              key={m.jsonKey}
              className={`${m.chosen ? 'move-chosen' : ''}${m.valid ? '' : ' move-invalid'}`}
            >
              <td>{m.isExchange ? 'Exch.' : m.coordinates || '–'}</td>
              <td>
                {m.isExchange ? (
                  m.tiles
                ) : m.coordinates ? (
                  <AnalyzerWord
                    lexicon={lexicon}
                    word={m.tiles}
                    through={throughLetters(m, board.squares, board.set, board.dim)}
                  />
                ) : (
                  m.displayMove
                )}
                {m.chosen && (
                  <span className="move-tag" title="The move made in the game">
                    ✓
                  </span>
                )}
                {!m.valid && (
                  <span className="move-tag move-tag-bad">
                    phony{m.invalid_words.length ? `: ${m.invalid_words.join(', ')}` : ''}
                  </span>
                )}
              </td>
              <td>{m.score}</td>
              <td>{m.leave}</td>
              <td>{equityText(m.equity)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A move's main word, its definition shown on hover (played-through letters filled in). */
function AnalyzerWord({
  lexicon,
  word,
  through,
}: {
  lexicon: string;
  word: string;
  through: readonly string[];
}) {
  let k = 0;
  const whole = [...word].map((ch) => (ch === '.' ? (through[k++] ?? '') : ch)).join('');
  return (
    <DefinedWord lexicon={lexicon} words={[whole]}>
      <WordText word={word} through={through} />
    </DefinedWord>
  );
}
