import { useMutation } from '@tanstack/react-query';
import { ModActionType } from '@tessera/protocol';
import { useState, type ReactNode } from 'react';
import { useServices, useSession } from '../../app/services.tsx';
import { errorText } from '../../rpc/errors.ts';
import type { MenuItem } from '../../ui/Menu.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { ModerateModal, type ModeratedUser } from './ModerateModal.tsx';
import { ReportModal } from './ReportModal.tsx';
import type { ChatLineRef } from './chat-line-ref.ts';

export type { ChatLineRef } from './chat-line-ref.ts';

/** Moderation tools unlock when a permission contains "adm" or "mod" (docs/product/community.md §6). */
export function useCanModerate(): boolean {
  const session = useSession();
  return session.loggedIn && session.perms.some((p) => p.includes('adm') || p.includes('mod'));
}

/** How long "Removed chat" shows (docs/product/community.md §4.9). */
const REMOVED_CHAT_MS = 2000;

/**
 * The moderation entries of a user's context menu (never on oneself: the
 * caller leaves the menu out there): Moderate and, on a chat line, Delete
 * this message for moderators; Report for every signed-in player. Returns
 * the items and the dialogs they open, to be rendered beside the menu.
 */
export function useModerationMenu(
  user: ModeratedUser,
  line?: ChatLineRef,
): { items: MenuItem[]; dialogs: ReactNode } {
  const session = useSession();
  const { api, notifications } = useServices();
  const canModerate = useCanModerate();
  const [open, setOpen] = useState<'moderate' | 'delete' | 'report' | null>(null);
  const remove = useMutation({
    mutationFn: (l: ChatLineRef) =>
      api.moderation.applyActions({
        actions: [
          {
            userId: user.uuid,
            type: ModActionType.REMOVE_CHAT,
            channel: l.channel,
            messageId: l.id,
          },
        ],
      }),
    onSuccess: () => notifications.show('success', 'Removed chat', { ms: REMOVED_CHAT_MS }),
    onError: (err) => notifications.show('error', errorText(err), { title: 'Error' }),
  });
  const items: MenuItem[] = [];
  if (canModerate) {
    items.push({ kind: 'action', label: 'Moderate', onSelect: () => setOpen('moderate') });
    if (line)
      items.push({
        kind: 'action',
        label: 'Delete this message',
        onSelect: () => setOpen('delete'),
      });
  }
  if (session.loggedIn)
    items.push({
      kind: 'action',
      label: line ? 'Report this message' : 'Report',
      onSelect: () => setOpen('report'),
    });
  const close = () => setOpen(null);
  const dialogs = (
    <>
      {open === 'moderate' && <ModerateModal user={user} onClose={close} />}
      {open === 'delete' && line && (
        <Modal title="Delete this message" onClose={close}>
          <p>Do you want to delete this message</p>
          <blockquote className="mod-note">{line.message}</blockquote>
          <div className="modal-actions">
            <button type="button" className="button secondary" onClick={close}>
              No
            </button>
            <button
              type="button"
              className="button primary"
              onClick={() => {
                remove.mutate(line);
                close();
              }}
            >
              Yes
            </button>
          </div>
        </Modal>
      )}
      {open === 'report' && <ReportModal user={user} line={line} onClose={close} />}
    </>
  );
  return { items, dialogs };
}
