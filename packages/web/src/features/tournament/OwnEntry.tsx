import { useState } from 'react';
import { useServices } from '../../app/services.tsx';
import type { Division } from './model.ts';
import { stateKey } from './queries.ts';
import { useAction } from './use-action.ts';

/**
 * A player's own entry before the start (issue 36, item 19): move to
 * another division, or withdraw (a second click confirms). The server
 * refuses both once the tournament has started; the director sees the change
 * in the entrants list and the log.
 */
export function OwnEntry({
  id,
  mine,
  divisions,
  word,
}: {
  id: string;
  mine: Division;
  divisions: readonly Division[];
  word: string;
}) {
  const { api } = useServices();
  const { run, busy } = useAction([stateKey(id)]);
  const others = divisions.filter((d) => d.id !== mine.id);
  const [to, setTo] = useState('');
  const [withdrawing, setWithdrawing] = useState(false);
  const target = to || others[0]?.id || '';
  return (
    <div className="tourney-prompt own-entry">
      {others.length > 0 && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void run(
              () => api.tournament.changeMyDivision({ id, division: target }),
              `You now play in division ${target}.`,
            );
          }}
        >
          <label>
            <span>Move to division</span>
            <select value={target} onChange={(e) => setTo(e.target.value)}>
              {others.map((d) => (
                <option key={d.id}>{d.id}</option>
              ))}
            </select>
          </label>
          <button type="submit" className="button-secondary" disabled={busy}>
            Change division
          </button>
        </form>
      )}
      {withdrawing ? (
        <span className="confirm-text">
          Withdraw from this {word}?{' '}
          <button
            type="button"
            className="button-danger"
            disabled={busy}
            onClick={() =>
              void run(
                () => api.tournament.register({ id, division: mine.id, register: false }),
                `You have withdrawn from this ${word}.`,
              )
            }
          >
            Confirm withdrawal
          </button>{' '}
          <button type="button" className="button-secondary" onClick={() => setWithdrawing(false)}>
            Keep my entry
          </button>
        </span>
      ) : (
        <button type="button" className="button-secondary" onClick={() => setWithdrawing(true)}>
          Withdraw
        </button>
      )}
    </div>
  );
}
