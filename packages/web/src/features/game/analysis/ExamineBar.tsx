import { useState } from 'react';
import { Menu, type MenuItem } from '../../../ui/Menu.tsx';
import { countToTurn } from './examine.ts';

/**
 * The examiner's controls (docs/product/gameplay.md §2 "Examiner controls"):
 * Export, first / previous / next / last turn, step to a turn, Done.
 */
export function ExamineBar({
  count,
  total,
  onGo,
  onDone,
  exportItems,
}: {
  count: number;
  total: number;
  onGo: (count: number) => void;
  /** Leaves examine mode; a recorded game's view has nothing else to show and no Done. */
  onDone?: () => void;
  exportItems: MenuItem[];
}) {
  const [turn, setTurn] = useState('');
  const go = (n: number) => onGo(Math.min(total, Math.max(0, n)));
  return (
    <div className="examine-bar" role="toolbar" aria-label="Examine">
      <Menu buttonContent="Export" label="Export" items={exportItems} />
      <button
        type="button"
        className="icon-button"
        aria-label="First turn"
        disabled={count === 0}
        onClick={() => go(0)}
      >
        «
      </button>
      <button
        type="button"
        className="icon-button"
        aria-label="Previous turn"
        disabled={count === 0}
        onClick={() => go(count - 1)}
      >
        ‹
      </button>
      <span className="examine-position" aria-live="polite">
        Turn {countToTurn(count)}/{countToTurn(total)}
      </span>
      <button
        type="button"
        className="icon-button"
        aria-label="Next turn"
        disabled={count >= total}
        onClick={() => go(count + 1)}
      >
        ›
      </button>
      <button
        type="button"
        className="icon-button"
        aria-label="Last turn"
        disabled={count >= total}
        onClick={() => go(total)}
      >
        »
      </button>
      <form
        className="examine-step"
        onSubmit={(e) => {
          e.preventDefault();
          const n = Number(turn);
          if (Number.isFinite(n) && n >= 1) go(n - 1);
          setTurn('');
        }}
      >
        <label>
          <span className="visually-hidden">Go to turn</span>
          <input
            type="number"
            min={1}
            max={countToTurn(total)}
            inputMode="numeric"
            placeholder="Turn"
            value={turn}
            onChange={(e) => setTurn(e.target.value)}
          />
        </label>
        <button type="submit" className="button-secondary button-small">
          Go
        </button>
      </form>
      {onDone && (
        <button type="button" className="button-primary button-small" onClick={onDone}>
          Done
        </button>
      )}
    </div>
  );
}
