import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useServices } from '../../app/services.tsx';
import { errorText } from '../../rpc/errors.ts';
import { announcementsQuery } from '../../rpc/queries.ts';
import { Alert } from '../../ui/Alert.tsx';
import { TextField } from '../../ui/Field.tsx';
import { Loading } from '../../ui/Loading.tsx';
import {
  announcementErrors,
  draftsOf,
  EMPTY_ANNOUNCEMENT,
  hasErrors,
  type AnnouncementDraft,
  type AnnouncementErrors,
} from './announcement-form.ts';

/** At most this many announcements (the server holds the same limit). */
const MAX_ANNOUNCEMENTS = 10;

/**
 * Edit Announcements (docs/product/community.md §2.6): the lobby's list of
 * announcements, each with a title, a link and a body, all three required.
 * The whole list is saved at once (ConfigService.SetAnnouncements).
 */
export function AnnouncementsTab() {
  const { api } = useServices();
  const { data, isError } = useQuery(announcementsQuery(api));
  if (!data)
    return isError ? (
      <Alert kind="error">The announcements could not be loaded.</Alert>
    ) : (
      <Loading />
    );
  return <AnnouncementsEditor initial={draftsOf(data.announcements)} />;
}

function AnnouncementsEditor({ initial }: { initial: AnnouncementDraft[] }) {
  const { api } = useServices();
  const queries = useQueryClient();
  const [list, setList] = useState(initial);
  const [errors, setErrors] = useState<AnnouncementErrors[]>([]);
  const [failure, setFailure] = useState('');
  const [saved, setSaved] = useState(false);
  const save = useMutation({
    mutationFn: () => api.config.setAnnouncements({ announcements: list }),
    onSuccess: () => {
      setSaved(true);
      void queries.invalidateQueries({ queryKey: announcementsQuery(api).queryKey });
    },
    onError: (err) => setFailure(errorText(err)),
  });
  const edit = (i: number, patch: Partial<AnnouncementDraft>) => {
    setSaved(false);
    setList(list.map((a, j) => (j === i ? { ...a, ...patch } : a)));
  };
  const move = (i: number, by: -1 | 1) => {
    const next = [...list];
    [next[i], next[i + by]] = [next[i + by], next[i]];
    setSaved(false);
    setList(next);
  };

  return (
    <form
      className="card admin-form"
      aria-labelledby="announcements-editor-title"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const found = announcementErrors(list);
        setErrors(found);
        setFailure('');
        setSaved(false);
        if (!hasErrors(found)) save.mutate();
      }}
    >
      <h2 id="announcements-editor-title" className="card-title">
        Announcements
      </h2>
      {failure && <Alert kind="error">{failure}</Alert>}
      {saved && <Alert kind="success">Announcements saved.</Alert>}
      {list.length === 0 && <p className="muted">No announcements: the lobby shows none.</p>}
      <ol className="admin-announcements">
        {list.map((a, i) => (
          <li key={i}>
            <fieldset>
              <legend>Announcement {i + 1}</legend>
              <TextField
                label="Title"
                value={a.title}
                maxLength={100}
                error={errors[i]?.title}
                onChange={(e) => edit(i, { title: e.target.value })}
              />
              <TextField
                label="Link"
                value={a.link}
                maxLength={300}
                placeholder="/tournament/spring or https://…"
                error={errors[i]?.link}
                onChange={(e) => edit(i, { link: e.target.value })}
              />
              <BodyField
                value={a.body}
                error={errors[i]?.body}
                onChange={(body) => edit(i, { body })}
              />
              <div className="admin-row-actions">
                <button
                  type="button"
                  className="button-secondary"
                  disabled={i === 0}
                  onClick={() => move(i, -1)}
                >
                  Move up
                </button>
                <button
                  type="button"
                  className="button-secondary"
                  disabled={i === list.length - 1}
                  onClick={() => move(i, 1)}
                >
                  Move down
                </button>
                <button
                  type="button"
                  className="button-danger"
                  onClick={() => {
                    setSaved(false);
                    setErrors(errors.filter((_, j) => j !== i));
                    setList(list.filter((_, j) => j !== i));
                  }}
                >
                  Remove
                </button>
              </div>
            </fieldset>
          </li>
        ))}
      </ol>
      <div className="admin-row-actions">
        <button
          type="button"
          className="button-secondary"
          disabled={list.length >= MAX_ANNOUNCEMENTS}
          onClick={() => setList([...list, { ...EMPTY_ANNOUNCEMENT }])}
        >
          Add announcement
        </button>
        <button type="submit" className="button-primary" disabled={save.isPending}>
          Save announcements
        </button>
      </div>
    </form>
  );
}

function BodyField({
  value,
  error,
  onChange,
}: {
  value: string;
  error?: string;
  onChange: (v: string) => void;
}) {
  const id = useId();
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <label htmlFor={id}>Body</label>
      <textarea
        id={id}
        rows={3}
        maxLength={1000}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {error && (
        <div id={`${id}-error`} className="field-error">
          {error}
        </div>
      )}
    </div>
  );
}
