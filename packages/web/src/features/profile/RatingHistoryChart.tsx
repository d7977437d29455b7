import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { useServices } from '../../app/services.tsx';
import { keyLabel, ratingHistoryQuery } from './profile-data.ts';

const DAY_S = 86_400;

/**
 * A player's rating after each rated game under one key, drawn by uPlot as
 * the puzzle rating chart is (decision 0094); the text alternative says where
 * the rating started and ended.
 */
export function RatingHistoryChart({
  username,
  ratingKey,
}: {
  username: string;
  ratingKey: string;
}) {
  const { api } = useServices();
  const history = useQuery(ratingHistoryQuery(api, username, ratingKey));
  const box = useRef<HTMLDivElement>(null);
  const points = history.data?.points ?? [];
  const xs = points.map((p) => Number(p.at) / 1000);
  const ys = points.map((p) => Math.round(p.rating));
  const key = `${xs.join(',')}:${ys.join(',')}`;
  useEffect(() => {
    const el = box.current;
    if (!el || xs.length === 0) return;
    const width = Math.max(240, Math.min(480, el.clientWidth || 320));
    const plot = new uPlot(
      {
        width,
        height: 160,
        scales: {
          x: {
            time: true,
            range: (_u, min, max) => (min === max ? [min - DAY_S, max + DAY_S] : [min, max]),
          },
        },
        legend: { show: false },
        series: [
          {},
          {
            label: `${keyLabel(ratingKey)} rating`,
            stroke: '#3b6fd8',
            width: 2,
            points: { show: true, size: 6 },
          },
        ],
      },
      [xs, ys],
      el,
    );
    return () => plot.destroy();
    // The key stands for the data; the arrays are new on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  if (history.isPending) return null;
  if (xs.length === 0) return <p className="muted">No rated games yet.</p>;
  return (
    <div
      ref={box}
      className="profile-chart"
      role="img"
      data-points={xs.length}
      aria-label={`Rating from ${ys[0]} to ${ys[ys.length - 1]} over ${ys.length} rated games`}
    />
  );
}
