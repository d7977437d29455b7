import type { PuzzleRatingPoint } from '@tessera/protocol';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

const DAY_S = 86_400;

/** The points of one lexicon as the chart wants them: seconds since the epoch, and ratings. */
export function chartSeries(
  points: readonly PuzzleRatingPoint[],
  lexicon: string,
): [number[], number[]] {
  const xs: number[] = [];
  const ys: number[] = [];
  for (const p of points) {
    if (p.lexicon !== lexicon) continue;
    const t = Date.parse(p.at);
    if (Number.isNaN(t)) continue;
    xs.push(t / 1000);
    ys.push(p.rating);
  }
  return [xs, ys];
}

/**
 * The user's puzzle rating over time in one lexicon, drawn by uPlot
 * (docs/decisions/0094-puzzle-web.md). The figure's text alternative says
 * where the rating started and ended.
 */
export function RatingChart({
  points,
  lexicon,
}: {
  points: readonly PuzzleRatingPoint[];
  lexicon: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [xs, ys] = chartSeries(points, lexicon);
  const key = `${lexicon}:${xs.join(',')}:${ys.join(',')}`;
  useEffect(() => {
    const el = box.current;
    if (!el || xs.length === 0) return;
    const width = Math.max(280, Math.min(720, el.clientWidth || 600));
    const plot = new uPlot(
      {
        width,
        height: 220,
        scales: {
          // One point alone would stretch the axis over years: show a day either side.
          x: {
            time: true,
            range: (_u, min, max) => (min === max ? [min - DAY_S, max + DAY_S] : [min, max]),
          },
        },
        legend: { show: false },
        series: [{}, { label: `${lexicon} puzzle rating`, stroke: '#3b6fd8', width: 2 }],
      },
      [xs, ys],
      el,
    );
    return () => plot.destroy();
    // The key stands for the data; the arrays are new on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  if (xs.length === 0) return <p className="muted">No rated puzzles in {lexicon} yet.</p>;
  return (
    <figure className="puzzle-chart-figure">
      <div
        ref={box}
        className="puzzle-chart"
        role="img"
        aria-label={`${lexicon} puzzle rating from ${ys[0]} to ${ys[ys.length - 1]} over ${ys.length} rated puzzles`}
      />
      <figcaption className="muted">Puzzle rating in {lexicon}</figcaption>
    </figure>
  );
}
