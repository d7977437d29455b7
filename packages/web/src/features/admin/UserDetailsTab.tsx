import { useMutation } from '@tanstack/react-query';
import type { UserDetails } from '@tessera/protocol';
import { useState } from 'react';
import { useServices } from '../../app/services.tsx';
import { errorText } from '../../rpc/errors.ts';
import { Alert } from '../../ui/Alert.tsx';
import { TextField } from '../../ui/Field.tsx';
import { RadioGroup } from '../../ui/FormControls.tsx';

type SearchBy = 'username' | 'email';

/**
 * See User Details (docs/product/community.md §2.6): one account by username,
 * or every account whose e-mail contains what was typed; each shows username,
 * e-mail, joined date, birth date and UUID (AdminService).
 */
export function UserDetailsTab() {
  const { api } = useServices();
  const [by, setBy] = useState<SearchBy>('username');
  const [text, setText] = useState('');
  const search = useMutation({
    mutationFn: async (): Promise<UserDetails[]> =>
      by === 'username'
        ? [(await api.admin.getUserDetails({ username: text.trim() })).user!]
        : (await api.admin.searchEmail({ partialEmail: text.trim() })).users,
  });
  const found = search.data;

  return (
    <div className="admin-stack">
      <form
        className="card admin-form"
        aria-labelledby="user-details-title"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          search.mutate();
        }}
      >
        <h2 id="user-details-title" className="card-title">
          Find a user
        </h2>
        <RadioGroup
          legend="Search by"
          name="user-search"
          value={by}
          options={[
            { value: 'username', label: 'Username' },
            { value: 'email', label: 'Part of the e-mail' },
          ]}
          onChange={(v) => {
            setBy(v);
            search.reset();
          }}
        />
        <TextField
          label={by === 'username' ? 'Username' : 'E-mail contains'}
          value={text}
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => setText(e.target.value)}
        />
        <div className="admin-row-actions">
          <button type="submit" className="button-primary" disabled={search.isPending}>
            Search
          </button>
        </div>
        {search.isError && <Alert kind="error">Error: {errorText(search.error)}</Alert>}
      </form>
      {found && (
        <section className="card admin-form" aria-labelledby="user-details-found">
          <h2 id="user-details-found" className="card-title">
            {found.length === 1 ? '1 user' : `${found.length} users`}
          </h2>
          {found.length === 0 ? (
            <p className="muted">No account has an e-mail address containing that.</p>
          ) : (
            <div className="admin-table-wrap">
              <table className="admin-table">
                <thead>
                  <tr>
                    <th scope="col">Username</th>
                    <th scope="col">E-mail</th>
                    <th scope="col">Joined</th>
                    <th scope="col">Birth date</th>
                    <th scope="col">UUID</th>
                  </tr>
                </thead>
                <tbody>
                  {found.map((u) => (
                    <tr key={u.uuid}>
                      <td data-label="Username">{u.username}</td>
                      <td data-label="E-mail">{u.email}</td>
                      <td data-label="Joined">{joined(u.created)}</td>
                      <td data-label="Birth date">{u.birthDate || '—'}</td>
                      <td data-label="UUID" className="admin-uuid">
                        {u.uuid}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      )}
    </div>
  );
}

/** The joined instant as a date and time in the viewer's zone. */
function joined(iso: string): string {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? iso : new Date(t).toLocaleString();
}
