import { Modal } from '../../../ui/Modal.tsx';

/** The confirmations of docs/product/gameplay.md §5 "Turn rules": a question, Yes and No. */
export const CONFIRM_TEXTS = {
  pass: 'Are you sure you wish to pass?',
  challenge: 'Are you sure you wish to challenge?',
  resign: 'Are you sure you wish to resign? If this is a rated game, your rating may be affected.',
  cancel: 'Ask your opponent to cancel this game? Rating and statistics will not be affected.',
} as const;

export function ConfirmModal({
  title,
  text,
  onConfirm,
  onClose,
}: {
  title: string;
  text: string;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal title={title} onClose={onClose}>
      <p>{text}</p>
      <div className="modal-actions">
        <button
          type="button"
          className="button-primary"
          onClick={() => {
            onClose();
            onConfirm();
          }}
        >
          Yes
        </button>
        <button type="button" className="button-secondary" onClick={onClose}>
          No
        </button>
      </div>
    </Modal>
  );
}
