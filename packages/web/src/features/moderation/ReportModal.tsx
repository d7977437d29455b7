import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useServices } from '../../app/services.tsx';
import { errorText } from '../../rpc/errors.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Modal } from '../../ui/Modal.tsx';
import type { ModeratedUser } from './ModerateModal.tsx';
import type { ChatLineRef } from './chat-line-ref.ts';

export const MAX_REASON = 500;

/** A player reports another player, or one of their chat lines, to the moderators. */
export function ReportModal({
  user,
  line,
  onClose,
}: {
  user: ModeratedUser;
  line?: ChatLineRef;
  onClose: () => void;
}) {
  const { api, notifications } = useServices();
  const [reason, setReason] = useState('');
  const report = useMutation({
    mutationFn: () =>
      api.moderation.reportUser({
        userId: user.uuid,
        channel: line?.channel ?? '',
        messageId: line?.id ?? '',
        reason: reason.trim(),
        gameId: /^chat\.game(?:tv)?\.(.+)$/.exec(line?.channel ?? '')?.[1] ?? '',
      }),
    onSuccess: () => {
      notifications.show('success', 'Thank you: the moderators will look at your report.');
      onClose();
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    report.mutate();
  };
  return (
    <Modal title={`Report ${user.username}`} onClose={onClose}>
      <form onSubmit={submit} className="mod-form">
        {line && <blockquote className="mod-note">{line.message}</blockquote>}
        <label htmlFor="report-reason">What happened? (optional)</label>
        <textarea
          id="report-reason"
          rows={4}
          maxLength={MAX_REASON}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
        {report.isError && <Alert kind="error">{errorText(report.error)}</Alert>}
        <div className="modal-actions">
          <button type="button" className="button secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button primary" disabled={report.isPending}>
            Send report
          </button>
        </div>
      </form>
    </Modal>
  );
}
