import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useServices, useSession } from '../../app/services.tsx';
import { errorText } from '../../rpc/errors.ts';
import { TextField } from '../../ui/Field.tsx';
import { SelectField, SwitchField } from '../../ui/FormControls.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { collectionKey } from './chapters.ts';

/** The modal fetches this many of the user's collections (docs/product/community.md §9). */
export const MODAL_COLLECTIONS = 50;
const NEW = '__new__';

/**
 * Adds a finished or annotated game to one of the user's collections, or to
 * a new one (docs/product/community.md §5 "Collections", §8).
 */
export function AddToCollectionModal({ gameId, onClose }: { gameId: string; onClose: () => void }) {
  const { api, notifications } = useServices();
  const session = useSession();
  const queries = useQueryClient();
  const mine = useQuery({
    queryKey: ['collections', 'mine', session.userId],
    queryFn: () => api.collections.getUserCollections({ limit: MODAL_COLLECTIONS }),
    retry: false,
  });
  useEffect(() => {
    if (mine.error) notifications.show('error', 'Failed to load your collections');
  }, [mine.error, notifications]);
  const [choice, setChoice] = useState('');
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [isPublic, setPublic] = useState(true);
  const [chapterTitle, setChapterTitle] = useState('');
  const [errors, setErrors] = useState<{ choice?: string; title?: string }>({});
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (!choice) return setErrors({ choice: 'Please select a collection' });
    if (choice === NEW && !title.trim())
      return setErrors({ title: 'Please enter a title for the new collection' });
    setErrors({});
    setBusy(true);
    try {
      let uuid = choice;
      if (choice === NEW) {
        uuid = (
          await api.collections.createCollection({
            title,
            description,
            public: isPublic,
          })
        ).collectionUuid;
        notifications.show('success', 'Collection created successfully');
      }
      await api.collections.addGameToCollection({ collectionUuid: uuid, gameId, chapterTitle });
      notifications.show('success', 'Game added to collection');
      void queries.invalidateQueries({ queryKey: ['collections'] });
      void queries.invalidateQueries({ queryKey: collectionKey(uuid) });
      onClose();
    } catch (e) {
      notifications.show('error', `Failed to add game to collection: ${errorText(e)}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal title="Add to Collection" onClose={onClose}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <SelectField
          label="Collection"
          value={choice}
          error={errors.choice}
          onChange={(e) => setChoice(e.target.value)}
        >
          <option value="">{mine.isLoading ? 'Loading…' : 'Choose a collection'}</option>
          {mine.data?.collections.map((c) => (
            <option key={c.uuid} value={c.uuid}>
              {c.title} ({c.gameCount})
            </option>
          ))}
          <option value={NEW}>+ New collection</option>
        </SelectField>
        {choice === NEW && (
          <>
            <TextField
              label="Title"
              value={title}
              maxLength={100}
              error={errors.title}
              onChange={(e) => setTitle(e.target.value)}
            />
            <TextField
              label="Description (optional)"
              value={description}
              maxLength={500}
              onChange={(e) => setDescription(e.target.value)}
            />
            <SwitchField label="Public" checked={isPublic} onChange={setPublic} />
          </>
        )}
        <TextField
          label="Chapter title (optional)"
          value={chapterTitle}
          maxLength={100}
          onChange={(e) => setChapterTitle(e.target.value)}
        />
        <div className="modal-actions">
          <button type="submit" className="button-primary" disabled={busy}>
            Add
          </button>
          <button type="button" className="button-secondary" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Modal>
  );
}
