import { GameMetaEvent_Type as Meta } from '@tessera/protocol';
import { useEffect, useRef } from 'react';
import { formatClock } from '../state/clock.ts';
import type { GameActions } from '../state/game-actions.ts';
import type { MetaRequestView } from '../../../board/state/game-store.ts';
import { useClockNow } from './use-now.ts';

/**
 * A cancel request or nudge waiting for an answer (docs/product/gameplay.md §4
 * "Game meta events"), with its countdown. The receiver of a cancel
 * request may accept it or keep playing; the receiver of a nudge can only
 * keep playing; the sender may withdraw a cancel request. When the
 * countdown ends the page tells the server (TIMER_EXPIRED), which settles it.
 */
export function MetaBanner({
  meta,
  opponent,
  actions,
}: {
  meta: MetaRequestView;
  opponent: string;
  actions: GameActions;
}) {
  const now = useClockNow(true, (t) => meta.expiresAt - t);
  const left = Math.max(0, meta.expiresAt - now);
  const expired = useRef(false);
  useEffect(() => {
    if (left > 0 || expired.current) return;
    expired.current = true;
    actions.meta(Meta.TIMER_EXPIRED, meta.origEventId);
  }, [left, actions, meta.origEventId]);
  const countdown = <span className="meta-countdown">{formatClock(left)}</span>;
  const answer = (type: Meta) => () => actions.meta(type, meta.origEventId);

  if (meta.kind === 'abort') {
    return (
      <div className="meta-banner" role="alert">
        {meta.fromViewer ? (
          <>
            <span>
              You asked {opponent} to cancel the game. Waiting for an answer… {countdown}
            </span>
            <button
              type="button"
              className="button-secondary button-small"
              onClick={answer(Meta.ABORT_DENIED)}
            >
              Withdraw
            </button>
          </>
        ) : (
          <>
            <span>
              {opponent} wants to cancel this game. Unless you keep playing, it will be cancelled in{' '}
              {countdown}
            </span>
            <button
              type="button"
              className="button-primary button-small"
              onClick={answer(Meta.ABORT_ACCEPTED)}
            >
              Accept
            </button>
            <button
              type="button"
              className="button-secondary button-small"
              onClick={answer(Meta.ABORT_DENIED)}
            >
              Keep playing
            </button>
          </>
        )}
      </div>
    );
  }
  return (
    <div className="meta-banner" role="alert">
      {meta.fromViewer ? (
        <span>
          You nudged {opponent}. If they do not answer, the game ends in your favour in {countdown}
        </span>
      ) : (
        <>
          <span>
            {opponent} nudged you: are you still there? Answer within {countdown} or the game is
            forfeited.
          </span>
          <button
            type="button"
            className="button-primary button-small"
            onClick={answer(Meta.ADJUDICATION_DENIED)}
          >
            Keep playing
          </button>
        </>
      )}
    </div>
  );
}
