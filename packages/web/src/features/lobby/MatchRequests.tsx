import { useState } from 'react';
import {
  DeclineSeekRequestSchema,
  MessageType,
  SoughtGameProcessEventSchema,
} from '@tessera/protocol';
import { useServices } from '../../app/services.tsx';
import { challengeRuleLabel, NOT_CONNECTED, variantLabel } from './constants.ts';
import { ratingText, timeControlText } from './format.ts';
import type { SoughtGame } from '../../stores/lobby-store.ts';
import { AcceptSeekDialog, acceptWarnings, hasWarnings } from './SeekDialogs.tsx';
import { useLobby } from '../../stores/use-lobby.ts';

/** Direct match requests to this user, each with Accept and Decline. */
export function MatchRequests({ requests }: { requests: readonly SoughtGame[] }) {
  const { socket, notifications } = useServices();
  const { ratings } = useLobby();
  const [confirming, setConfirming] = useState<SoughtGame | null>(null);
  if (requests.length === 0) return null;

  const send = (ok: boolean) => ok || notifications.show('error', NOT_CONNECTED);
  const accept = (r: SoughtGame) => {
    // With something to warn about, the accept dialog asks first.
    if (hasWarnings(acceptWarnings(r, ratings))) setConfirming(r);
    else
      send(
        socket.send(MessageType.SOUGHT_GAME_PROCESS_EVENT, SoughtGameProcessEventSchema, {
          requestId: r.id,
        }),
      );
  };
  const decline = (r: SoughtGame) =>
    send(
      socket.send(MessageType.DECLINE_SEEK_REQUEST, DeclineSeekRequestSchema, { requestId: r.id }),
    );

  return (
    <section className="match-requests" aria-labelledby="match-requests-title">
      <h3 id="match-requests-title" className="list-heading">
        Match requests
      </h3>
      <ul>
        {requests.map((r) => (
          <li key={r.id} className="match-request">
            <div className="match-request-what">
              <strong>{r.seeker}</strong>{' '}
              {r.userRating && <span className="rating">{ratingText(r.userRating)}</span>} wants to
              play you
              <div className="muted">
                {r.lexicon} · {variantLabel(r.variant)} · {timeControlText(r)} ·{' '}
                {r.rated ? 'Rated' : 'Casual'} · {challengeRuleLabel(r.challengeRule)}
              </div>
            </div>
            <div className="match-request-actions">
              <button
                type="button"
                className="button-primary"
                aria-label={`Accept match request from ${r.seeker}`}
                onClick={() => accept(r)}
              >
                Accept
              </button>
              <button
                type="button"
                className="button-secondary"
                aria-label={`Decline match request from ${r.seeker}`}
                onClick={() => decline(r)}
              >
                Decline
              </button>
            </div>
          </li>
        ))}
      </ul>
      {confirming && (
        <AcceptSeekDialog seek={confirming} ratings={ratings} onClose={() => setConfirming(null)} />
      )}
    </section>
  );
}
