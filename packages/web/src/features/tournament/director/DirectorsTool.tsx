import { useState } from 'react';
import { useServices } from '../../../app/services.tsx';
import { TextField } from '../../../ui/Field.tsx';
import { SwitchField } from '../../../ui/FormControls.tsx';
import { SUCCESS } from '../messages.ts';
import { READ_ONLY_SUFFIX } from '../model.ts';
import { METADATA_KEY } from '../queries.ts';
import { useAction } from '../use-action.ts';
import { Actions, ToolForm } from './fields.tsx';
import type { ToolProps } from './tool-props.ts';

/** A read-only director is added with rating -1 (docs/product/tournaments.md §6). */
export const READ_ONLY_RATING = -1;

/** Manage Directors: add (full or read-only) and remove; the executive director stays. */
export function DirectorsTool({ meta, directors }: ToolProps) {
  const { api } = useServices();
  const { run, busy } = useAction([METADATA_KEY]);
  const [username, setUsername] = useState('');
  const [readOnly, setReadOnly] = useState(false);
  const [error, setError] = useState<string>();
  return (
    <div className="directors-tool">
      <ul>
        {directors.list.map((d) => (
          <li key={d.userId}>
            {d.username}
            {d.readOnly && <span className="muted">{READ_ONLY_SUFFIX}</span>}
            {d.userId === directors.executive && <span className="muted"> (executive)</span>}
            {d.userId !== directors.executive && ' '}
            {d.userId !== directors.executive && (
              <button
                type="button"
                className="link-button"
                aria-label={`Remove director ${d.username}`}
                disabled={busy}
                onClick={() =>
                  void run(
                    () =>
                      api.tournament.removeDirectors({
                        id: meta.id,
                        persons: [{ id: `${d.userId}:${d.username}` }],
                      }),
                    SUCCESS.directorRemoved,
                  )
                }
              >
                Remove
              </button>
            )}
          </li>
        ))}
      </ul>
      <ToolForm
        noValidate
        onSubmit={async () => {
          const name = username.trim();
          setError(name ? undefined : 'Username is required.');
          if (!name) return;
          const ok = await run(
            () =>
              api.tournament.addDirectors({
                id: meta.id,
                persons: [{ id: name, rating: readOnly ? READ_ONLY_RATING : 0 }],
              }),
            SUCCESS.directorAdded,
          );
          if (ok) setUsername('');
        }}
      >
        <TextField
          label="Director username"
          value={username}
          error={error}
          onChange={(e) => setUsername(e.target.value)}
        />
        <SwitchField label="Read-only" checked={readOnly} onChange={setReadOnly} />
        <Actions busy={busy} label="Add director" />
      </ToolForm>
    </div>
  );
}
