import { ChallengeRule, MessageType, SoughtGameProcessEventSchema } from '@tessera/protocol';
import { useServices } from '../../app/services.tsx';
import { Alert } from '../../ui/Alert.tsx';
import { Modal } from '../../ui/Modal.tsx';
import {
  challengeRuleLabel,
  challengeRuleNotice,
  NOT_CONNECTED,
  variantLabel,
} from './constants.ts';
import { ratingText, timeClassLabel, timeControlText } from './format.ts';
import type { ProfileRating, SoughtGame } from '../../stores/lobby-store.ts';

export const NO_RATED_GAMES_QUESTION = 'Are you sure you want to play?';

/** Why accepting this seek deserves a second look (docs/product/gameplay.md §5 "Accept-seek warnings"). */
export function acceptWarnings(
  seek: SoughtGame,
  ratings: Readonly<Record<string, ProfileRating>> | null,
): { unrated: boolean; challenge?: string } {
  return {
    unrated: seek.rated && !ratings?.[seek.ratingKey],
    challenge: challengeRuleNotice(seek.challengeRule),
  };
}

export function hasWarnings(w: ReturnType<typeof acceptWarnings>): boolean {
  return w.unrated || !!w.challenge;
}

function useProcess() {
  const { socket, notifications } = useServices();
  return (requestId: string) => {
    if (
      !socket.send(MessageType.SOUGHT_GAME_PROCESS_EVENT, SoughtGameProcessEventSchema, {
        requestId,
      })
    )
      notifications.show('error', NOT_CONNECTED);
  };
}

/** What a game request is: shown in the accept dialog. */
export function SeekSummary({ seek }: { seek: SoughtGame }) {
  return (
    <dl className="seek-summary">
      <dt>Opponent</dt>
      <dd>
        {seek.seeker}{' '}
        {seek.userRating && <span className="rating">{ratingText(seek.userRating)}</span>}
      </dd>
      <dt>Dictionary</dt>
      <dd>{seek.lexicon}</dd>
      <dt>Variant</dt>
      <dd>{variantLabel(seek.variant)}</dd>
      <dt>Time</dt>
      <dd>
        {timeControlText(seek)} <span className="muted">({timeClassLabel(seek)})</span>
      </dd>
      <dt>Challenge rule</dt>
      <dd>{challengeRuleLabel(seek.challengeRule)}</dd>
      <dt>Rating</dt>
      <dd>{seek.rated ? 'Rated' : 'Casual'}</dd>
    </dl>
  );
}

/** Clicking another player's seek (or accepting a match request with warnings). */
export function AcceptSeekDialog({
  seek,
  ratings,
  onClose,
}: {
  seek: SoughtGame;
  ratings: Readonly<Record<string, ProfileRating>> | null;
  onClose: () => void;
}) {
  const process = useProcess();
  const warnings = acceptWarnings(seek, ratings);
  return (
    <Modal title={`Play ${seek.seeker}?`} onClose={onClose}>
      <div className="dialog-body">
        <SeekSummary seek={seek} />
        {warnings.unrated && (
          <Alert kind="warning">
            You have no rated games in this dictionary, variant and time control yet, so your rating
            there is still a guess. {NO_RATED_GAMES_QUESTION}
          </Alert>
        )}
        {warnings.challenge && seek.challengeRule !== ChallengeRule.VOID && (
          <Alert kind="info">
            <strong>{challengeRuleLabel(seek.challengeRule)} challenge.</strong>{' '}
            {warnings.challenge}
          </Alert>
        )}
        <div className="form-actions modal-actions">
          <button type="button" className="button-secondary" onClick={onClose}>
            Cancel
          </button>
          <button
            type="button"
            className="button-primary"
            onClick={() => {
              process(seek.id);
              onClose();
            }}
          >
            Accept
          </button>
        </div>
      </div>
    </Modal>
  );
}

/** One's own seek or match request: cancelled after this confirmation. */
export function CancelSeekDialog({ seek, onClose }: { seek: SoughtGame; onClose: () => void }) {
  const process = useProcess();
  const what = seek.receiverIsPermanent
    ? `your match request to ${seek.receiver}`
    : 'your game request';
  return (
    <Modal title="Cancel your seek?" onClose={onClose}>
      <div className="dialog-body">
        <p>
          Do you want to cancel {what} ({seek.lexicon}, {timeControlText(seek)})?
        </p>
        <div className="form-actions modal-actions">
          <button type="button" className="button-secondary" onClick={onClose}>
            Keep it
          </button>
          <button
            type="button"
            className="button-danger"
            onClick={() => {
              process(seek.id);
              onClose();
            }}
          >
            Cancel seek
          </button>
        </div>
      </div>
    </Modal>
  );
}
