import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { countToTurn, turnToCount } from './examine.ts';

/**
 * Examine mode lives in the URL: `?turn=n` opens it at turn n and follows
 * every step (docs/product/gameplay.md §2); leaving it drops the parameter. The
 * mode is only available when `allowed` (observers, and players once the
 * game is over).
 */
export function useExamine(total: number, allowed: boolean) {
  const [params, setParams] = useSearchParams();
  const raw = params.get('turn');
  const turn = raw === null ? NaN : Number(raw);
  const count = allowed && raw !== null && Number.isFinite(turn) ? turnToCount(turn, total) : null;

  const go = useCallback(
    (n: number) =>
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          next.set('turn', String(countToTurn(Math.min(total, Math.max(0, n)))));
          return next;
        },
        { replace: true },
      ),
    [setParams, total],
  );

  const exit = useCallback(
    () =>
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          next.delete('turn');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  return { count, go, exit };
}
