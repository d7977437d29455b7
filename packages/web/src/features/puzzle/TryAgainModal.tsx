import { Modal } from '../../ui/Modal.tsx';
import type { WrongAnswer } from './use-puzzle.ts';

export const TRY_AGAIN_TITLE = 'Try again!';

/** docs/product/gameplay.md §8: the wrong-answer text, with the attempts so far. */
export function wrongAnswerText(attempts: number): string {
  return `Sorry, that's not the correct solution. You have made ${attempts} attempt${attempts === 1 ? '' : 's'}.`;
}

/** A wrong answer: how many attempts so far, and the words of it that are not in the lexicon. */
export function TryAgainModal({ wrong, onClose }: { wrong: WrongAnswer; onClose: () => void }) {
  return (
    <Modal title={TRY_AGAIN_TITLE} onClose={onClose}>
      <p>{wrongAnswerText(wrong.attempts)}</p>
      {wrong.invalidWords.length > 0 && (
        <p>
          Invalid words:{' '}
          <span className="puzzle-invalid-words">{wrong.invalidWords.join(', ')}</span>
        </p>
      )}
      <div className="modal-actions">
        <button type="button" className="button-primary" onClick={onClose}>
          OK
        </button>
      </div>
    </Modal>
  );
}
