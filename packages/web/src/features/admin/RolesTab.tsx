import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useServices } from '../../app/services.tsx';
import { errorText } from '../../rpc/errors.ts';
import { Alert } from '../../ui/Alert.tsx';
import { SelectField } from '../../ui/FormControls.tsx';
import { Loading } from '../../ui/Loading.tsx';
import { UsernameField } from './UsernameField.tsx';
import { AddRemoveButtons } from './AddRemoveButtons.tsx';

/** Users per page of the users-with-roles table (docs/product/community.md §2.6). */
export const ROLE_TABLE_PAGE = 20;

const ROLES_KEY = ['authorization', 'getUsersWithRoles'] as const;

/**
 * User Permissions and Roles (docs/product/community.md §2.6): pick a user and
 * a role to add or remove it; the users holding roles, 20 a page; and every
 * role with its permissions as tags.
 */
export function RolesTab() {
  return (
    <div className="admin-stack">
      <RoleForm />
      <UsersWithRoles />
      <RoleList />
    </div>
  );
}

function useRoleMetadata() {
  const { api } = useServices();
  return useQuery({
    queryKey: ['authorization', 'getRoleMetadata'],
    queryFn: () => api.authorization.getRoleMetadata({}),
    staleTime: Infinity,
  });
}

function RoleForm() {
  const { api } = useServices();
  const queries = useQueryClient();
  const roles = useRoleMetadata().data?.rolesWithPermissions ?? [];
  const [username, setUsername] = useState('');
  const [role, setRole] = useState('');
  const [outcome, setOutcome] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const change = useMutation({
    mutationFn: async (add: boolean) => {
      const req = { username: username.trim(), roleName: role };
      if (add) await api.authorization.addRole(req);
      else await api.authorization.removeRole(req);
    },
    onSuccess: (_r, add) => {
      setOutcome({
        kind: 'success',
        text: add
          ? `${username.trim()} now has the role ${role}.`
          : `${username.trim()} no longer has the role ${role}.`,
      });
      void queries.invalidateQueries({ queryKey: ROLES_KEY });
      // The tags next to names come from the administrator and moderator list.
      void queries.invalidateQueries({ queryKey: ['authorization', 'getModList'] });
    },
    onError: (err, add) =>
      setOutcome({
        kind: 'error',
        text: `${add ? 'Error adding role' : 'Error removing role'}: ${errorText(err)}`,
      }),
  });
  const ready = username.trim() !== '' && role !== '';

  return (
    <form
      className="card admin-form"
      aria-labelledby="role-form-title"
      noValidate
      onSubmit={(e) => e.preventDefault()}
    >
      <h2 id="role-form-title" className="card-title">
        Add or remove a role
      </h2>
      <div className="admin-pick">
        <UsernameField
          value={username}
          onChange={(v) => {
            setUsername(v);
            setOutcome(null);
          }}
        />
        <SelectField
          label="Role"
          value={role}
          onChange={(e) => {
            setRole(e.target.value);
            setOutcome(null);
          }}
        >
          <option value="">Choose a role</option>
          {roles.map((r) => (
            <option key={r.roleName} value={r.roleName}>
              {r.roleName}
            </option>
          ))}
        </SelectField>
      </div>
      {ready && (
        <AddRemoveButtons
          what="role"
          pending={change.isPending}
          onChange={(add) => change.mutate(add)}
        />
      )}
      {outcome && <Alert kind={outcome.kind}>{outcome.text}</Alert>}
    </form>
  );
}

/** Rows of one user and one role, as a table row per user with the roles joined by comma. */
export function groupByUser(
  rows: readonly { username: string; roleName: string }[],
): { username: string; roles: string }[] {
  const out = new Map<string, string[]>();
  for (const r of rows) out.set(r.username, [...(out.get(r.username) ?? []), r.roleName]);
  return [...out]
    .sort(([a], [b]) => a.localeCompare(b, 'en', { sensitivity: 'base' }) || a.localeCompare(b))
    .map(([username, roles]) => ({ username, roles: roles.join(', ') }));
}

function UsersWithRoles() {
  const { api } = useServices();
  const [page, setPage] = useState(0);
  const { data, isError, error } = useQuery({
    queryKey: [...ROLES_KEY, page],
    queryFn: () =>
      api.authorization.getUsersWithRoles({
        limit: ROLE_TABLE_PAGE,
        offset: page * ROLE_TABLE_PAGE,
      }),
    placeholderData: keepPreviousData,
  });
  const pages = Math.max(1, Math.ceil((data?.total ?? 0) / ROLE_TABLE_PAGE));
  const rows = groupByUser(data?.userAndRoleObjs ?? []);

  return (
    <section className="card admin-form" aria-labelledby="users-with-roles-title">
      <h2 id="users-with-roles-title" className="card-title">
        Users with roles
      </h2>
      {isError ? (
        <Alert kind="error">Error: {errorText(error)}</Alert>
      ) : !data ? (
        <Loading />
      ) : rows.length === 0 ? (
        <p className="muted">Nobody holds a role.</p>
      ) : (
        <>
          <div className="admin-table-wrap">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">Username</th>
                  <th scope="col">Roles</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.username}>
                    <td data-label="Username">{r.username}</td>
                    <td data-label="Roles">{r.roles}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {pages > 1 && (
            <nav className="admin-row-actions" aria-label="Users with roles pages">
              <button
                type="button"
                className="button-secondary"
                disabled={page === 0}
                onClick={() => setPage(page - 1)}
              >
                Previous
              </button>
              <span>
                Page {page + 1} of {pages}
              </span>
              <button
                type="button"
                className="button-secondary"
                disabled={page + 1 >= pages}
                onClick={() => setPage(page + 1)}
              >
                Next
              </button>
            </nav>
          )}
        </>
      )}
    </section>
  );
}

function RoleList() {
  const { data, isError, error } = useRoleMetadata();
  return (
    <section className="card admin-form" aria-labelledby="role-list-title">
      <h2 id="role-list-title" className="card-title">
        Roles and their permissions
      </h2>
      {isError ? (
        <Alert kind="error">Error: {errorText(error)}</Alert>
      ) : !data ? (
        <Loading />
      ) : (
        <dl className="admin-roles">
          {data.rolesWithPermissions.map((r) => (
            <div key={r.roleName}>
              <dt>{r.roleName}</dt>
              <dd>
                <ul className="tag-list" aria-label={`Permissions of ${r.roleName}`}>
                  {r.permissions.map((p) => (
                    <li key={p} className="tag">
                      {p}
                    </li>
                  ))}
                </ul>
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
