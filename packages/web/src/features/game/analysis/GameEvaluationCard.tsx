import type { GameEvaluation, PlayerEvaluation } from '@tessera/engine/ai';
import { useState } from 'react';
import { useServices } from '../../../app/services.tsx';
import type { AnalyzerEngine } from './analyzer-client.ts';
import { graphUrlFor } from './graph-url.ts';

type State =
  | { status: 'idle' }
  | { status: 'running' }
  | { status: 'done'; evaluation: GameEvaluation }
  | { status: 'error'; message: string };

/** The figures of a player's column, as labelled rows. */
const ROWS: [label: string, value: (p: PlayerEvaluation) => string][] = [
  ['Moves evaluated', (p) => String(p.turns)],
  ['Equity loss', (p) => p.equityLoss.toFixed(1)],
  ['Per move', (p) => p.averageEquityLoss.toFixed(1)],
  ['Win % loss', (p) => p.winPctLoss.toFixed(1)],
  ['Missed bingos', (p) => String(p.missedBingos)],
  ['Star plays found', (p) => String(p.starPlays)],
  ['Star plays missed', (p) => String(p.missedStarPlays)],
];

/**
 * A bot's evaluation of the finished game (docs/product/gameplay.md §3 "bot evaluation"): for
 * each player, how much equity and win percentage their moves gave up
 * against the analyzer's best, the bingos they missed and the star plays
 * they found or missed. Run on request in the analyzer's Web Worker.
 */
export function GameEvaluationCard({
  lexicon,
  gcg,
  engine,
}: {
  lexicon: string;
  /** The game's GCG record (null when it cannot be written). */
  gcg: () => string | null;
  engine: AnalyzerEngine;
}) {
  const services = useServices();
  const [state, setState] = useState<State>({ status: 'idle' });

  const run = () => {
    const record = gcg();
    if (record === null) {
      setState({ status: 'error', message: 'This game cannot be evaluated.' });
      return;
    }
    setState({ status: 'running' });
    graphUrlFor(services, lexicon)
      .then((url) => engine.evaluate(url, record, lexicon))
      .then(
        (evaluation) => setState({ status: 'done', evaluation }),
        (err: unknown) =>
          setState({ status: 'error', message: err instanceof Error ? err.message : String(err) }),
      );
  };

  return (
    <section className="analyzer game-evaluation" aria-labelledby="evaluation-title">
      <div className="panel-head">
        <h2 id="evaluation-title" className="panel-title">
          Bot evaluation
        </h2>
        {state.status !== 'running' && state.status !== 'done' && (
          <button type="button" className="button-secondary button-small" onClick={run}>
            Evaluate game
          </button>
        )}
      </div>
      {state.status === 'idle' ? (
        <p className="muted">Every move set against the best one the bot finds.</p>
      ) : state.status === 'running' ? (
        <p className="muted" role="status">
          Evaluating…
        </p>
      ) : state.status === 'error' ? (
        <p className="analyzer-error">{state.message}</p>
      ) : (
        <table className="evaluation-table">
          <thead>
            <tr>
              <th scope="col">
                <span className="visually-hidden">Figure</span>
              </th>
              {state.evaluation.players.map((p) => (
                <th scope="col" key={p.player} title={p.nickname}>
                  {p.nickname}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {ROWS.map(([label, value]) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                {state.evaluation.players.map((p) => (
                  <td key={p.player}>{value(p)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
